import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('transfer settings', () => {
  it('default to a half-hour settling time and a week of idempotency keys', () => {
    expect(loadConfig({})).toMatchObject({ jobs: { transferSettleMs: 1_800_000, transferKeyRetentionMs: 604_800_000 } });
  });

  it('refuse a settling time under twice the upstream timeout, naming the variable', () => {
    expect(() => loadConfig({ TRANSFER_SETTLE_MS: '19999', UPSTREAM_TIMEOUT_MS: '10000' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRANSFER_SETTLE_MS: '19999', UPSTREAM_TIMEOUT_MS: '10000' })).toThrow(/TRANSFER_SETTLE_MS/);
    expect(loadConfig({ TRANSFER_SETTLE_MS: '20000', UPSTREAM_TIMEOUT_MS: '10000' }).jobs.transferSettleMs).toBe(20_000);
  });
});
