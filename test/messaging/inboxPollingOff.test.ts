/** With `SMS_INBOX_POLL_MS=0` no inbox is read at the upstream: each read is a call the client pays for. */
import { describe, expect, it } from 'vitest';
import { SENDER_NUMBERS } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { at } from '../helpers/responses.js';

const h = useHarness({ env: { SMS_INBOX_POLL_MS: '0' } });

describe('inbox polling switched off', () => {
  it('reads no inbox, leaving the upstream’s messages where they are', async () => {
    const number = at(SENDER_NUMBERS, 0);
    h.sandbox.deliverInboundSms({
      sourceAddress: '09121234567',
      destinationAddress: number,
      messageText: 'still there',
    });
    // Proves an absence: long enough for a poller started at once, and several at a 20 ms interval.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(h.upstreamCalls('facilityReceiveSmsGet')).toEqual([]);
    expect(h.sandbox.waitingInboundSms(number)).toBe(1);
  });
});
