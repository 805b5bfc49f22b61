import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { Logger } from '../logger.js';
import { limitsHit } from '../observability/metrics.js';

/** What graphql-ws hooks see of a connection besides its protocol state. */
export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

export interface SocketBounds {
  /** A message as sent: the text graphql-ws wrote, or a smaller one in its place (an answer over the cap). */
  readonly capMessage: (message: string) => string;
  /**
   * Bytes a socket may hold unsent; past it the client is not reading, and the socket is closed. An
   * answer sent while nothing waits goes out whatever its size.
   */
  readonly maxBufferedBytes: number | null;
  /** Ping a connection this often, and close it when no pong came back before the next ping. */
  readonly keepAliveMs: number;
}

/** Policy violation: the close code for a client that does not read what it asked for. */
const NOT_READING = 1008;

/**
 * graphql-ws over the `ws` sockets of `server`: our own glue of graphql-ws's protocol to the sockets,
 * so that each message is serialised once (by graphql-ws), capped on that text, and written only while
 * the client reads what it is sent. A socket whose unsent output passes `maxBufferedBytes` is closed:
 * the answers of a client that stopped reading are not held in memory.
 */
export function serveGraphqlWs<Params extends Record<string, unknown>>(
  options: ServerOptions<Params, SocketExtra>,
  server: WebSocketServer,
  bounds: SocketBounds,
  logger: Logger,
): { dispose(): Promise<void> } {
  const protocol = makeServer<Params, SocketExtra>(options);
  server.options.handleProtocols = handleProtocols;
  server.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    socket.once('error', (error) => {
      logger.warn({ err: error }, 'a WebSocket failed');
      socket.close(CloseCode.InternalServerError, 'Internal server error');
    });
    const keepAlive = keepConnectionAlive(socket, bounds.keepAliveMs);
    const closed = protocol.opened(
      {
        protocol: socket.protocol,
        send: (message) => send(socket, bounds, message),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data: Buffer) => {
            handle(data.toString('utf8')).catch((error: unknown) => {
              logger.error({ err: error }, 'a graphql-ws message failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => {
      keepAlive.stop();
      void closed(code, reason.toString('utf8'));
    });
  });
  return {
    dispose: async () => {
      for (const client of server.clients) client.close(1001, 'Going away');
      server.removeAllListeners();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function send(socket: WebSocket, bounds: SocketBounds, message: string): Promise<void> {
  if (socket.readyState !== socket.OPEN) return Promise.resolve();
  const text = bounds.capMessage(message);
  const max = bounds.maxBufferedBytes;
  // One answer goes out whatever its size (the answer cap bounds it); more behind unread ones do not.
  if (max !== null && socket.bufferedAmount > 0 && socket.bufferedAmount + text.length > max) {
    limitsHit.inc({ limit: 'socketBuffer' });
    socket.close(NOT_READING, 'The client does not read its answers.');
    return Promise.resolve();
  }
  // Resolved once handed to the socket, not once written: waiting for the write would hold every
  // later message of the connection behind a client that reads slowly.
  socket.send(text, (error) => {
    if (error) socket.terminate();
  });
  return Promise.resolve();
}

/** Pings every `intervalMs`; a connection that did not answer the last ping by the next is cut. */
function keepConnectionAlive(socket: WebSocket, intervalMs: number): { stop(): void } {
  if (!(intervalMs > 0) || !Number.isFinite(intervalMs)) return { stop: () => undefined };
  let answered = true;
  socket.on('pong', () => {
    answered = true;
  });
  const timer = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    if (!answered) {
      socket.terminate();
      return;
    }
    answered = false;
    socket.ping();
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
