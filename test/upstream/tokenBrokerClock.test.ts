/** TokenBroker on a clock of the test's own, over a scripted transport: when it renews, how, and what it counts. */
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../src/datasources/upstream/http.js';
import { TokenBroker } from '../../src/datasources/upstream/tokenBroker.js';
import { tokenRenewals } from '../../src/observability/metrics.js';
import { done, scriptedTransport, silentLogger } from './support.js';

const LIFE = 100_000;
const MARGIN = 10_000;
const SCOPE = 'billing:cc-inquiry:get';

function broker() {
  const clock = { now: 0 };
  let issued = 0;
  const answer = () => {
    issued += 1;
    return done({ value: `token-${issued}`, refreshToken: `refresh-${issued}`, lifeTime: LIFE });
  };
  const http = scriptedTransport(Array.from({ length: 10 }, () => answer));
  const tokens = new TokenBroker({
    http,
    baseUrl: 'http://oauth.test',
    clientId: 'app',
    clientSecret: 'secret',
    clientNid: '0499370899',
    timeoutMs: 1_000,
    refreshMarginMs: MARGIN,
    logger: silentLogger,
    clock: { now: () => clock.now },
  });
  return { clock, http, tokens };
}

const grantOf = (request: HttpRequest | undefined) =>
  (JSON.parse(request?.body ?? '{}') as { grant_type?: string }).grant_type;

/** Renewals counted so far, by reason ('' for any other label set, which there must never be). */
async function renewalCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { labels, value } of (await tokenRenewals.get()).values) {
    const reason =
      labels['kind'] === 'client_credentials' ? String(labels['reason']) : `other:${String(labels['kind'])}`;
    counts[reason] = (counts[reason] ?? 0) + value;
  }
  return counts;
}

async function renewalsDuring(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await renewalCounts();
  await work();
  const after = await renewalCounts();
  return Object.fromEntries(
    Object.entries(after)
      .map(([reason, value]) => [reason, value - (before[reason] ?? 0)] as const)
      .filter(([, value]) => value !== 0),
  );
}

describe('renewal on the clock', () => {
  it('serves the cached token until the refresh margin before its expiry, and renews from that instant', async () => {
    const { clock, http, tokens } = broker();
    expect(await tokens.getToken([SCOPE])).toBe('token-1');
    clock.now = LIFE - MARGIN - 1;
    expect(await tokens.getToken([SCOPE])).toBe('token-1');
    expect(http.requests).toHaveLength(1);

    clock.now = LIFE - MARGIN;
    expect(await tokens.getToken([SCOPE])).toBe('token-2');
    expect(http.requests.map(grantOf)).toEqual(['client_credentials', 'refresh_token']);
  });

  it('refreshes a token up to the last instant before it expires', async () => {
    const { clock, http, tokens } = broker();
    await tokens.getToken([SCOPE]);
    clock.now = LIFE - 1;
    expect(await tokens.getToken([SCOPE])).toBe('token-2');
    expect(http.requests.map(grantOf)).toEqual(['client_credentials', 'refresh_token']);
  });

  it('asks for a new token, not a refresh, from the instant the token expires', async () => {
    const { clock, http, tokens } = broker();
    await tokens.getToken([SCOPE]);
    clock.now = LIFE;
    expect(await tokens.getToken([SCOPE])).toBe('token-2');
    expect(http.requests.map(grantOf)).toEqual(['client_credentials', 'client_credentials']);
  });
});

describe('renewals counted', () => {
  it('counts no renewal for the first token of a scope set', async () => {
    const { tokens } = broker();
    expect(await renewalsDuring(() => tokens.getToken([SCOPE]))).toEqual({});
  });

  it('counts a renewal near expiry once, however many callers wait for it', async () => {
    const { clock, tokens } = broker();
    await tokens.getToken([SCOPE]);
    clock.now = LIFE - MARGIN;
    const counted = await renewalsDuring(() => Promise.all([tokens.getToken([SCOPE]), tokens.getToken([SCOPE])]));
    expect(counted).toEqual({ expiry: 1 });
  });

  it('counts the replacement of a rejected token as rejected', async () => {
    const { tokens } = broker();
    const rejected = await tokens.getToken([SCOPE]);
    expect(await renewalsDuring(() => tokens.replaceRejected([SCOPE], rejected))).toEqual({ rejected: 1 });
  });
});
