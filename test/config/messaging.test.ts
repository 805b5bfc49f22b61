import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_SENDER_NUMBERS } from '../../src/config.js';

const upstream = {
  UPSTREAM_BASE_URL: 'https://upstream.example',
  UPSTREAM_CLIENT_ID: 'client',
  UPSTREAM_CLIENT_SECRET: 'secret',
  UPSTREAM_CLIENT_NID: '0499370899',
};

describe('messaging configuration', () => {
  it('polls the sandbox’s sender numbers with the embedded sandbox, and none in front of an upstream', () => {
    expect(loadConfig({}).messaging).toEqual({
      senderNumbers: [...SANDBOX_SENDER_NUMBERS],
      inboxPollMs: 2_000,
      webhookSecret: null,
      oneTimePassword: { lifetimeMs: 180_000, maxAttempts: 5 },
    });
    expect(loadConfig(upstream).messaging.senderNumbers).toEqual([]);
  });

  it('reads the sender numbers comma-separated, trimmed and once each', () => {
    const config = loadConfig({
      ...upstream,
      SMS_SENDER_NUMBERS: ' 200000, +98200001 ,200000,',
      SMS_INBOX_POLL_MS: '500',
    });
    expect(config.messaging.senderNumbers).toEqual(['200000', '+98200001']);
    expect(config.messaging.inboxPollMs).toBe(500);
    expect(loadConfig({ SMS_INBOX_POLL_MS: '0' }).messaging.inboxPollMs).toBe(0);
    expect(() => loadConfig({ SMS_INBOX_POLL_MS: '-1' })).toThrow(/SMS_INBOX_POLL_MS/);
  });

  it('refuses a sender number that is not digits, and a webhook secret shorter than 16 characters', () => {
    expect(() => loadConfig({ SMS_SENDER_NUMBERS: '200000,abc' })).toThrow(/SMS_SENDER_NUMBERS: each sender number/);
    expect(() => loadConfig({ SMS_WEBHOOK_SECRET: 'short' })).toThrow(/SMS_WEBHOOK_SECRET must be at least 16/);
    expect(loadConfig({ SMS_WEBHOOK_SECRET: 'x'.repeat(16) }).messaging.webhookSecret).toBe('x'.repeat(16));
  });

  it('gives one-time passwords three minutes and five wrong codes by default', () => {
    expect(loadConfig({}).messaging.oneTimePassword).toEqual({ lifetimeMs: 180_000, maxAttempts: 5 });
    expect(loadConfig({ OTP_LIFETIME_MS: '60000', OTP_MAX_ATTEMPTS: '3' }).messaging.oneTimePassword).toEqual({
      lifetimeMs: 60_000,
      maxAttempts: 3,
    });
  });
});
