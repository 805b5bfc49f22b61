import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('operation limit settings', () => {
  it('are on by default', () => {
    expect(loadConfig({}).limits).toEqual({
      maxDepth: 15,
      maxAliases: 30,
      maxTokens: 5000,
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
    const limits = loadConfig({ LIMIT_MAX_DEPTH: '0', LIMIT_MAX_COST: '0', LIMIT_MAX_UPSTREAM_CALLS: '0', LIMIT_BLOCK_FIELD_SUGGESTIONS: 'false' }).limits;
    expect(limits).toMatchObject({ maxDepth: null, maxCost: null, maxUpstreamCalls: null, blockFieldSuggestions: false, maxAliases: 30 });
  });

  it('refuse a negative bound, naming the variable', () => {
    expect(() => loadConfig({ LIMIT_MAX_ALIASES: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ LIMIT_MAX_ALIASES: '-1' })).toThrow(/LIMIT_MAX_ALIASES/);
  });
});
