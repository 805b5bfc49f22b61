/**
 * Completing an SMS consent claims it before the upstream sees the OTP, even when the store answers
 * slowly enough that concurrent completions all read the pending consent before any of them claims it
 * (a shared store across replicas does).
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryConsentStore } from '../../src/consent/memoryStore.js';
import { ConsentService } from '../../src/consent/service.js';
import type { ConsentRecord } from '../../src/consent/types.js';
import { UpstreamGrants, type OtpCheck, type OtpRequest, type TokenGrant } from '../../src/consent/upstreamGrants.js';
import type { OAuthEndpoint } from '../../src/datasources/upstream/tokenBroker.js';

const NATIONAL_ID = '0499370899';

/** A store whose next reads, once gated, all wait until that many of them are in flight. */
class GatedStore extends MemoryConsentStore {
  private waiting: Array<() => void> = [];
  private readers = 0;

  gateNextReads(readers: number): void {
    this.readers = readers;
  }

  override async get(key: string): Promise<ConsentRecord | null> {
    if (this.readers > 1) {
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        if (this.waiting.length >= this.readers) {
          this.readers = 0;
          for (const release of this.waiting.splice(0)) release();
        }
      });
    }
    return super.get(key);
  }
}

/** The upstream's side of the grants, counted; every OTP is right. */
class CountingGrants extends UpstreamGrants {
  verified = 0;
  exchanged = 0;

  constructor() {
    super({} as OAuthEndpoint, 'https://app.example/done');
  }

  override async requestOtp(): Promise<OtpRequest> {
    return { kind: 'sent', trackId: 'otp-track' };
  }

  override async verifyOtp(): Promise<OtpCheck> {
    this.verified += 1;
    return { kind: 'code', code: `code-${this.verified}` };
  }

  override async exchangeCode(): Promise<TokenGrant> {
    this.exchanged += 1;
    return {
      kind: 'issued',
      token: {
        value: 'access',
        refreshToken: 'refresh',
        expiresAt: Date.now() + 600_000,
        scopes: null,
        userId: NATIONAL_ID,
      },
    };
  }
}

describe('concurrent completions of one SMS consent, with a slow store', () => {
  it('verify the OTP and redeem its code once', async () => {
    const store = new GatedStore();
    const grants = new CountingGrants();
    const service = new ConsentService({
      store,
      grants,
      logger: pino({ level: 'silent' }),
      smsPendingMs: 180_000,
      codePendingMs: 600_000,
      refreshMarginMs: 60_000,
    });
    const started = await service.startSms({
      nationalId: NATIONAL_ID,
      mobile: '09121234567',
      scopes: ['kyc:sms-tax-Inquiry:get'],
    });
    expect(started.kind).toBe('challenge');
    const consentId = started.kind === 'challenge' ? started.consentId : '';

    // Both completions read the pending consent before either goes on.
    store.gateNextReads(2);
    const outcomes = await Promise.all([
      service.completeSms({ consentId, otp: '12345' }),
      service.completeSms({ consentId, otp: '12345' }),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['expired', 'granted']);
    expect(grants.verified).toBe(1);
    expect(grants.exchanged).toBe(1);
    await store.close();
  });
});
