/**
 * The sandbox's fault-control admin path, for operators and tests in another process: fault rules and
 * latency rules over HTTP. Served only when the sandbox is started with `admin: true`
 * (`SANDBOX_ADMIN=true`); otherwise these paths are unknown like any other (404).
 *
 * - `POST /__sandbox/faults` with a rule (or an array of rules) as JSON: adds them; answers 201 with the rules.
 * - `GET /__sandbox/faults`: the rules with their remaining uses. `DELETE /__sandbox/faults`: forgets them.
 * - `POST /__sandbox/latency` with `{ "operationId"?: string, "ms": number }`: sets the extra latency of
 *   one operation, or of every call; `GET` lists the latency rules, `DELETE` removes them all.
 * - `POST /__sandbox/sms/inbound` with a message `{ sourceAddress, destinationAddress, messageText,
 *   receiveDateTime? }` (or an array of them): puts them in their destination's inbox, in order; answers
 *   201 with the messages as they will be read. A destination that is not a sender number of the client
 *   is refused (400) and nothing is put in.
 *
 * - `GET /__sandbox/calls`: how many calls the sandbox received, by operation id (`token` for the token
 *   endpoint), and in all: `{ "counts": { "<operationId>": n }, "total": n }`. `DELETE` forgets every call
 *   received, with the trackIds they admitted (a long benchmark would otherwise hold them all).
 *
 * A rule's fields are those of FaultRule; `"times": "Infinity"` stands for no limit (JSON has no Infinity).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Clock } from '../src/lib/clock.js';
import type { CallLog } from './callLog.js';
import type { FaultBook } from './faults.js';
import type { SmsInboxes } from './smsInbox.js';
import type { TrackIdRegistry } from './trackIds.js';
import { readBody } from './requestBody.js';
import type { FaultRule, LatencyRule } from './types.js';

export const ADMIN_PREFIX = '/__sandbox/';

const faultRule = z
  .object({
    operationId: z.string().min(1).optional(),
    status: z.number().int().min(100).max(599).optional(),
    delayMs: z.number().min(0).optional(),
    reset: z.boolean().optional(),
    malformed: z.boolean().optional(),
    afterEffect: z.boolean().optional(),
    retryAfter: z.union([z.number().min(0), z.string().min(1)]).optional(),
    probability: z.number().min(0).max(1).optional(),
    times: z.union([z.number().min(0), z.literal('Infinity')]).optional(),
  })
  .strict();

const inboundSms = z
  .object({
    sourceAddress: z.string().min(1),
    destinationAddress: z.string().min(1),
    messageText: z.string(),
    receiveDateTime: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

/** What the admin path acts on. */
export interface AdminTargets {
  readonly clock: Clock;
  readonly faults: FaultBook;
  readonly smsInboxes: SmsInboxes;
  readonly calls: CallLog;
  readonly trackIds: TrackIdRegistry;
}

const latencyRule = z.object({ operationId: z.string().min(1).optional(), ms: z.number().min(0) }).strict();

type Answer = { readonly status: number; readonly body?: unknown };

/** Answers an admin request. */
export async function handleAdmin(
  targets: AdminTargets,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
): Promise<void> {
  const answer = await decide(targets, req, pathname.slice(ADMIN_PREFIX.length));
  if (answer.body === undefined) {
    res.writeHead(answer.status).end();
    return;
  }
  const text = JSON.stringify(answer.body, (_key, value: unknown) =>
    value === Number.POSITIVE_INFINITY ? 'Infinity' : value,
  );
  res
    .writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    })
    .end(text);
}

async function decide(targets: AdminTargets, req: IncomingMessage, resource: string): Promise<Answer> {
  const { faults, smsInboxes } = targets;
  const method = req.method ?? 'GET';
  const listFaults = () => ({ faults: faults.list() });
  const listLatency = () => ({ latency: faults.latencies() });
  if (resource === 'faults') {
    if (method === 'GET') return { status: 200, body: listFaults() };
    if (method === 'DELETE') {
      faults.clearRules();
      return { status: 204 };
    }
    if (method === 'POST') {
      const parsed = await jsonOf(req, z.union([faultRule, z.array(faultRule)]));
      if ('error' in parsed) return { status: 400, body: { error: parsed.error } };
      const rules = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
      try {
        for (const rule of rules) faults.add(toRule(rule));
      } catch (error) {
        return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
      }
      return { status: 201, body: listFaults() };
    }
  }
  if (resource === 'latency') {
    if (method === 'GET') return { status: 200, body: listLatency() };
    if (method === 'DELETE') {
      faults.clearLatency();
      return { status: 204 };
    }
    if (method === 'POST') {
      const parsed = await jsonOf(req, latencyRule);
      if ('error' in parsed) return { status: 400, body: { error: parsed.error } };
      const rule: LatencyRule = {
        ms: parsed.value.ms,
        ...(parsed.value.operationId !== undefined && { operationId: parsed.value.operationId }),
      };
      faults.setLatency(rule);
      return { status: 200, body: listLatency() };
    }
  }
  if (resource === 'calls') {
    if (method === 'GET') {
      const counts = targets.calls.counts();
      return { status: 200, body: { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0) } };
    }
    if (method === 'DELETE') {
      targets.calls.clear();
      targets.trackIds.forget();
      return { status: 204 };
    }
  }
  if (resource === 'sms/inbound' && method === 'POST') {
    const parsed = await jsonOf(req, z.union([inboundSms, z.array(inboundSms)]));
    if ('error' in parsed) return { status: 400, body: { error: parsed.error } };
    const messages = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
    const unknown = messages.find((message) => !smsInboxes.has(message.destinationAddress));
    if (unknown)
      return { status: 400, body: { error: `${unknown.destinationAddress} is not a sender number of the client` } };
    const now = targets.clock.now();
    const delivered = messages.map((message) =>
      smsInboxes.deliver(
        Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined)) as typeof message,
        now,
      ),
    );
    return { status: 201, body: { delivered } };
  }
  return { status: 404, body: { error: `no admin resource ${method} ${ADMIN_PREFIX}${resource}` } };
}

function toRule(parsed: z.infer<typeof faultRule>): FaultRule {
  const { times, ...rest } = parsed;
  const rule: FaultRule = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  if (times !== undefined) rule.times = times === 'Infinity' ? Number.POSITIVE_INFINITY : times;
  return rule;
}

async function jsonOf<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<{ value: T } | { error: string }> {
  const body = await readBody(req);
  if (body.kind !== 'json') return { error: 'the body must be JSON' };
  const parsed = schema.safeParse(body.value);
  if (!parsed.success)
    return {
      error: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; '),
    };
  return { value: parsed.data };
}
