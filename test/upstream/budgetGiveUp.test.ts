/**
 * A call answered "not sent" because its time budget ran out while it waited for a slot must never be
 * sent later: the action desk settles such a money action as NOT_APPLIED. Node's timers may fire a
 * little before the clock the budget reads reaches the deadline (the loop's cached time), so the
 * decision "not sent" must hold by itself, not be taken again from the clock when a slot frees.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_RESILIENCE, UpstreamClient } from '../../src/datasources/upstream/client.js';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/datasources/upstream/http.js';
import type { TokenBroker } from '../../src/datasources/upstream/tokenBroker.js';
import { silentLogger, upstreamErrorOf } from './support.js';
import { eventually } from '../helpers/eventually.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const DONE: HttpResponse = { status: 200, text: JSON.stringify({ trackId: 'x', status: 'DONE', result: {} }) };

describe('a call that gave up waiting for a slot', () => {
  it('is never sent when the slot frees before the clock reaches its deadline', async () => {
    // The budget's clock stands still: the timer that ends the wait fires "early" by its reading.
    vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const sent: HttpRequest[] = [];
    let freeSlot: (response: HttpResponse) => void = () => undefined;
    const http: HttpTransport = {
      send(request) {
        sent.push(request);
        return sent.length === 1 ? new Promise<HttpResponse>((resolve) => (freeSlot = resolve)) : Promise.resolve(DONE);
      },
      close: async () => undefined,
    };
    const tokens = { getToken: async () => 'token', replaceRejected: async () => 'token' } as unknown as TokenBroker;
    const client = new UpstreamClient({
      http,
      tokens,
      baseUrl: 'http://127.0.0.1:9',
      clientId: 'client',
      timeoutMs: 1_000,
      maxConcurrency: 1,
      resilience: { ...NO_RESILIENCE, operationBudgetMs: 20 },
      logger: silentLogger,
    });
    const holding = client.call('ecityPostalCodeGet', { query: { postalCode: '1357913579' } });
    await eventually(() => sent.length === 1, { what: 'the first call to be sent' });
    const waiting = client.call('ecityPostalCodeGet', {
      query: { postalCode: '2468024680' },
      trackId: 'chosen-track-id',
    });
    const error = await upstreamErrorOf(waiting);
    expect(error.details.notSent).toBe(true);
    freeSlot(DONE);
    await holding;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
  });
});
