/**
 * ConsentService on its own, with a store in memory, scripted upstream grants and a clock the test
 * sets: the edges of expiry, renewal and completion that the end-to-end tests cannot reach exactly.
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryConsentStore } from '../../src/consent/memoryStore.js';
import { storeKey } from '../../src/consent/secrets.js';
import { ConsentService } from '../../src/consent/service.js';
import type { ConsentRecord } from '../../src/consent/types.js';
import {
  UpstreamGrants,
  type OtpCheck,
  type OtpRequest,
  type Revocation,
  type TokenGrant,
} from '../../src/consent/upstreamGrants.js';
import type { IssuedToken, OAuthEndpoint } from '../../src/datasources/upstream/tokenBroker.js';
import { tokenRenewals } from '../../src/observability/metrics.js';

const NATIONAL_ID = '0499370899';
const SCOPE = 'kyc:sms-tax-Inquiry:get';
const NEED = { operationId: 'taxDebts', scope: SCOPE, grant: 'authorization_sms', subject: NATIONAL_ID } as const;
const MARGIN = 60_000;
const HANDLE = 'h'.repeat(43);
const KEY = storeKey('active', HANDLE);

const issued = (token: Partial<IssuedToken> = {}): TokenGrant => ({
  kind: 'issued',
  token: { value: 'access', refreshToken: 'refresh', expiresAt: 600_000, scopes: null, userId: NATIONAL_ID, ...token },
});

/** Upstream grants whose answers the test scripts; every call is recorded. */
class ScriptedGrants extends UpstreamGrants {
  otp: OtpCheck = { kind: 'invalid' };
  exchange: () => Promise<TokenGrant> = async () => issued();
  renewal: () => Promise<TokenGrant> = async () => issued({ value: 'renewed' });
  readonly refreshed: Array<string | null> = [];
  readonly revoked: string[] = [];

  constructor() {
    super({} as OAuthEndpoint, 'https://app.example/done');
  }

  override async requestOtp(): Promise<OtpRequest> {
    return { kind: 'sent', trackId: 'otp-track' };
  }

  override async verifyOtp(): Promise<OtpCheck> {
    return this.otp;
  }

  override exchangeCode(): Promise<TokenGrant> {
    return this.exchange();
  }

  override refresh(_consent: unknown, refreshToken: string | null): Promise<TokenGrant> {
    this.refreshed.push(refreshToken);
    return this.renewal();
  }

  override async revoke(_consent: unknown, accessToken: string): Promise<Revocation> {
    this.revoked.push(accessToken);
    return { kind: 'revoked' };
  }
}

const activeRecord = (state: Partial<{ accessToken: string; refreshToken: string | null; expiresAt: number }> = {}) =>
  ({
    id: 'consent-1',
    nationalId: NATIONAL_ID,
    mobile: '09121234567',
    grant: 'authorization_sms',
    bank: null,
    requestedScopes: [SCOPE],
    grantedScopes: [SCOPE],
    state: { status: 'ACTIVE', accessToken: 'access', refreshToken: 'refresh', expiresAt: 600_000, ...state },
    createdAt: 0,
    updatedAt: 0,
  }) satisfies ConsentRecord;

let now = 0;
const stores: MemoryConsentStore[] = [];

afterEach(async () => {
  now = 0;
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

function harness(store = new MemoryConsentStore({ now: () => now })) {
  stores.push(store);
  const grants = new ScriptedGrants();
  const service = new ConsentService({
    store,
    grants,
    logger: pino({ level: 'silent' }),
    smsPendingMs: 180_000,
    codePendingMs: 600_000,
    refreshMarginMs: MARGIN,
    clock: { now: () => now },
  });
  return { store, grants, service };
}

async function startSms(service: ConsentService): Promise<string> {
  const started = await service.startSms({ nationalId: NATIONAL_ID, mobile: '09121234567', scopes: [SCOPE] });
  if (started.kind !== 'challenge') throw new Error('no challenge');
  return started.consentId;
}

const unauthenticated = (message?: string) => ({
  extensions: { code: 'UNAUTHENTICATED' },
  ...(message !== undefined && { message }),
});

describe('completing a consent', () => {
  it('finds a pending consent expired at its expiry, and forgets it, whatever the store’s clock', async () => {
    // A store that has not expired it yet (its clock lags this process's).
    const { store, service } = harness(new MemoryConsentStore({ now: () => 0 }));
    const consentId = await startSms(service);
    now = 180_000;
    expect(await service.completeSms({ consentId, otp: '12345' })).toEqual({ kind: 'expired' });
    expect(store.size).toBe(0);
  });

  it('puts a consent back after a wrong OTP for the rest of its time only', async () => {
    const { store, service } = harness();
    const consentId = await startSms(service);
    now = 100_000;
    expect(await service.completeSms({ consentId, otp: '12345' })).toEqual({ kind: 'invalidOtp', attemptsLeft: 4 });
    now = 179_999;
    expect(await store.get(storeKey('pending', consentId))).not.toBeNull();
    now = 180_000;
    expect(await store.get(storeKey('pending', consentId))).toBeNull();
  });

  it('does not complete a consent of one grant with the other', async () => {
    const { service } = harness();
    const consentId = await startSms(service);
    expect(await service.completeCode({ consentId, code: 'code' })).toEqual({ kind: 'expired' });
    const code = await service.startCode({ nationalId: NATIONAL_ID, bank: '062', scopes: [SCOPE] });
    expect(code.kind).toBe('challenge');
    await expect(
      service.completeCode({ consentId: code.consentId, code: 'code', state: 'another' }),
    ).rejects.toMatchObject({
      message: 'input.state: not the state this consent sent to the authorization page',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await service.completeSms({ consentId: code.consentId, otp: '12345' })).toEqual({ kind: 'expired' });
  });

  it('finds a consent whose token expires as it is granted expired', async () => {
    const { store, grants, service } = harness();
    const consentId = await startSms(service);
    grants.otp = { kind: 'code', code: 'code' };
    now = 1_000;
    grants.exchange = async () => issued({ expiresAt: 1_000 });
    expect(await service.completeSms({ consentId, otp: '12345' })).toEqual({ kind: 'expired' });
    expect(store.size).toBe(0);
  });

  it('grants the scopes asked for when the token does not list them, until the token expires', async () => {
    const { store, grants, service } = harness();
    const code = await service.startCode({ nationalId: NATIONAL_ID, bank: '062', scopes: [SCOPE] });
    grants.exchange = async () => issued({ expiresAt: 50_000 });
    const granted = await service.completeCode({ consentId: code.consentId, code: 'code' });
    expect(granted).toMatchObject({ kind: 'granted', consent: { scopes: [SCOPE], expiresAt: 50_000 } });
    const handle = granted.kind === 'granted' ? granted.handle : '';
    now = 49_999;
    expect(await store.get(storeKey('active', handle))).not.toBeNull();
    now = 50_000;
    expect(await store.get(storeKey('active', handle))).toBeNull();
  });

  it('refuses a consent confirmed by another person, saying so', async () => {
    const { grants, service } = harness();
    const consentId = await startSms(service);
    grants.otp = { kind: 'code', code: 'code' };
    grants.exchange = async () => issued({ userId: '0084575948' });
    await expect(service.completeSms({ consentId, otp: '12345' })).rejects.toMatchObject({
      message: 'The person who confirmed the consent is not the one it was started for.',
      extensions: { code: 'FORBIDDEN' },
    });
  });
});

describe('using a consent', () => {
  it('refuses a field about another person, saying so', async () => {
    const { store, service } = harness();
    await store.create(KEY, activeRecord(), 10_000_000);
    await expect(service.tokenFor(HANDLE, { ...NEED, subject: '0084575948' })).rejects.toMatchObject({
      message: 'The consent was granted for another person than the one this field is about.',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('gives the consent stored under a key as credentials, with the same checks', async () => {
    const { store, service } = harness();
    await store.create(KEY, activeRecord(), 10_000_000);
    const credentials = service.credentialsAt(KEY);
    expect(credentials.key).toBe(KEY);
    expect(await credentials.token(NEED)).toBe('access');
    expect(await credentials.renew('access')).toBe('renewed');
    await store.delete(KEY);
    await expect(credentials.token(NEED)).rejects.toMatchObject(unauthenticated());
  });

  it('is UNAUTHENTICATED for an unknown handle, and from the moment its token expires', async () => {
    const { store, service } = harness();
    await expect(service.describe(HANDLE)).rejects.toMatchObject(unauthenticated());
    await expect(service.renewFor(HANDLE, 'access')).rejects.toMatchObject(unauthenticated());
    await store.create(KEY, activeRecord({ expiresAt: 600_000 }), 10_000_000);
    now = 600_000;
    await expect(service.describe(HANDLE)).rejects.toMatchObject(unauthenticated());
    await expect(service.tokenFor(HANDLE, NEED)).rejects.toMatchObject(unauthenticated());
  });

  it('without a refresh token: keeps the token until it expires, and drops the consent when it is rejected', async () => {
    const { store, grants, service } = harness();
    await store.create(KEY, activeRecord({ refreshToken: null }), 10_000_000);
    now = 600_000 - MARGIN;
    expect(await service.tokenFor(HANDLE, NEED)).toBe('access');
    await expect(service.renewFor(HANDLE, 'access')).rejects.toMatchObject(
      unauthenticated('The consent can no longer be renewed; ask the person to consent again.'),
    );
    expect(grants.refreshed).toEqual([]);
    expect(await store.get(KEY)).toBeNull();
  });

  it('does not renew a token another replica renewed meanwhile', async () => {
    const { store, grants, service } = harness();
    await store.create(KEY, activeRecord({ accessToken: 'theirs', expiresAt: 900_000 }), 10_000_000);
    now = 600_000 - MARGIN;
    expect(await service.renewFor(HANDLE, 'access')).toBe('theirs');
    // Read as due by this replica, renewed by another before this one renews it.
    const stale = activeRecord({ expiresAt: 600_000 });
    const renewed = activeRecord({ accessToken: 'renewed-there', expiresAt: 900_000 });
    let reads = 0;
    store.get = async () => (reads++ === 0 ? stale : renewed);
    expect(await service.tokenFor(HANDLE, NEED)).toBe('renewed-there');
    expect(grants.refreshed).toEqual([]);
  });

  it('throws the failure of a forced renewal instead of the rejected token', async () => {
    const { store, grants, service } = harness();
    await store.create(KEY, activeRecord(), 10_000_000);
    grants.renewal = () => Promise.reject(new Error('upstream down'));
    await expect(service.renewFor(HANDLE, 'access')).rejects.toThrow('upstream down');
  });

  it('keeps the renewed token’s scopes, until the renewed token expires', async () => {
    const { store, grants, service } = harness();
    await store.create(KEY, activeRecord({ expiresAt: 100_000 }), 10_000_000);
    // Due from exactly the margin before its expiry.
    now = 100_000 - MARGIN;
    grants.renewal = async () => issued({ value: 'renewed', expiresAt: 200_000, scopes: ['other:scope'] });
    expect(await service.tokenFor(HANDLE, NEED)).toBe('renewed');
    expect(grants.refreshed).toEqual(['refresh']);
    expect((await service.describe(HANDLE)).scopes).toEqual(['other:scope']);
    now = 199_999;
    expect(await store.get(KEY)).not.toBeNull();
    now = 200_000;
    expect(await store.get(KEY)).toBeNull();
  });

  it('says why a renewal dropped the consent', async () => {
    const { store, grants, service } = harness();
    await store.create(KEY, activeRecord(), 10_000_000);
    grants.renewal = async () => ({ kind: 'refused', upstreamCode: null });
    await expect(service.renewFor(HANDLE, 'access')).rejects.toMatchObject(
      unauthenticated('The upstream no longer honours this consent; ask the person to consent again.'),
    );
    await store.create(KEY, activeRecord(), 10_000_000);
    grants.renewal = async () => issued({ userId: '0084575948' });
    await expect(service.renewFor(HANDLE, 'access')).rejects.toMatchObject({
      message: 'The renewed consent does not act for the person who gave it; it was dropped.',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('revokes upstream a token renewed for a consent revoked meanwhile', async () => {
    const { store, grants, service } = harness();
    await store.create(KEY, activeRecord(), 10_000_000);
    grants.renewal = async () => {
      await store.delete(KEY);
      return issued({ value: 'renewed' });
    };
    await expect(service.renewFor(HANDLE, 'access')).rejects.toMatchObject(unauthenticated());
    expect(grants.revoked).toEqual(['renewed']);
    expect(await store.get(KEY)).toBeNull();
  });

  it('counts each renewal by its reason', async () => {
    const { store, service } = harness();
    const count = async (reason: string) =>
      (await tokenRenewals.get()).values.find(
        (value) => value.labels.kind === 'consent' && value.labels.reason === reason,
      )?.value ?? 0;
    const [forced, expiry] = [await count('rejected'), await count('expiry')];
    await store.create(KEY, activeRecord(), 10_000_000);
    await service.renewFor(HANDLE, 'access');
    expect([await count('rejected'), await count('expiry')]).toEqual([forced + 1, expiry]);
    await store.create(KEY, activeRecord({ accessToken: 'due', expiresAt: 100_000 }), 10_000_000);
    now = 50_000;
    await service.tokenFor(HANDLE, NEED);
    expect([await count('rejected'), await count('expiry')]).toEqual([forced + 1, expiry + 1]);
  });
});
