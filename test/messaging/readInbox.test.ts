/** Reading the upstream's inbox: what is asked, and how its answer is read. */
import { describe, expect, it } from 'vitest';
import { readInbox, receiveTimeOf } from '../../src/datasources/flows/inbox.js';
import type { UpstreamResult } from '../../src/datasources/upstream/client.js';

function upstreamAnswering(result: unknown) {
  const sent: Array<{ operationId: string; query: unknown }> = [];
  return {
    sent,
    send: async (operationId: string, options: { query?: unknown }): Promise<UpstreamResult> => {
      sent.push({ operationId, query: options.query });
      return { result, trackId: 'track-1' };
    },
  };
}

describe('readInbox', () => {
  it('asks for at most 100 messages of the number, and keeps them under it, oldest first', async () => {
    const upstream = upstreamAnswering({
      data: [
        {
          sourceAddress: '0912',
          destinationAddress: '98200000',
          messageText: ' second ',
          receiveDateTime: '2026-11-25T10:00:02Z',
        },
        {
          sourceAddress: 912,
          destinationAddress: '200000',
          messageText: 'first',
          receiveDateTime: '2026-11-25T10:00:01',
        },
      ],
    });
    const read = await readInbox(upstream, '200000');
    expect(upstream.sent).toEqual([
      { operationId: 'facilityReceiveSmsGet', query: { destinationNumber: '200000', limit: '100' } },
    ]);
    expect(read).toEqual({
      messages: [
        { from: '912', to: '200000', text: 'first', receivedAt: '2026-11-25T10:00:01.000Z' },
        { from: '0912', to: '200000', text: ' second ', receivedAt: '2026-11-25T10:00:02.000Z' },
      ],
      full: false,
      undated: 0,
    });
  });

  it('says a read was full, and dates a message without a readable time by the read', async () => {
    const upstream = upstreamAnswering({
      data: [{ sourceAddress: '0912', messageText: null, receiveDateTime: 'soon' }],
    });
    const read = await readInbox(upstream, '200000', { limit: 1, clock: { now: () => Date.UTC(2026, 10, 25, 12) } });
    expect(read).toEqual({
      messages: [{ from: '0912', to: '200000', text: '', receivedAt: '2026-11-25T12:00:00.000Z' }],
      full: true,
      undated: 1,
    });
  });

  it('reads an empty or absent list as no messages', async () => {
    for (const result of [{ data: [] }, {}, { data: null }])
      expect((await readInbox(upstreamAnswering(result), '200000')).messages).toEqual([]);
  });

  it('reads receive times in UTC unless they carry an offset', () => {
    expect(receiveTimeOf('2026-11-25T10:00:00')).toBe('2026-11-25T10:00:00.000Z');
    expect(receiveTimeOf('2026-11-25T13:30:00+03:30')).toBe('2026-11-25T10:00:00.000Z');
    expect(receiveTimeOf('2026-11-25T13:30:00+0330')).toBe('2026-11-25T10:00:00.000Z');
    expect(receiveTimeOf('nonsense')).toBeNull();
    expect(receiveTimeOf(null)).toBeNull();
  });
});
