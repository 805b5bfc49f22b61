/** What every ConsentStore promises, run against each store by its own test file. */
import { describe, expect, it } from 'vitest';
import type { ConsentRecord, ConsentStore } from '../../src/consent/types.js';
import { eventually } from '../helpers/eventually.js';

/** Makes a fresh, empty store; the caller closes it after the test. */
export type NewConsentStore = () => ConsentStore | Promise<ConsentStore>;

/** A granted consent, with its upstream tokens. */
export const activeRecord = (overrides: Partial<ConsentRecord> = {}): ConsentRecord => ({
  id: 'consent-1',
  nationalId: '0499370899',
  mobile: '09121234567',
  grant: 'authorization_sms',
  bank: null,
  requestedScopes: ['kyc:sms-tax-Inquiry:get'],
  grantedScopes: ['kyc:sms-tax-Inquiry:get'],
  state: {
    status: 'ACTIVE',
    accessToken: 'access-token-9f3c1a7e5b',
    refreshToken: 'refresh-token-4d2e8b6a0c',
    expiresAt: 1_900_000_000_000,
  },
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_500,
  ...overrides,
});

/** A consent waiting for its OTP. */
export const pendingRecord = (): ConsentRecord => ({
  ...activeRecord(),
  grantedScopes: [],
  state: {
    status: 'PENDING',
    otpTrackId: 'otp-track-1',
    oauthState: 'oauth-state-7c1d',
    expiresAt: 1_700_000_180_000,
    failedAttempts: 2,
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeConsentStore(newStore: NewConsentStore): void {
  describe('the ConsentStore contract', () => {
    it('gives back a created record as it was, and null for an unknown key', async () => {
      const store = await newStore();
      await store.create('active:a', activeRecord(), 60_000);
      await store.create('pending:a', pendingRecord(), 60_000);
      expect(await store.get('active:a')).toEqual(activeRecord());
      expect(await store.get('pending:a')).toEqual(pendingRecord());
      expect(await store.get('active:b')).toBeNull();
    });

    it('hands out copies: changing one changes nothing stored', async () => {
      const store = await newStore();
      await store.create('active:a', activeRecord(), 60_000);
      const copy = (await store.get('active:a')) as unknown as { nationalId: string; grantedScopes: string[] };
      copy.nationalId = 'changed';
      copy.grantedScopes.push('more');
      expect(await store.get('active:a')).toEqual(activeRecord());
    });

    it('forgets a record after its ttl', async () => {
      const store = await newStore();
      await store.create('active:a', activeRecord(), 80);
      expect(await store.get('active:a')).not.toBeNull();
      await eventually(async () => (await store.get('active:a')) === null, { what: 'the record to expire' });
      expect(await store.update('active:a', activeRecord(), 60_000)).toBe(false);
      expect(await store.get('active:a')).toBeNull();
    });

    it('create replaces whatever was under the key', async () => {
      const store = await newStore();
      await store.create('pending:a', pendingRecord(), 60_000);
      await store.create('pending:a', { ...pendingRecord(), id: 'another' }, 60_000);
      expect((await store.get('pending:a'))?.id).toBe('another');
    });

    it('update replaces an existing record and its ttl', async () => {
      const store = await newStore();
      await store.create('active:a', activeRecord(), 80);
      const renewed = activeRecord({
        state: { status: 'ACTIVE', accessToken: 'renewed', refreshToken: null, expiresAt: 2_000_000_000_000 },
      });
      expect(await store.update('active:a', renewed, 60_000)).toBe(true);
      // Well past the first ttl: the record is still there.
      await sleep(200);
      expect(await store.get('active:a')).toEqual(renewed);
    });

    it('update never brings back a record that is gone', async () => {
      const store = await newStore();
      expect(await store.update('active:a', activeRecord(), 60_000)).toBe(false);
      expect(await store.get('active:a')).toBeNull();
      await store.create('active:a', activeRecord(), 60_000);
      expect(await store.delete('active:a')).toBe(true);
      expect(await store.update('active:a', activeRecord(), 60_000)).toBe(false);
      expect(await store.get('active:a')).toBeNull();
    });

    it('delete forgets a record and says true once, false for nothing there', async () => {
      const store = await newStore();
      await store.create('active:a', activeRecord(), 60_000);
      expect(await store.delete('active:a')).toBe(true);
      expect(await store.get('active:a')).toBeNull();
      expect(await store.delete('active:a')).toBe(false);
      expect(await store.delete('active:never')).toBe(false);
    });

    it('lets exactly one of many concurrent deletes claim a record', async () => {
      const store = await newStore();
      await store.create('pending:a', pendingRecord(), 60_000);
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.delete('pending:a')));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('keeps records of different keys apart', async () => {
      const store = await newStore();
      await store.create('active:a', activeRecord({ id: 'a' }), 60_000);
      await store.create('active:b', activeRecord({ id: 'b' }), 60_000);
      await store.delete('active:a');
      expect((await store.get('active:b'))?.id).toBe('b');
    });
  });
}
