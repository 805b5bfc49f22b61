import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { at } from '../helpers/responses.js';

const REDIS = { REDIS_URL: 'redis://127.0.0.1:6379' };
const bytes = randomBytes(32);
const hex = bytes.toString('hex');

describe('the consent encryption key', () => {
  it('is not needed while consents stay in memory', () => {
    expect(loadConfig({}).consent.encryption).toBeNull();
  });

  it('is required with REDIS_URL, and the error names it', () => {
    expect(() => loadConfig(REDIS)).toThrow(ConfigError);
    expect(() => loadConfig(REDIS)).toThrow(/CONSENT_ENCRYPTION_KEY is required when REDIS_URL is set/);
  });

  it('takes 64 hex characters or base64 of 32 bytes, both alphabets, as the same key', () => {
    for (const text of [hex, hex.toUpperCase(), bytes.toString('base64'), bytes.toString('base64url')]) {
      expect(loadConfig({ ...REDIS, CONSENT_ENCRYPTION_KEY: text }).consent.encryption).toEqual({
        key: hex,
        previousKeys: [],
      });
    }
  });

  it.each([
    ['too short', 'ab'.repeat(31)],
    ['not hex nor base64', 'zz'.repeat(32)],
    ['base64 of 24 bytes', randomBytes(24).toString('base64')],
    ['a passphrase', 'correct horse battery staple correct horse!'],
  ])('refuses a key that is %s, naming the variable and never echoing it', (_, text) => {
    let message = '';
    try {
      loadConfig({ ...REDIS, CONSENT_ENCRYPTION_KEY: text });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/CONSENT_ENCRYPTION_KEY: must be 32 bytes/);
    expect(message).not.toContain(text);
  });

  it('takes previous keys for reading, comma-separated, each checked', () => {
    const old = [randomBytes(32), randomBytes(32)];
    const config = loadConfig({
      ...REDIS,
      CONSENT_ENCRYPTION_KEY: hex,
      CONSENT_ENCRYPTION_PREVIOUS_KEYS: `${at(old, 0).toString('base64')}, ${at(old, 1).toString('hex')}`,
    });
    expect(config.consent.encryption).toEqual({ key: hex, previousKeys: old.map((key) => key.toString('hex')) });
    expect(() =>
      loadConfig({ ...REDIS, CONSENT_ENCRYPTION_KEY: hex, CONSENT_ENCRYPTION_PREVIOUS_KEYS: `${hex},nope` }),
    ).toThrow(/CONSENT_ENCRYPTION_PREVIOUS_KEYS: each key must be 32 bytes/);
    expect(() => loadConfig({ CONSENT_ENCRYPTION_PREVIOUS_KEYS: hex })).toThrow(/needs CONSENT_ENCRYPTION_KEY/);
  });
});
