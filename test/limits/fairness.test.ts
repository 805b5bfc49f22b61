/**
 * A heavy caller does not starve a light one: with the process-wide upstream capacity saturated by one
 * caller's fan-out (each call slowed by the sandbox), another caller's one-call query reaches the
 * upstream among the next few calls after it arrives, not after the heavy caller's whole queue.
 */
import { describe, expect, it } from 'vitest';
import { WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { eventually } from '../helpers/eventually.js';

const SECRET = 'router-secret-of-the-tests';
const CAPACITY = 4;
const HEAVY_REQUESTS = 6;
const ALIASES = 25;
/**
 * Calls that may reach the upstream after the light request is sent and before its own: the slots free
 * together, so the calls given them travel to the sandbox side by side and may land in any order.
 */
const BOUND = CAPACITY - 1;

const h = useHarness({
  env: { ROUTER_SECRET: SECRET, UPSTREAM_MAX_CONCURRENCY: String(CAPACITY), UPSTREAM_TIMEOUT_MS: '10000' },
});

/** National ids that pass the checksum: nine digits, then the check digit. */
function nationalId(n: number): string {
  const digits = String(100_000_000 + n).slice(0, 9);
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (10 - i), 0) % 11;
  return `${digits}${sum < 2 ? sum : 11 - sum}`;
}

const as = (clientName: string) => ({ 'router-authorization': SECRET, 'apollographql-client-name': clientName });

describe('fair shares of the upstream capacity', () => {
  it("dispatches a light caller's call within a few dispatches, however long the heavy caller's queue", async () => {
    // The first heavy calls hold every slot for a second: the light request arrives while nothing frees.
    // Every later heavy call takes 20 ms, so the heavy caller keeps all slots busy throughout.
    h.sandbox.injectFault({ operationId: 'oakBlacklistInquiryGet', delayMs: 1_000, times: CAPACITY });
    h.sandbox.injectFault({ operationId: 'oakBlacklistInquiryGet', delayMs: 20, times: Infinity });
    const heavy = Array.from({ length: HEAVY_REQUESTS }, (_, r) => {
      const aliases = Array.from(
        { length: ALIASES },
        (_, i) => `p${i}: person(nationalId: "${nationalId(r * ALIASES + i + 1)}") { bankBlacklist { blocked } }`,
      );
      return h.gql(`{ ${aliases.join('\n')} }`, undefined, as('heavy'));
    });
    await eventually(() => (h.upstreamCalls('oakBlacklistInquiryGet').length >= CAPACITY ? true : undefined));

    const sentAt = h.upstreamCalls().length;
    expect(sentAt).toBe(CAPACITY);
    const light = await h.gql<{ person: { militaryService: { allowed: boolean } | null } }>(
      `{ person(nationalId: "${WOMAN.nationalId}") { militaryService { allowed } } }`,
      undefined,
      as('light'),
    );
    expect(light.errors).toBeUndefined();
    await Promise.all(heavy);

    const calls = h.upstreamCalls();
    const lightIndex = calls.findIndex((call) => call.operationId === 'kycMilitaryInquiryGet');
    expect(calls.filter((call) => call.operationId === 'oakBlacklistInquiryGet')).toHaveLength(
      HEAVY_REQUESTS * ALIASES,
    );
    // When the light request arrives every slot is taken and the heavy caller has over 90 calls queued.
    // First come, first served would put the light call after all of them; round-robin by caller gives
    // it the second freed slot.
    expect(lightIndex - sentAt).toBeLessThanOrEqual(BOUND);
    expect(calls.length - lightIndex).toBeGreaterThan(90);
  });
});
