/**
 * The request pipeline: route from the catalog, record, apply faults, check client, trackId and
 * token, then answer from the operation's handler, in the upstream's envelopes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_PREFIX, handleAdmin } from './admin.js';
import type { CallLog } from './callLog.js';
import type { ConsentBook } from './consent/book.js';
import { authorize, verifySms, type ConsentEndpointOutcome } from './consent/endpoints.js';
import { isRawReply, type RawReply } from './consent/reply.js';
import { codeForStatus, failure, newTrackId, success, unauthorized, validationError, type Reply } from './envelopes.js';
import type { FaultBook } from './faults.js';
import type { SmsInboxes } from './smsInbox.js';
import type { OperationHandlers } from './handlers/types.js';
import { readBody, recordedBody, type RequestBody } from './requestBody.js';
import { resolveRoute, routeName, type Route } from './routes.js';
import { handleRevokeRequest, handleTokenRequest, isClientAuthorization, type TokenStore } from './tokens.js';
import { bodyFacts, isWellFormedTrackId, type TrackIdRegistry, type TrackIdVerdict } from './trackIds.js';
import type { FaultRule, RecordedCall, SandboxSettings } from './types.js';
import type { Clock } from '../src/lib/clock.js';

export interface SandboxState {
  readonly settings: SandboxSettings;
  /** The time of day of every answer. */
  readonly clock: Clock;
  readonly tokens: TokenStore;
  /** OTPs and authorization codes of the user-consent flows. */
  readonly consents: ConsentBook;
  readonly faults: FaultBook;
  /** Whether the fault-control admin path (admin.ts) is served. */
  readonly admin: boolean;
  /** Inbound SMS waiting to be read; the admin path puts some in. */
  readonly smsInboxes: SmsInboxes;
  readonly calls: CallLog;
  readonly trackIds: TrackIdRegistry;
  readonly handlers: OperationHandlers;
  /** Aborted when the sandbox closes, so pending delays stop. */
  readonly shutdown: AbortSignal;
}

const RESET = Symbol('reset');

interface Incoming {
  readonly req: IncomingMessage;
  readonly route: Route;
  readonly query: Record<string, string>;
  readonly body: RequestBody;
  /** The call's own trackId as sent, judged by `trackId`. */
  readonly sentTrackId: string | undefined;
  readonly trackId: TrackIdVerdict;
  readonly call: RecordedCall;
}

/** Query parameters; the first one wins when a name repeats. */
function queryOf(url: URL): Record<string, string> {
  const first = new Map<string, string>();
  for (const [name, value] of url.searchParams) if (!first.has(name)) first.set(name, value);
  return Object.fromEntries(first);
}

export function createRequestListener(state: SandboxState): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(state, req, res).catch(() => {
      if (!res.headersSent) res.destroy();
    });
  };
}

async function handle(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const at = state.clock.now();
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  if (state.admin && url.pathname.startsWith(ADMIN_PREFIX)) return handleAdmin(state, req, res, url.pathname);
  const method = req.method ?? 'GET';
  const query = queryOf(url);
  const body = await readBody(req);
  const route = resolveRoute(method, url.pathname);
  // A call held at its arrival has not reached the upstream yet: no record, no trackId admitted.
  await state.faults.held(routeName(route), 'arrival', state.shutdown);
  // The call log's `trackId` parameter names the call to look up, not this one.
  const sentTrackId = route.kind === 'operation' && route.spec.trackIdNamesAnotherCall ? undefined : query['trackId'];
  const call = state.calls.add({
    operationId: routeName(route),
    method,
    path: url.pathname,
    query,
    body: recordedBody(body),
    ...(sentTrackId !== undefined ? { trackId: sentTrackId } : {}),
    status: 0,
    at,
  });
  // Any trackId that reached a business operation counts as used, whatever the answer. The token
  // endpoint and unknown paths only echo a well-formed one.
  const trackId: TrackIdVerdict =
    route.kind === 'operation'
      ? state.trackIds.admit(sentTrackId, { operationId: route.id, scope: route.spec.scope, at, ...bodyFacts(body) })
      : sentTrackId && isWellFormedTrackId(sentTrackId)
        ? 'valid'
        : 'absent';

  // A held call stays recorded as pending; it is answered as things stand when it is let go.
  await state.faults.held(call.operationId, 'answer', state.shutdown);
  const reply = await decide(state, { req, route, query, body, sentTrackId, trackId, call });
  if (reply === RESET) {
    req.socket.destroy();
    return;
  }
  const latencyMs = state.settings.latencyMs + state.faults.latencyOf(call.operationId);
  if (latencyMs > 0) await sleep(latencyMs, undefined, { signal: state.shutdown });
  call.status = reply.status;
  if (isRawReply(reply)) {
    call.answer = reply.text;
    res.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.text) });
    res.end(reply.text);
    return;
  }
  call.answer = reply.body;
  const payload = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** The trackId an answer carries: the one sent when it is well formed, else a fresh one. */
function answerTrackId({ sentTrackId, trackId }: Incoming): string {
  return sentTrackId !== undefined && (trackId === 'valid' || trackId === 'duplicate') ? sentTrackId : newTrackId();
}

/** Ends the record of a call whose trackId was admitted; a duplicate never touches the first call's record. */
function settle(state: SandboxState, incoming: Incoming, status: 'DONE' | 'FAILED'): void {
  if (incoming.trackId === 'valid' && incoming.sentTrackId !== undefined) {
    state.trackIds.settle(incoming.sentTrackId, status, incoming.call.tokenUserId);
  }
}

async function decide(state: SandboxState, incoming: Incoming): Promise<Reply | RawReply | typeof RESET> {
  const fault = state.faults.take(routeName(incoming.route));
  // The record stays PENDING through a delay before the effect: the call may still land after it.
  if (fault && !fault.afterEffect) {
    const early = await strike(state, incoming, fault);
    if (early) {
      settle(state, incoming, 'FAILED');
      return early;
    }
  }
  const reply = answer(state, incoming);
  // Whatever a fault after the effect shows the caller, the record keeps what the operation did.
  if (fault?.afterEffect) return (await strike(state, incoming, fault)) ?? reply;
  return reply;
}

/** Applies an injected fault: its delay, then a reset or an error answer; undefined when it only delays. */
async function strike(
  state: SandboxState,
  incoming: Incoming,
  fault: Readonly<FaultRule>,
): Promise<Reply | RawReply | typeof RESET | undefined> {
  if (fault.delayMs) await sleep(fault.delayMs, undefined, { signal: state.shutdown });
  if (fault.reset) return RESET;
  const retryAfter: Record<string, string> =
    fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
  if (fault.malformed) {
    // A body cut short: what a proxy or a crashed upstream process may send.
    return {
      status: fault.status ?? 200,
      headers: { 'content-type': 'application/json; charset=utf-8', ...retryAfter },
      text: `{"trackId":"${answerTrackId(incoming)}","result":{`,
    };
  }
  if (fault.status !== undefined) {
    const reply = failure(answerTrackId(incoming), {
      status: fault.status,
      code: codeForStatus(fault.status),
      message: 'injected fault',
    });
    return fault.retryAfter === undefined
      ? reply
      : {
          status: reply.status,
          headers: { 'content-type': 'application/json; charset=utf-8', ...retryAfter },
          text: JSON.stringify(reply.body),
        };
  }
  return undefined;
}

function answer(state: SandboxState, incoming: Incoming): Reply | RawReply {
  const { route } = incoming;
  switch (route.kind) {
    case 'unknown':
      // As a web server answers a path it has no route for: no trackId, not the API's error envelope.
      return { status: 404, body: { message: 'Not Found' } };
    case 'token':
      return tokenReply(state, incoming);
    case 'revokeToken':
      return revokeReply(state, incoming, route.clientId);
    case 'authorize':
    case 'verifySms':
      return consentReply(state, incoming, route.kind);
    case 'operation': {
      const reply = operationReply(state, incoming, route);
      settle(state, incoming, reply.body['status'] === 'DONE' ? 'DONE' : 'FAILED');
      return reply;
    }
  }
}

function tokenReply(state: SandboxState, incoming: Incoming): Reply {
  const outcome = handleTokenRequest(
    { authorization: incoming.req.headers.authorization, body: incoming.body, now: state.clock.now() },
    state.settings,
    state.tokens,
    state.consents,
  );
  if (!outcome.ok) return failure(answerTrackId(incoming), outcome.failure);
  // The documented token answer carries no trackId (wire facts §2.2); echo one only when sent.
  const echo = incoming.trackId === 'valid' ? { trackId: answerTrackId(incoming) } : {};
  return { status: 200, body: { ...echo, result: outcome.result, status: 'DONE' } };
}

/** The revocation of a token: `{ status: DONE, trackId }` (wire facts §2.7). */
function revokeReply(state: SandboxState, incoming: Incoming, clientId: string): Reply {
  const outcome = handleRevokeRequest(
    { authorization: incoming.req.headers.authorization, clientId, body: incoming.body, now: state.clock.now() },
    state.settings,
    state.tokens,
  );
  const trackId = answerTrackId(incoming);
  if (!outcome.ok) return failure(trackId, outcome.failure);
  return { status: 200, body: { trackId, status: 'DONE' } };
}

/** The user-consent endpoints; answered like the token endpoint (no trackId unless one was sent). */
function consentReply(state: SandboxState, incoming: Incoming, kind: 'authorize' | 'verifySms'): Reply | RawReply {
  const request = {
    method: incoming.req.method ?? 'GET',
    url: incoming.req.url ?? '/',
    query: incoming.query,
    body: incoming.body,
    clientAuthenticated: isClientAuthorization(incoming.req.headers.authorization, state.settings),
    now: state.clock.now(),
  };
  const outcome: ConsentEndpointOutcome =
    kind === 'authorize' ? authorize(request, state.settings, state.consents) : verifySms(request, state.consents);
  if (isRawReply(outcome)) return outcome;
  if (!outcome.ok) return failure(answerTrackId(incoming), outcome.failure);
  const echo = incoming.trackId === 'valid' ? { trackId: answerTrackId(incoming) } : {};
  return { status: 200, body: { ...echo, result: outcome.result, status: 'DONE' } };
}

/**
 * The person an operation under a user grant acts for: the `{nid}` / `{user}` path parameter, else a
 * `nationalCode` or `nid` in the query or the JSON body; undefined when the request names nobody.
 */
function subjectOf(incoming: Incoming, route: Extract<Route, { kind: 'operation' }>): string | undefined {
  const body =
    incoming.body.kind === 'json' && typeof incoming.body.value === 'object' && incoming.body.value !== null
      ? (incoming.body.value as Record<string, unknown>)
      : {};
  const fromBody =
    typeof body['nationalCode'] === 'string'
      ? body['nationalCode']
      : typeof body['nid'] === 'string'
        ? body['nid']
        : undefined;
  return (
    route.params['nid'] ?? route.params['user'] ?? incoming.query['nationalCode'] ?? incoming.query['nid'] ?? fromBody
  );
}

function operationReply(state: SandboxState, incoming: Incoming, route: Extract<Route, { kind: 'operation' }>): Reply {
  const trackId = answerTrackId(incoming);
  if (route.clientId !== state.settings.clientId) return failure(trackId, unauthorized('client not found'));
  if (incoming.trackId === 'invalid') return failure(trackId, validationError('invalid trackId'));
  if (incoming.trackId === 'duplicate') return failure(trackId, validationError('duplicate trackId'));

  const now = state.clock.now();
  const auth = state.tokens.authorize(incoming.req.headers.authorization, route.spec.scope, now, route.spec.grant);
  if (auth.token) {
    incoming.call.scopes = auth.token.scopes;
    incoming.call.tokenType = auth.token.type;
    if (auth.token.userId !== undefined) incoming.call.tokenUserId = auth.token.userId;
  }
  if (!auth.ok) return failure(trackId, auth.failure);
  // A user token acts for its owner only (wire facts §2.4).
  if (auth.token.userId !== undefined) {
    const subject = subjectOf(incoming, route);
    if (subject !== undefined && subject !== auth.token.userId) {
      return failure(trackId, { status: 403, code: 'FORBIDDEN', message: 'the token does not belong to this user' });
    }
  }

  const handler = state.handlers[route.id];
  if (!handler) {
    return failure(trackId, {
      status: 501,
      code: 'NOT_IMPLEMENTED',
      message: `${route.id} is not implemented by the sandbox`,
    });
  }
  try {
    const { userId: user, bank } = auth.token;
    const outcome = handler({
      query: incoming.query,
      body: incoming.body,
      params: route.params,
      now,
      ...(user !== undefined && { user }),
      ...(bank !== undefined && { bank }),
    });
    return outcome.ok ? success(trackId, outcome.result, outcome.responseCode) : failure(trackId, outcome.failure);
  } catch {
    return failure(trackId, { status: 500, code: 'SERVICE_CALL_ERROR', message: 'internal sandbox error' });
  }
}
