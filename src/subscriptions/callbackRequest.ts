/**
 * What a router asks for when it sends a subscription in callback mode (`extensions.subscription` of the
 * HTTP request), read and checked before anything is sent anywhere.
 */
import { GraphQLError } from 'graphql';
import type { CallbackHost } from '../config.js';
import { quoteValue } from '../errors.js';

/** Where and how the router listens for one subscription's messages. */
export interface CallbackRequest {
  readonly callbackUrl: URL;
  readonly subscriptionId: string;
  readonly verifier: string;
  /** 0: the router wants no heartbeats. */
  readonly heartbeatIntervalMs: number;
}

/** The heartbeat interval when the router names none (the protocol's usual value). */
export const DEFAULT_HEARTBEAT_MS = 5_000;
/** A shorter interval than this is refused: the subgraph would do little but send heartbeats. */
export const MIN_HEARTBEAT_MS = 50;
const MAX_HEARTBEAT_MS = 60 * 60_000;
const MAX_URL_LENGTH = 2_048;
const MAX_ID_LENGTH = 256;
const MAX_VERIFIER_LENGTH = 4_096;

/** Whether the request asks for a callback subscription at all (carries `extensions.subscription`). */
export function asksForCallback(extensions: Record<string, unknown> | undefined): boolean {
  return extensions?.['subscription'] !== undefined && extensions['subscription'] !== null;
}

/** Reads `extensions.subscription`; throws BAD_REQUEST (400) naming what is wrong, before any callback is sent. */
export function readCallbackRequest(extension: unknown, allowedHosts: readonly CallbackHost[]): CallbackRequest {
  if (typeof extension !== 'object' || extension === null || Array.isArray(extension))
    throw badRequest('extensions.subscription must be an object.');
  const fields = extension as Record<string, unknown>;
  const subscriptionId = boundedString(fields['subscriptionId'], 'subscriptionId', MAX_ID_LENGTH);
  const verifier = boundedString(fields['verifier'], 'verifier', MAX_VERIFIER_LENGTH);
  const callbackUrl = allowedCallbackUrl(
    boundedString(fields['callbackUrl'], 'callbackUrl', MAX_URL_LENGTH),
    allowedHosts,
  );
  const interval = fields['heartbeatIntervalMs'] ?? DEFAULT_HEARTBEAT_MS;
  if (
    typeof interval !== 'number' ||
    !Number.isInteger(interval) ||
    interval < 0 ||
    interval > MAX_HEARTBEAT_MS ||
    (interval > 0 && interval < MIN_HEARTBEAT_MS)
  ) {
    throw badRequest(
      `extensions.subscription.heartbeatIntervalMs must be 0 (no heartbeats) or an integer from ${MIN_HEARTBEAT_MS} to ${MAX_HEARTBEAT_MS}.`,
    );
  }
  return { callbackUrl, subscriptionId, verifier, heartbeatIntervalMs: interval };
}

/** The callback URL when it is http(s), carries no credentials and names an allowed host (and port, if one is set). */
export function allowedCallbackUrl(text: string, allowedHosts: readonly CallbackHost[]): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`extensions.subscription.callbackUrl ${quoteValue(text)} is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('extensions.subscription.callbackUrl must be an http or https URL.');
  if (url.username !== '' || url.password !== '')
    throw badRequest('extensions.subscription.callbackUrl must not carry credentials.');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const allowed = allowedHosts.some(
    (host) => host.hostname === url.hostname && (host.port === null || host.port === port),
  );
  if (!allowed)
    throw badRequest(
      `extensions.subscription.callbackUrl points at ${quoteValue(url.host)}, which is not an allowed callback host.`,
    );
  return url;
}

function boundedString(value: unknown, name: string, maxLength: number): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxLength)
    throw badRequest(`extensions.subscription.${name} must be a non-empty string of at most ${maxLength} characters.`);
  return value;
}

function badRequest(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });
}
