/**
 * The operation limits on a small schema of the tests' own, started with every limit off, and the
 * count of refusals by limit: for tests of the limits that start no server.
 */
import { buildSchema } from 'graphql';
import type { LimitsConfig } from '../../src/config.js';
import { OperationLimits } from '../../src/limits/operationLimits.js';
import { limitsHit } from '../../src/observability/metrics.js';

/** `name` costs 1, `part` a tenth, `dear` 1,000; a list counts its `first` items. */
export const limitsSchema = buildSchema(`
  directive @cost(weight: Float!) on FIELD_DEFINITION | OBJECT | INTERFACE
  directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!]) on FIELD_DEFINITION
  type Item {
    name: String @cost(weight: 1)
    part: String @cost(weight: 0.1)
    dear: String @cost(weight: 1000)
    child: Item
    items(first: Int): [Item!]! @listSize(slicingArguments: ["first"])
  }
  type Query {
    name: String @cost(weight: 1)
    item: Item
    items(first: Int): [Item!]! @listSize(slicingArguments: ["first"])
  }
`);

export const LIMITS_OFF: LimitsConfig = {
  maxDepth: null,
  maxAliases: null,
  maxTokens: null,
  maxQueryBytes: null,
  maxVariablesDepth: null,
  maxDirectives: null,
  maxRepeatedSelections: null,
  maxCost: null,
  defaultListSize: 10,
  maxUpstreamCalls: null,
  maxResponseBytes: null,
  maxOperationsPerCaller: null,
  introspectionsPerMinute: null,
  maxOperationsInFlight: null,
  maxOperationsPerSocket: null,
  maxSocketBufferBytes: null,
  blockFieldSuggestions: false,
};

/** The limits of `limitsSchema` with only `on` set. */
export const limitsWith = (on: Partial<LimitsConfig>) => new OperationLimits({ ...LIMITS_OFF, ...on }, limitsSchema);

/** Refusals counted so far under `limit`. */
export async function limitHits(limit: string): Promise<number> {
  const metric = await limitsHit.get();
  return metric.values.find((value) => value.labels['limit'] === limit)?.value ?? 0;
}
