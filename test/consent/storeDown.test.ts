/** A consent store that does not answer: no OTP is texted for a consent that could not be kept. */
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { MemoryConsentStore } from '../../src/consent/memoryStore.js';
import { ConsentService } from '../../src/consent/service.js';
import { UpstreamGrants, type OtpRequest } from '../../src/consent/upstreamGrants.js';
import type { OAuthEndpoint } from '../../src/datasources/upstream/tokenBroker.js';
import { ServiceUnavailableError } from '../../src/errors.js';

class DownStore extends MemoryConsentStore {
  ping(): Promise<void> {
    return Promise.reject(new ServiceUnavailableError('The consent store does not answer; try again shortly.'));
  }
}

class TextingGrants extends UpstreamGrants {
  texted = 0;

  constructor() {
    super({} as OAuthEndpoint, 'https://app.example/done');
  }

  override async requestOtp(): Promise<OtpRequest> {
    this.texted += 1;
    return { kind: 'sent', trackId: 'otp-track' };
  }
}

it('refuses to start an SMS consent with SERVICE_UNAVAILABLE, texting nothing', async () => {
  const store = new DownStore();
  const grants = new TextingGrants();
  const service = new ConsentService({
    store,
    grants,
    logger: pino({ level: 'silent' }),
    smsPendingMs: 180_000,
    codePendingMs: 600_000,
    refreshMarginMs: 60_000,
  });
  await expect(
    service.startSms({ nationalId: '0499370899', mobile: '09121234567', scopes: ['kyc:sms-tax-Inquiry:get'] }),
  ).rejects.toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE' } });
  expect(grants.texted).toBe(0);
  await store.close();
});
