/**
 * Sends one message of the subscription callback protocol (`check`, `next`, `complete`) to a router's
 * callback URL, and says what became of it.
 */
import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { CallbackRequest } from './callbackRequest.js';

/** The header, and its value, every callback message carries and a router's `check` answer names. */
export const PROTOCOL_HEADER = 'subscription-protocol';
export const PROTOCOL_VERSION = 'callback/1.0';

export type CallbackMessage =
  | { readonly action: 'check' }
  | { readonly action: 'next'; readonly payload: FormattedExecutionResult }
  | { readonly action: 'complete'; readonly errors?: readonly GraphQLFormattedError[] };

/**
 * - `delivered`: the router took it (2xx).
 * - `gone`: 404, the router no longer knows the subscription; stop it without another word.
 * - `refused`: any other answer that is not 2xx nor worth repeating (4xx, a redirect, which is never followed).
 * - `unreachable`: no answer, or 5xx, on every attempt.
 */
export type Delivery = 'delivered' | 'gone' | 'refused' | 'unreachable';

export interface SenderOptions {
  /** How long one attempt waits for the router's answer. */
  readonly timeoutMs: number;
  /** Attempts in all when the router does not answer or answers 5xx. */
  readonly attempts: number;
  /** The pause before the second attempt; doubled before each next one. */
  readonly retryDelayMs: number;
}

export async function sendCallback(
  request: CallbackRequest,
  message: CallbackMessage,
  options: SenderOptions,
): Promise<Delivery> {
  const body = JSON.stringify({
    kind: 'subscription',
    id: request.subscriptionId,
    verifier: request.verifier,
    ...message,
  });
  let delay = options.retryDelayMs;
  for (let attempt = 1; ; attempt++) {
    const status = await post(request.callbackUrl, body, options.timeoutMs);
    if (status !== null && status >= 200 && status < 300) return 'delivered';
    if (status === 404) return 'gone';
    if (status !== null && status < 500) return 'refused';
    if (attempt >= options.attempts) return 'unreachable';
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay *= 2;
  }
}

/** The answer's status, or null when none came in time. Redirects are not followed: the URL was checked, not its target. */
async function post(url: URL, body: string, timeoutMs: number): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PROTOCOL_HEADER]: PROTOCOL_VERSION },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return null;
  }
}
