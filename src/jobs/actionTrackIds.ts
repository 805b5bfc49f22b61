/**
 * The trackId of a money or cheque action, derived instead of drawn: HMAC-SHA256 over the upstream
 * client, the action's kind, who acts and the idempotency key. The same action always goes out with the
 * same trackId, from any process and after the job store lost its record, so the upstream (which
 * refuses a trackId twice) is the last guard against sending it again. Keyed by a secret, so nobody
 * can guess the trackId of someone else's action.
 */
import { createHmac } from 'node:crypto';

/** Fixes the use of the upstream client secret when no secret of its own is configured. */
const FALLBACK_LABEL = 'subgraph action trackId key v1';

/** The key the trackIds are made with: the configured secret, else one derived from the client secret. */
export function actionTrackKey(configured: string | null, upstreamClientSecret: string): Buffer {
  if (configured !== null) return Buffer.from(configured, 'utf8');
  return createHmac('sha256', upstreamClientSecret).update(FALLBACK_LABEL).digest();
}

/** Who and what names an action. */
export interface ActionName {
  readonly kind: string;
  /** The national id of who acts (the consent's subject). */
  readonly actor: string;
  readonly idempotencyKey: string;
}

export type ActionTrackIds = (name: ActionName) => string;

/**
 * The trackIds of `clientId`'s actions: a UUID (RFC 9562 version 8, 36 characters) from the first 16
 * bytes of the HMAC, the form of every trackId in the upstream's documentation.
 */
export function actionTrackIds(key: Buffer, clientId: string): ActionTrackIds {
  return ({ kind, actor, idempotencyKey }) => {
    // Length-prefixed fields: no two different names can run together into the same input.
    const hmac = createHmac('sha256', key);
    for (const field of [clientId, kind, actor, idempotencyKey]) hmac.update(`${Buffer.byteLength(field)}:${field}\n`);
    const bytes = hmac.digest().subarray(0, 16);
    bytes[6] = (bytes[6]! & 0x0f) | 0x80;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}
