import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_SENDER_NUMBERS } from '../../src/config.js';

const UPSTREAM = {
  UPSTREAM_BASE_URL: 'https://api.example.test',
  UPSTREAM_CLIENT_ID: 'client',
  UPSTREAM_CLIENT_SECRET: 'secret',
  UPSTREAM_CLIENT_NID: '0499370899',
};

describe('SMS configuration', () => {
  it('takes the sandbox sender numbers when the sandbox runs embedded, and none in front of an upstream', () => {
    expect(loadConfig({}).messaging.senderNumbers).toEqual([...SANDBOX_SENDER_NUMBERS]);
    expect(loadConfig(UPSTREAM).messaging.senderNumbers).toEqual([]);
  });

  it('reads SMS_SENDER_NUMBERS comma-separated, and names it when a number is not one', () => {
    expect(loadConfig({ ...UPSTREAM, SMS_SENDER_NUMBERS: ' 200000, +9810002000 ,' }).messaging.senderNumbers).toEqual([
      '200000',
      '+9810002000',
    ]);
    expect(() => loadConfig({ SMS_SENDER_NUMBERS: '200000,abc' })).toThrow(/SMS_SENDER_NUMBERS/);
  });

  it('gives one-time passwords three minutes and five wrong codes by default', () => {
    expect(loadConfig({}).messaging.oneTimePassword).toEqual({ lifetimeMs: 180_000, maxAttempts: 5 });
    expect(loadConfig({ OTP_LIFETIME_MS: '60000', OTP_MAX_ATTEMPTS: '3' }).messaging.oneTimePassword).toEqual({
      lifetimeMs: 60_000,
      maxAttempts: 3,
    });
  });
});
