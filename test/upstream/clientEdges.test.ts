/**
 * UpstreamClient over a scripted transport and a token source of the test's own: user grants, forms,
 * the call log's trackId, the shape of answers, and the capacity a connection pool leaves.
 */
import { FormData } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResilienceConfig } from '../../src/config.js';
import {
  NO_RESILIENCE,
  UpstreamClient,
  type UserCredentials,
  type UserTokenNeed,
} from '../../src/datasources/upstream/client.js';
import {
  TransportError,
  type HttpRequest,
  type HttpResponse,
  type HttpTransport,
} from '../../src/datasources/upstream/http.js';
import { CANCELLED_MESSAGE } from '../../src/datasources/upstream/errorMapping.js';
import type { TokenBroker } from '../../src/datasources/upstream/tokenBroker.js';
import { ErrorCode } from '../../src/errors.js';
import { upstreamCalls, upstreamDuration } from '../../src/observability/metrics.js';
import { done, scriptedTransport, silentLogger, upstreamErrorOf, UUID } from './support.js';
import { at } from '../helpers/responses.js';
import { eventually } from '../helpers/eventually.js';

const REJECTED: HttpResponse = {
  status: 401,
  text: '{"trackId":"x","status":"FAILED","error":{"code":"UNAUTHORIZED","message":"token"}}',
};

/** A broker that hands out `cc-1`, `cc-2`, … and records what it was asked. */
function fakeBroker() {
  const asked: string[] = [];
  let issued = 0;
  const tokens = {
    getToken: async (scopes: readonly string[]) => {
      asked.push(`get ${scopes.join(',')}`);
      issued += 1;
      return `cc-${issued}`;
    },
    replaceRejected: async (scopes: readonly string[], rejected: string) => {
      asked.push(`replace ${scopes.join(',')} ${rejected}`);
      issued += 1;
      return `cc-${issued}`;
    },
  } as unknown as TokenBroker;
  return { asked, tokens };
}

/** A consent that hands out `user-1`, `user-2`, … and records what it was asked. */
function fakeConsent() {
  const needs: UserTokenNeed[] = [];
  const renewed: string[] = [];
  let issued = 0;
  const consent: UserCredentials = {
    key: 'consent-key',
    token: async (need) => {
      needs.push(need);
      issued += 1;
      return `user-${issued}`;
    },
    renew: async (rejected) => {
      renewed.push(rejected);
      issued += 1;
      return `user-${issued}`;
    },
  };
  return { consent, needs, renewed };
}

function clientOver(
  http: HttpTransport,
  options: { maxConcurrency?: number; connections?: number; resilience?: ResilienceConfig; timeoutMs?: number } = {},
) {
  const broker = fakeBroker();
  const client = new UpstreamClient({
    http,
    tokens: broker.tokens,
    baseUrl: 'http://upstream.test',
    clientId: 'app',
    timeoutMs: options.timeoutMs ?? 1_000,
    maxConcurrency: options.maxConcurrency ?? 4,
    ...(options.connections !== undefined && { connections: options.connections }),
    ...(options.resilience && { resilience: options.resilience }),
    logger: silentLogger,
  });
  return { client, asked: broker.asked };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const queryOf = (request: HttpRequest) => Object.fromEntries(new URL(request.url).searchParams);

describe('operations under a user grant', () => {
  it('refuses a call without a consent as CONSENT_REQUIRED, sending nothing', async () => {
    const http = scriptedTransport([]);
    const { client, asked } = clientOver(http);
    const error = await client.call('kycSmsNidVerificationGet', { path: { nid: '0012345678' } }).then(
      () => null,
      (failure: unknown) => failure as { extensions?: Record<string, unknown> },
    );

    expect(error?.extensions).toEqual({
      code: ErrorCode.ConsentRequired,
      scope: 'kyc:sms-nid-verification:get',
      grant: 'authorization_sms',
    });
    expect(http.requests).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('asks the consent for a token for the operation and the person in the path, and sends it', async () => {
    const http = scriptedTransport([done({ ok: true })]);
    const { client, asked } = clientOver(http);
    const { consent, needs } = fakeConsent();
    await client.call('kycSmsNidVerificationGet', { path: { nid: '0012345678' }, subject: '0099999999', consent });

    expect(needs).toEqual([
      {
        operationId: 'kycSmsNidVerificationGet',
        scope: 'kyc:sms-nid-verification:get',
        grant: 'authorization_sms',
        subject: '0012345678',
      },
    ]);
    expect(at(http.requests, 0).headers['authorization']).toBe('Bearer user-1');
    expect(asked).toEqual([]);
  });

  it('acts for the person named `user` in the path before a subject given beside it', async () => {
    const http = scriptedTransport([done({})]);
    const { client } = clientOver(http);
    const { consent, needs } = fakeConsent();
    await client.call('creditSmsBackChequesGet', { path: { user: '0012345678' }, subject: '0099999999', consent });

    expect(needs.map((need) => [need.subject, need.grant])).toEqual([['0012345678', 'authorization_sms']]);
  });

  it('acts for the subject given when the path names nobody', async () => {
    const http = scriptedTransport([done({})]);
    const { client } = clientOver(http);
    const { consent, needs } = fakeConsent();
    await client.call('kycSmsTaxInquiryGet', { query: { nationalCode: '0012345678' }, subject: '0012345678', consent });

    expect(needs.map((need) => need.subject)).toEqual(['0012345678']);
  });

  it('refuses a user-grant call that names nobody, before asking for a token or sending', async () => {
    const http = scriptedTransport([]);
    const { client } = clientOver(http);
    const { consent, needs } = fakeConsent();

    await expect(client.call('kycSmsTaxInquiryGet', { query: {}, consent })).rejects.toThrow(
      'kycSmsTaxInquiryGet runs under authorization_sms and needs the national id it acts for',
    );
    await expect(client.call('kycSmsTaxInquiryGet', { query: {}, subject: '', consent })).rejects.toThrow(
      /needs the national id/,
    );
    expect(needs).toEqual([]);
    expect(http.requests).toEqual([]);
  });

  it('renews a rejected user token through the consent and resends with the new one', async () => {
    const http = scriptedTransport([REJECTED, done({ ok: true })]);
    const { client, asked } = clientOver(http);
    const { consent, renewed } = fakeConsent();
    const answer = await client.call('kycSmsNidVerificationGet', { path: { nid: '0012345678' }, consent });

    expect(answer.result).toEqual({ ok: true });
    expect(renewed).toEqual(['user-1']);
    expect(http.requests.map((request) => request.headers['authorization'])).toEqual([
      'Bearer user-1',
      'Bearer user-2',
    ]);
    expect(asked).toEqual([]);
  });
});

describe('client-credentials tokens', () => {
  it("asks the broker for the operation's scope, and replaces the rejected token for that scope", async () => {
    const http = scriptedTransport([REJECTED, done({})]);
    const { client, asked } = clientOver(http);
    await client.call('kycMilitaryInquiryGet', { query: { nationalCode: '0012345678' } });

    expect(asked).toEqual(['get kyc:military-inquiry:get', 'replace kyc:military-inquiry:get cc-1']);
    expect(http.requests.map((request) => request.headers['authorization'])).toEqual(['Bearer cc-1', 'Bearer cc-2']);
  });

  it('takes a 403 for a rejected token whatever its error code, and resends once with a new one', async () => {
    const forbidden: HttpResponse = {
      status: 403,
      text: '{"trackId":"x","status":"FAILED","error":{"code":"FORBIDDEN","message":"no"}}',
    };
    const http = scriptedTransport([forbidden, done({ ok: true })]);
    const { client, asked } = clientOver(http);
    const answer = await client.call('kycMilitaryInquiryGet', { query: { nationalCode: '0012345678' } });

    expect(answer.result).toEqual({ ok: true });
    expect(asked).toEqual(['get kyc:military-inquiry:get', 'replace kyc:military-inquiry:get cc-1']);
    expect(http.requests.map((request) => request.headers['authorization'])).toEqual(['Bearer cc-1', 'Bearer cc-2']);
  });
});

describe('multipart forms', () => {
  it('sends text fields and files as a form, with no body and no content type of its own', async () => {
    const http = scriptedTransport([done({})]);
    const { client } = clientOver(http);
    const image = new Uint8Array([1, 2, 3, 4]);
    await client.call('kycOcrPost', {
      form: { side: 'front', cardImage: { data: image, filename: 'card.jpg', contentType: 'image/jpeg' } },
    });

    const request = at(http.requests, 0);
    expect(request.headers).toStrictEqual({ authorization: 'Bearer cc-1', accept: 'application/json' });
    expect('body' in request).toBe(false);
    const form = request.form;
    expect(form).toBeInstanceOf(FormData);
    expect(form?.get('side')).toBe('front');
    const file = form?.get('cardImage');
    expect(file).toBeInstanceOf(Blob);
    const blob = file as File;
    expect([blob.name, blob.type, [...new Uint8Array(await blob.arrayBuffer())]]).toEqual([
      'card.jpg',
      'image/jpeg',
      [1, 2, 3, 4],
    ]);
  });

  it('builds the form afresh for the resend after a rejected token', async () => {
    const http = scriptedTransport([REJECTED, done({})]);
    const { client } = clientOver(http);
    await client.call('kycOcrPost', { form: { side: 'front' } });

    const [first, second] = http.requests.map((request) => request.form);
    expect(second?.get('side')).toBe('front');
    expect(second).not.toBe(first);
  });

  it('refuses a call with both a JSON body and a form, sending nothing', async () => {
    const http = scriptedTransport([]);
    const { client } = clientOver(http);
    await expect(client.call('kycOcrPost', { body: {}, form: { side: 'front' } })).rejects.toThrow(
      'kycOcrPost: a call has a JSON body or a form, not both',
    );
    expect(http.requests).toEqual([]);
  });

  it('sends a JSON body with its content type and no form', async () => {
    const http = scriptedTransport([done({})]);
    const { client } = clientOver(http);
    await client.call('billingInquiryStatusPoll', { body: { requestId: 'r-1' } });

    const request = at(http.requests, 0);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe('{"requestId":"r-1"}');
    expect('form' in request || 'signal' in request).toBe(false);
  });
});

describe('the call log', () => {
  it('sends no trackId of its own for an operation whose trackId names another call', async () => {
    const http = scriptedTransport([done({})]);
    const { client } = clientOver(http);
    await client.call('devWagesGet', { query: { trackId: 'earlier-call' } });

    expect(queryOf(at(http.requests, 0))).toEqual({ trackId: 'earlier-call' });
  });
});

describe('answers', () => {
  it('gives the trackId sent when the answer has none, and no responseCode when it has none', async () => {
    const http = scriptedTransport([{ status: 200, text: '{"status":"DONE","result":{"a":1}}' }]);
    const { client } = clientOver(http);
    const answer = await client.call('billingInquiryStatusPoll', { body: {} });

    expect(answer).toStrictEqual({ result: { a: 1 }, trackId: queryOf(at(http.requests, 0))['trackId'] });
    expect(answer.trackId).toMatch(UUID);
  });

  it('passes the caller’s signal to the transport, and a GET has neither body nor content type', async () => {
    const http = scriptedTransport([done({})]);
    const { client } = clientOver(http);
    const controller = new AbortController();
    await client.call('kycMilitaryInquiryGet', { query: { nationalCode: '1' }, signal: controller.signal });

    const request = at(http.requests, 0);
    expect(request.signal).toBe(controller.signal);
    expect(request.headers).toStrictEqual({ authorization: 'Bearer cc-1', accept: 'application/json' });
    expect('body' in request || 'form' in request).toBe(false);
  });
});

describe('the capacity a connection pool leaves', () => {
  /** The most requests the transport held at once while `calls` calls were made. */
  async function peakInFlight(calls: number, options: { maxConcurrency: number; connections?: number }) {
    let inFlight = 0;
    let peak = 0;
    const waiting: Array<() => void> = [];
    const http: HttpTransport = {
      send: () =>
        new Promise((resolve) => {
          inFlight += 1;
          peak = Math.max(peak, inFlight);
          waiting.push(() => {
            inFlight -= 1;
            resolve(done({}));
          });
        }),
      close: async () => undefined,
    };
    const { client } = clientOver(http, options);
    const all = Promise.all(
      Array.from({ length: calls }, () => client.call('kycMilitaryInquiryGet', { query: { nationalCode: '1' } })),
    );
    let answered = 0;
    while (answered < calls) {
      await eventually(() => (waiting.length > 0 ? true : undefined), { what: 'a request in flight' });
      // Let every call that can start start before answering one.
      await new Promise((resolve) => setImmediate(resolve));
      waiting.shift()?.();
      answered += 1;
    }
    await all;
    return peak;
  }

  it('leaves one connection for token requests', async () => {
    expect(await peakInFlight(6, { maxConcurrency: 8, connections: 3 })).toBe(2);
  });

  it('lets one call out at a time over a single connection', async () => {
    expect(await peakInFlight(4, { maxConcurrency: 8, connections: 1 })).toBe(1);
  });

  it('stays within maxConcurrency over a larger pool', async () => {
    expect(await peakInFlight(6, { maxConcurrency: 2, connections: 10 })).toBe(2);
  });
});

describe('calls not sent', () => {
  it('a call whose budget is spent before it is sent is UPSTREAM_TIMEOUT, not sent', async () => {
    const http = scriptedTransport([]);
    const { client } = clientOver(http, { resilience: { ...NO_RESILIENCE, operationBudgetMs: 0 } });
    const error = await upstreamErrorOf(client.call('kycMilitaryInquiryGet', { query: { nationalCode: '1' } }));

    expect(error.details).toEqual({
      code: ErrorCode.UpstreamTimeout,
      message: 'The upstream did not answer within the time allowed for the call.',
      operationId: 'kycMilitaryInquiryGet',
      notSent: true,
    });
    expect(http.requests).toEqual([]);
  });
});

describe('path parameters', () => {
  it('refuses an empty path parameter before sending anything', async () => {
    const http = scriptedTransport([]);
    const { client } = clientOver(http);
    await expect(client.call('oakCcStatementGet', { path: { deposit: '' } })).rejects.toThrow(
      'Missing path parameter deposit for oakCcStatementGet',
    );
    expect(http.requests).toEqual([]);
  });
});

describe('failures that are not the transport’s', () => {
  it('lets an error the transport did not make through as it is, once', async () => {
    const bug = new RangeError('a bug, not the network');
    const http = scriptedTransport([bug, done({})]);
    const { client } = clientOver(http, { resilience: { ...NO_RESILIENCE, retryAttempts: 3 } });
    await expect(client.call('kycMilitaryInquiryGet', { query: { nationalCode: '1' } })).rejects.toBe(bug);
    expect(http.requests).toHaveLength(1);
  });
});

describe('which failures are resent', () => {
  const RETRIES: ResilienceConfig = { ...NO_RESILIENCE, retryAttempts: 2, retryInitialDelayMs: 1, retryMaxDelayMs: 1 };

  it('resends a read the upstream answered 408 in its envelope', async () => {
    const timedOut: HttpResponse = {
      status: 408,
      text: '{"status":"FAILED","error":{"code":"REQUEST_TIMEOUT","message":"late"}}',
    };
    const http = scriptedTransport([timedOut, done({ ok: true })]);
    const { client } = clientOver(http, { resilience: RETRIES });
    const answer = await client.call('kycMilitaryInquiryGet', { query: { nationalCode: '1' } });

    expect(answer.result).toEqual({ ok: true });
    expect(http.requests).toHaveLength(2);
  });

  it('does not resend a read the transport gave up as aborted', async () => {
    const http = scriptedTransport([new TransportError('aborted', false), done({ ok: true })]);
    const { client } = clientOver(http, { resilience: RETRIES });
    const error = await upstreamErrorOf(client.call('kycMilitaryInquiryGet', { query: { nationalCode: '1' } }));

    expect(error.message).toBe(CANCELLED_MESSAGE);
    expect(http.requests).toHaveLength(1);
  });

  it('answers a read its open breaker refused as not sent, without resending it', async () => {
    const failing: HttpResponse = { status: 503, text: '' };
    const http = scriptedTransport([failing, failing]);
    const { client } = clientOver(http, {
      resilience: { ...RETRIES, breakerMinCalls: 2, breakerThreshold: 0.5, breakerWindowMs: 60_000 },
    });
    const read = () => client.call('kycMilitaryInquiryGet', { query: { nationalCode: '1' } });
    await upstreamErrorOf(read());
    expect(client.resilience.breakerStateOf('kyc')).toBe('open');

    const refused = await upstreamErrorOf(read());
    expect(refused.details).toEqual({
      code: ErrorCode.UpstreamUnavailable,
      message: 'The upstream is failing; the call was not sent. Try again later.',
      operationId: 'kycMilitaryInquiryGet',
      notSent: true,
    });
    expect(http.requests).toHaveLength(2);
  });
});

describe('metrics', () => {
  /** Calls counted for `operation` so far, by outcome. */
  async function callsOf(operation: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const { labels, value } of (await upstreamCalls.get()).values) {
      if (labels['operation'] === operation) counts[String(labels['outcome'])] = value;
    }
    return counts;
  }

  async function countedDuring(operation: string, work: () => Promise<unknown>): Promise<Record<string, number>> {
    const before = await callsOf(operation);
    await work().catch(() => undefined);
    const after = await callsOf(operation);
    return Object.fromEntries(
      Object.entries(after)
        .map(([outcome, value]) => [outcome, value - (before[outcome] ?? 0)] as const)
        .filter(([, value]) => value !== 0),
    );
  }

  /** The seconds of upstream calls recorded for `operation` so far. */
  async function secondsOf(operation: string): Promise<number> {
    const values = (await upstreamDuration.get()).values;
    const sum = values.find(
      (value) =>
        value.metricName === 'subgraph_upstream_call_duration_seconds_sum' && value.labels['operation'] === operation,
    );
    return sum?.value ?? 0;
  }

  it('counts each call by operation and outcome: success, the error code in lower case, or not sent', async () => {
    const op = 'billingInquiryStatusPoll';
    const poll = (http: HttpTransport, resilience = NO_RESILIENCE) =>
      clientOver(http, { resilience }).client.call(op, { body: {} });
    const rejected: HttpResponse = {
      status: 400,
      text: '{"status":"FAILED","error":{"code":"VALIDATION_ERROR","message":"no"}}',
    };

    expect(await countedDuring(op, () => poll(scriptedTransport([done({})])))).toEqual({ success: 1 });
    expect(await countedDuring(op, () => poll(scriptedTransport([rejected])))).toEqual({ upstream_rejected: 1 });
    expect(await countedDuring(op, () => poll(scriptedTransport([new TransportError('timeout', true)])))).toEqual({
      upstream_timeout: 1,
    });
    expect(
      await countedDuring(op, () => poll(scriptedTransport([]), { ...NO_RESILIENCE, operationBudgetMs: 0 })),
    ).toEqual({ not_sent: 1 });
  });

  it('records how long each sent call took, in seconds, answered or not', async () => {
    let clock = 10_000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const slow = (outcome: HttpResponse | Error) => () => {
      clock += 250;
      return outcome;
    };
    const op = 'billingDetailInquiryCcGet';
    const before = await secondsOf(op);
    const { client } = clientOver(scriptedTransport([slow(done({})), slow(new TransportError('network', true))]));
    await client.call(op, {});
    await upstreamErrorOf(client.call(op, {}));

    expect((await secondsOf(op)) - before).toBeCloseTo(0.5, 6);
  });
});
