/**
 * `POST /webhooks/sms`: inbound SMS and delivery reports pushed to the subgraph. Authenticated by a shared
 * secret (`Authorization: Bearer <secret>`, compared in constant time over digests); off (404) while no
 * secret is configured. Inbound messages go to their number's stream, kept once whether they were also
 * polled or pushed before; delivery reports go to a hook. A push may be repeated safely.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { receiveTimeOf } from '../datasources/flows/inbox.js';
import type { Logger } from '../logger.js';
import type { Inbox } from './index.js';

export const SMS_WEBHOOK_PATH = '/webhooks/sms';
/** The largest body taken: a thousand messages of a few hundred characters. */
export const SMS_WEBHOOK_MAX_BYTES = 1024 * 1024;

/** One recipient's status in a delivery report, as the upstream writes it (wire facts §4.10). */
export interface DeliveryStatus {
  readonly to_number: string;
  readonly status: number;
}

/** Receives the statuses reported for the send made with `trackId`; a rejection answers 503 (the push is repeated). */
export type DeliveryReportHook = (trackId: string, statuses: readonly DeliveryStatus[]) => Promise<void> | void;

const Body = z
  .object({
    inbound: z
      .array(
        z.object({
          sourceAddress: z.string().min(1).max(100),
          destinationAddress: z.string().min(1).max(100),
          messageText: z.string().max(10_000),
          receiveDateTime: z.string().min(1).max(100),
        }),
      )
      .max(1_000)
      .optional(),
    deliveryReports: z
      .array(
        z.object({
          trackId: z.string().min(1).max(100),
          statuses: z.array(z.object({ to_number: z.string().min(1).max(100), status: z.number().int() })).max(1_000),
        }),
      )
      .max(1_000)
      .optional(),
  })
  .refine((body) => body.inbound !== undefined || body.deliveryReports !== undefined, {
    message: 'expected `inbound` or `deliveryReports`',
  });

export interface SmsWebhookOptions {
  readonly secret: string | null;
  readonly inbox: Inbox;
  readonly onDeliveryReport: DeliveryReportHook;
  readonly logger: Logger;
  readonly maxBytes?: number;
}

export interface WebhookAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the secret, compared in constant time (digests have one length). */
function authorized(header: string | undefined, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(secret));
}

const refused = (status: number, message: string, headers?: Record<string, string>): WebhookAnswer => ({
  status,
  body: { error: message },
  ...(headers && { headers }),
});

/** Answers a request to the webhook's path. */
export async function handleSmsWebhook(req: IncomingMessage, options: SmsWebhookOptions): Promise<WebhookAnswer> {
  if (options.secret === null) return refused(404, 'not found');
  if (!authorized(req.headers.authorization, options.secret))
    return refused(401, 'Missing or wrong webhook secret.', { 'www-authenticate': 'Bearer' });
  if (req.method !== 'POST') return refused(405, 'Only POST is accepted.', { allow: 'POST' });
  const text = await readBody(req, options.maxBytes ?? SMS_WEBHOOK_MAX_BYTES);
  if (text === null)
    return refused(413, `The body is larger than ${options.maxBytes ?? SMS_WEBHOOK_MAX_BYTES} bytes.`, {
      connection: 'close',
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused(400, 'The body is not valid JSON.');
  }
  const parsed = Body.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refused(400, `${issue?.path.join('.') || '(body)'}: ${issue?.message ?? 'unexpected'}`);
  }
  const inbound = parsed.data.inbound ?? [];
  const messages = [];
  for (const [i, item] of inbound.entries()) {
    const receivedAt = receiveTimeOf(item.receiveDateTime);
    if (receivedAt === null) return refused(400, `inbound.${i}.receiveDateTime: not an ISO-8601 instant`);
    messages.push({ from: item.sourceAddress, to: item.destinationAddress, text: item.messageText, receivedAt });
  }
  const counts = { appended: 0, duplicates: 0, ignored: 0 };
  try {
    for (const message of messages) {
      if (!options.inbox.numbers.includes(message.to)) {
        counts.ignored += 1;
        options.logger.warn({ number: message.to }, 'pushed SMS to a number that is not a sender number: ignored');
        continue;
      }
      const { appended } = await options.inbox.receive(message);
      counts[appended ? 'appended' : 'duplicates'] += 1;
    }
    // One check per send however often a body names it: each check may cost an upstream inquiry.
    const reports = new Map((parsed.data.deliveryReports ?? []).map((report) => [report.trackId, report.statuses]));
    for (const [trackId, statuses] of reports) await options.onDeliveryReport(trackId, statuses);
  } catch (error) {
    options.logger.error(
      { err: error instanceof Error ? error.message : String(error) },
      'pushed SMS could not be taken; the sender should push again',
    );
    return refused(503, 'Not taken right now; push again shortly (what was taken is kept once).', {
      'retry-after': '5',
    });
  }
  return { status: 200, body: { inbound: counts, deliveryReports: parsed.data.deliveryReports?.length ?? 0 } };
}

/** The body as text; null when it is larger than `maxBytes` (the rest is drained, so the answer is read). */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      req.resume();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
