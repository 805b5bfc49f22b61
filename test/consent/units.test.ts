/** The pieces under the consent flows: the store, and how per-request access passes the consent on. */
import { describe, expect, it } from 'vitest';
import { MemoryConsentStore } from '../../src/consent/memoryStore.js';
import { storeKey } from '../../src/consent/secrets.js';
import type { ConsentRecord } from '../../src/consent/types.js';
import { RequestUpstream } from '../../src/datasources/shared/requestUpstream.js';
import type { CallOptions, UserCredentials } from '../../src/datasources/upstream/client.js';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { at, present } from '../helpers/responses.js';

const record = (nationalId = '0499370899'): ConsentRecord => ({
  id: 'c1',
  nationalId,
  mobile: '09121234567',
  grant: 'authorization_sms',
  bank: null,
  requestedScopes: ['kyc:sms-tax-Inquiry:get'],
  grantedScopes: [],
  state: { status: 'PENDING', otpTrackId: 't', oauthState: 's', expiresAt: 1_000, failedAttempts: 0 },
  createdAt: 0,
  updatedAt: 0,
});

describe('MemoryConsentStore', () => {
  it('forgets a record after its ttl', async () => {
    let now = 0;
    const store = new MemoryConsentStore({ now: () => now });
    await store.create('k', record(), 100);
    expect(await store.get('k')).not.toBeNull();
    now = 100;
    expect(await store.get('k')).toBeNull();
    expect(await store.update('k', record(), 100)).toBe(false);
    await store.close();
  });

  it('hands out copies, so a caller cannot change what is stored', async () => {
    const store = new MemoryConsentStore();
    await store.create('k', record(), 1_000);
    const copy = (await store.get('k')) as { nationalId: string };
    copy.nationalId = 'changed';
    expect(present(await store.get('k'), 'the stored consent').nationalId).toBe('0499370899');
    await store.close();
  });

  it('lets exactly one of many concurrent deletes claim a record', async () => {
    const store = new MemoryConsentStore();
    await store.create('k', record(), 1_000);
    const claims = await Promise.all([store.delete('k'), store.delete('k'), store.delete('k')]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await store.close();
  });

  it('keys records by a digest, never by the secret itself', () => {
    const handle = 'a'.repeat(43);
    expect(storeKey('active', handle)).not.toContain(handle);
    expect(storeKey('active', handle)).not.toBe(storeKey('pending', handle));
  });
});

describe('RequestUpstream and the consent', () => {
  const consent = (key: string): UserCredentials => ({ key, token: async () => 'x', renew: async () => 'y' });

  function fakeClient() {
    const seen: Array<{ operationId: OperationId; options: CallOptions }> = [];
    return {
      seen,
      call: async (operationId: OperationId, options: CallOptions = {}) => {
        seen.push({ operationId, options });
        return { result: {}, trackId: 't' };
      },
    };
  }

  it('passes the consent to user-grant operations only', async () => {
    const client = fakeClient();
    const access = new RequestUpstream(client, 4, undefined, consent('c1'));
    await access.read('kycSmsTaxInquiryGet', { query: { nationalCode: '0499370899' }, subject: '0499370899' });
    await access.read('billingInquiryCcGet', { query: { type: 'Tel', parameter: '02177689361' } });
    expect(at(client.seen, 0).options.consent?.key).toBe('c1');
    expect(at(client.seen, 0).options.subject).toBe('0499370899');
    expect(at(client.seen, 1).options.consent).toBeUndefined();
  });

  it('deduplicates reads under one consent', async () => {
    const client = fakeClient();
    const access = new RequestUpstream(client, 4, undefined, consent('c1'));
    const options = { query: { nationalCode: '0499370899' }, subject: '0499370899' };
    await Promise.all([
      access.read('kycSmsTaxInquiryGet', options),
      access.read('kycSmsTaxInquiryGet', { ...options }),
    ]);
    expect(client.seen).toHaveLength(1);
  });

  it('without a consent, sends user-grant operations without one (the client then asks for consent)', async () => {
    const client = fakeClient();
    const access = new RequestUpstream(client, 4);
    await access.read('kycSmsTaxInquiryGet', { query: { nationalCode: '0499370899' }, subject: '0499370899' });
    expect(at(client.seen, 0).options.consent).toBeUndefined();
  });
});
