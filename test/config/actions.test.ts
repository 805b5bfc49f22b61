import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('settings of actions sent at most once', () => {
  it('default to a week of idempotency keys', () => {
    expect(loadConfig({}).jobs.actionKeyRetentionMs).toBe(604_800_000);
    expect(loadConfig({ ACTION_KEY_RETENTION_MS: '60000' }).jobs.actionKeyRetentionMs).toBe(60_000);
  });

  it('take a trackId secret of at least 32 characters, else derive one from the client secret', () => {
    expect(loadConfig({}).jobs.actionTrackSecret).toBeNull();
    const secret = 'x'.repeat(32);
    expect(loadConfig({ ACTION_TRACK_SECRET: secret }).jobs.actionTrackSecret).toBe(secret);
    expect(() => loadConfig({ ACTION_TRACK_SECRET: 'short' })).toThrow(/ACTION_TRACK_SECRET/);
  });
});
