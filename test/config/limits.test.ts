import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('operation limit settings', () => {
  it('are on by default', () => {
    expect(loadConfig({}).limits).toEqual({
      maxDepth: 15,
      maxAliases: 30,
      maxTokens: 5000,
      maxQueryBytes: 128 * 1024,
      maxVariablesDepth: 32,
      maxDirectives: 50,
      maxRepeatedSelections: 10,
      maxCost: 1000,
      defaultListSize: 10,
      maxUpstreamCalls: 500,
      maxResponseBytes: 16 * 1024 * 1024,
      blockFieldSuggestions: true,
    });
  });

  it('turn off one by one with 0', () => {
    const limits = loadConfig({
      LIMIT_MAX_DEPTH: '0',
      LIMIT_MAX_COST: '0',
      LIMIT_MAX_UPSTREAM_CALLS: '0',
      LIMIT_BLOCK_FIELD_SUGGESTIONS: 'false',
    }).limits;
    expect(limits).toMatchObject({
      maxDepth: null,
      maxCost: null,
      maxUpstreamCalls: null,
      blockFieldSuggestions: false,
      maxAliases: 30,
    });
  });

  it('refuse a negative bound, naming the variable', () => {
    expect(() => loadConfig({ LIMIT_MAX_ALIASES: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ LIMIT_MAX_ALIASES: '-1' })).toThrow(/LIMIT_MAX_ALIASES/);
  });
});

describe('rate limit and SMS throttle settings', () => {
  it('are on by default', () => {
    const config = loadConfig({});
    expect(config.rateLimit).toEqual({ perSecond: 100, burst: 200 });
    expect(config.smsThrottle).toEqual({
      windows: [
        { windowMs: 60_000, max: 1 },
        { windowMs: 3_600_000, max: 5 },
      ],
      timeoutMs: 500,
    });
  });

  it('turn off with 0', () => {
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: '0' }).rateLimit).toBeNull();
    expect(loadConfig({ SMS_THROTTLE_PER_MINUTE: '0' }).smsThrottle.windows).toEqual([{ windowMs: 3_600_000, max: 5 }]);
    expect(loadConfig({ SMS_THROTTLE_PER_MINUTE: '0', SMS_THROTTLE_PER_HOUR: '0' }).smsThrottle.windows).toEqual([]);
  });

  it('take fractional rates and refuse nonsense', () => {
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: '0.5', RATE_LIMIT_BURST: '3' }).rateLimit).toEqual({
      perSecond: 0.5,
      burst: 3,
    });
    expect(() => loadConfig({ RATE_LIMIT_PER_SECOND: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_BURST: '0' })).toThrow(/RATE_LIMIT_BURST/);
    expect(() => loadConfig({ SMS_THROTTLE_PER_HOUR: '1.5' })).toThrow(/SMS_THROTTLE_PER_HOUR/);
  });
});
