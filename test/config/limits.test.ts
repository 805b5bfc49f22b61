import { describe, expect, it } from 'vitest';
import {
  isObjectType,
  Kind,
  type FieldDefinitionNode,
  type GraphQLObjectType,
  type ObjectTypeDefinitionNode,
  type ObjectTypeExtensionNode,
} from 'graphql';
import { ConfigError, loadConfig } from '../../src/config.js';
import { MAX_PAGE_SIZE } from '../../src/resolvers/shared/pagination.js';
import { buildSchema } from '../../src/schema.js';

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
      maxUpstreamCalls: 300,
      maxResponseBytes: 16 * 1024 * 1024,
      maxOperationsPerCaller: 100,
      introspectionsPerMinute: 10,
      maxOperationsInFlight: 1000,
      maxOperationsPerSocket: 100,
      maxSocketBufferBytes: 8 * 1024 * 1024,
      blockFieldSuggestions: true,
    });
  });

  it('give a budget of upstream calls that fits a router batch of the largest page of the costliest entity', () => {
    const schema = buildSchema();
    const entities = Object.values(schema.getTypeMap())
      .filter((type): type is GraphQLObjectType => isObjectType(type))
      .filter((type) => [type.astNode, ...type.extensionASTNodes].some((node) => directive(node, 'key')));
    const entityWeight = Math.max(
      ...entities.flatMap((type) => [type.astNode, ...type.extensionASTNodes].map((node) => weightOf(node))),
    );
    const fieldWeight = Math.max(
      ...entities.flatMap((type) => Object.values(type.getFields()).map((field) => weightOf(field.astNode))),
    );
    expect([entityWeight, fieldWeight]).toEqual([2, 1]);
    expect(loadConfig({}).limits.maxUpstreamCalls).toBe(MAX_PAGE_SIZE * (entityWeight + fieldWeight));
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

type TypeNode = ObjectTypeDefinitionNode | ObjectTypeExtensionNode | FieldDefinitionNode | null | undefined;

function directive(node: TypeNode, name: string) {
  return node?.directives?.find((candidate) => candidate.name.value === name);
}

/** `@cost(weight:)` on a type's definition or extension, or on a field, 0 without it. */
function weightOf(node: TypeNode): number {
  const weight = directive(node, 'cost')?.arguments?.find((arg) => arg.name.value === 'weight')?.value;
  return weight?.kind === Kind.INT ? Number(weight.value) : 0;
}
