/**
 * A router's callback endpoint, as the subscription callback protocol 1.0 describes it, on 127.0.0.1:
 * it records every message and answers like the router would (204 to a good `check`, 404 for an unknown
 * subscription, 400 for a wrong verifier), unless a test answers otherwise.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackMessage {
  kind?: string;
  action?: string;
  id?: string;
  verifier?: string;
  payload?: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

export interface ReceivedMessage {
  readonly message: CallbackMessage;
  readonly headers: IncomingHttpHeaders;
  /** When it arrived (performance.now()). */
  readonly at: number;
}

/** An answer a test chooses for one message; undefined leaves it to the router's own rules. */
export type Answerer = (message: CallbackMessage) => number | undefined;

export interface CallbackReceiver {
  /** Registers a subscription the way a router does before it sends the operation; the callback URL to send. */
  expect(id: string, verifier: string): string;
  /** The messages received for `id`, in order. */
  messagesOf(id: string): ReceivedMessage[];
  /** Every message received, for any id. */
  readonly all: readonly ReceivedMessage[];
  /** The receiver's own base URL (http://127.0.0.1:port). */
  readonly baseUrl: string;
  answerWith(answerer: Answerer | null): void;
  close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const subscriptions = new Map<string, string>();
  const received: ReceivedMessage[] = [];
  let answerer: Answerer | null = null;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let message: CallbackMessage;
      try {
        message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CallbackMessage;
      } catch {
        res.writeHead(400).end();
        return;
      }
      received.push({ message, headers: req.headers, at: performance.now() });
      const status = answerer?.(message) ?? routerAnswer(message);
      if (message.action === 'complete' && status < 300 && message.id) subscriptions.delete(message.id);
      res.writeHead(status, status === 204 ? { 'subscription-protocol': 'callback/1.0' } : {}).end();
    });
  });
  function routerAnswer(message: CallbackMessage): number {
    const verifier = message.id === undefined ? undefined : subscriptions.get(message.id);
    if (verifier === undefined) return 404;
    if (message.kind !== 'subscription' || message.verifier !== verifier) return 400;
    if (message.action === 'check') return 204;
    if (message.action === 'next' || message.action === 'complete') return 200;
    return 400;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    expect(id, verifier) {
      subscriptions.set(id, verifier);
      return `${baseUrl}/callback/${id}`;
    },
    messagesOf: (id) => received.filter((entry) => entry.message.id === id),
    all: received,
    baseUrl,
    answerWith(next) {
      answerer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
