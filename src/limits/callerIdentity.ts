import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The header the Apollo Router names its client with; believed only from the router itself. */
export const CLIENT_NAME_HEADER = 'apollographql-client-name';

/**
 * Who sent an operation, for fair shares and rate limits. `id` is one of `client:<name>` (the router's
 * client name), `consent:<digest>` (a consent's handle, never the handle itself) or `address:<ip>`.
 */
export interface Caller {
  readonly id: string;
  /** The request carried the configured router secret. */
  readonly viaRouter: boolean;
}

export interface CallerEvidence {
  readonly headers: IncomingHttpHeaders;
  /** The TCP peer. */
  readonly remoteAddress: string | undefined;
  /** True only when a router secret is configured and the request carried it. */
  readonly viaRouter: boolean;
  /** The consent handle presented, if any. */
  readonly consentHandle: string | null;
  /** Whether `consentHandle` names a live consent: an invented handle must not buy a fresh allowance. */
  readonly consentIsLive: (handle: string) => Promise<boolean>;
  /** graphql-ws connectionParams, where a router may put its client name instead of a header. */
  readonly connectionParams?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The router's client name when the router secret proves the router sent it; else the presented consent
 * (when it is live); else the address: the forwarded one only from the router, the TCP peer otherwise.
 */
export async function identifyCaller(evidence: CallerEvidence): Promise<Caller> {
  const { viaRouter } = evidence;
  const clientName = viaRouter
    ? (bounded(evidence.headers[CLIENT_NAME_HEADER]) ?? bounded(evidence.connectionParams?.[CLIENT_NAME_HEADER]))
    : null;
  if (clientName) return { id: `client:${clientName}`, viaRouter };
  const handle = evidence.consentHandle;
  if (handle && (await evidence.consentIsLive(handle))) {
    return { id: `consent:${createHash('sha256').update(handle).digest('base64url').slice(0, 22)}`, viaRouter };
  }
  // The last entry is the one the proxy in front of the router added; the ones before it are whatever the client sent.
  const forwarded = viaRouter ? bounded(evidence.headers['x-forwarded-for'])?.split(',').at(-1)?.trim() : undefined;
  return { id: `address:${forwarded || evidence.remoteAddress || 'unknown'}`, viaRouter };
}

/** A header or parameter value as a short printable string, or null. */
function bounded(value: unknown): string | null {
  const text: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return null;
  const cleaned = text.replace(/[^\x21-\x7e]/g, '').slice(0, 100);
  return cleaned === '' ? null : cleaned;
}
