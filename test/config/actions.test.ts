import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('settings of actions sent at most once', () => {
  it('default to a half-hour settling time and a week of idempotency keys', () => {
    expect(loadConfig({})).toMatchObject({ jobs: { actionSettleMs: 1_800_000, actionKeyRetentionMs: 604_800_000 } });
  });

  it('refuse a settling time under twice the upstream timeout, naming the variable', () => {
    expect(() => loadConfig({ ACTION_SETTLE_MS: '19999', UPSTREAM_TIMEOUT_MS: '10000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACTION_SETTLE_MS: '19999', UPSTREAM_TIMEOUT_MS: '10000' })).toThrow(/ACTION_SETTLE_MS/);
    expect(
      loadConfig({ ACTION_SETTLE_MS: '20000', UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_OPERATION_BUDGET_MS: '10000' })
        .jobs.actionSettleMs,
    ).toBe(20_000);
  });

  it('refuse a settling time shorter than an action may wait for a slot and then for its answer', () => {
    // Sent at the end of a 15 s budget, a transfer may land up to a timeout later: "no such transfer" is not final before.
    expect(() =>
      loadConfig({ ACTION_SETTLE_MS: '24999', UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_OPERATION_BUDGET_MS: '15000' }),
    ).toThrow(/ACTION_SETTLE_MS must be at least UPSTREAM_OPERATION_BUDGET_MS plus UPSTREAM_TIMEOUT_MS/);
    expect(
      loadConfig({ ACTION_SETTLE_MS: '25000', UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_OPERATION_BUDGET_MS: '15000' })
        .jobs.actionSettleMs,
    ).toBe(25_000);
  });

  it('take a trackId secret of at least 32 characters, else derive one from the client secret', () => {
    expect(loadConfig({}).jobs.actionTrackSecret).toBeNull();
    const secret = 'x'.repeat(32);
    expect(loadConfig({ ACTION_TRACK_SECRET: secret }).jobs.actionTrackSecret).toBe(secret);
    expect(() => loadConfig({ ACTION_TRACK_SECRET: 'short' })).toThrow(/ACTION_TRACK_SECRET/);
  });
});
