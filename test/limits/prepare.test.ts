/**
 * `OperationLimits.prepare`, which parses, validates and costs an operation received over graphql-ws,
 * without a server: the execution arguments of a valid operation, or the errors to answer with.
 */
import { GraphQLError, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { SubscribePayload } from '../../src/limits/operationLimits.js';
import { OperationLimitError } from '../../src/limits/refusal.js';
import { limitHits, limitsSchema, limitsWith } from '../helpers/limits.js';

type Prepared = ReturnType<ReturnType<typeof limitsWith>['prepare']>;

function errorsOf(prepared: Prepared): readonly GraphQLError[] {
  if (!Array.isArray(prepared)) throw new Error(`expected errors, got ${JSON.stringify(prepared)}`);
  return prepared as readonly GraphQLError[];
}

function documentOf(prepared: Prepared): DocumentNode {
  if (Array.isArray(prepared)) throw new Error(`expected execution arguments, got ${JSON.stringify(prepared)}`);
  return (prepared as { document: DocumentNode }).document;
}

const shown = (errors: readonly GraphQLError[]) =>
  errors.map((error) => ({ message: error.message, locations: error.locations, extensions: error.extensions }));

describe('a valid operation', () => {
  it('gets its execution arguments: the schema, its document, name and variables', () => {
    const payload: SubscribePayload = {
      query: 'query one($n: Int) { items(first: $n) { name } }',
      operationName: 'one',
      variables: { n: 2 },
    };
    const prepared = limitsWith({ maxCost: 2 }).prepare(payload);
    expect(prepared).toEqual({
      schema: limitsSchema,
      document: expect.objectContaining({ kind: 'Document' }),
      operationName: 'one',
      variableValues: { n: 2 },
    });
    expect((prepared as { schema: unknown }).schema).toBe(limitsSchema);
  });

  it('is refused by its cost, estimated with its variables each time it is sent', () => {
    const limits = limitsWith({ maxCost: 2 });
    const query = 'query ($n: Int) { items(first: $n) { name } }';
    const refused = errorsOf(limits.prepare({ query, variables: { n: 3 } }));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(OperationLimitError);
    expect(refused[0]?.extensions).toMatchObject({ limit: 'cost', max: 2, actual: 3 });
    expect(documentOf(limits.prepare({ query, variables: { n: 2 } }))).toBeDefined();
    expect(errorsOf(limits.prepare({ query, variables: { n: 4 } }))[0]?.extensions).toMatchObject({ actual: 4 });
  });
});

describe('the documents remembered', () => {
  it('are parsed once for the same text, and 256 texts are kept before all are forgotten', () => {
    const limits = limitsWith({});
    const texts = Array.from({ length: 257 }, (_, i) => `query q${i} { name }`);
    const first = documentOf(limits.prepare({ query: texts[0] ?? '' }));
    for (const text of texts.slice(1, 256)) documentOf(limits.prepare({ query: text }));
    expect(documentOf(limits.prepare({ query: texts[0] ?? '' }))).toBe(first);
    documentOf(limits.prepare({ query: texts[256] ?? '' }));
    const again = documentOf(limits.prepare({ query: texts[0] ?? '' }));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('are only the valid ones: a refused text is refused every time', () => {
    const limits = limitsWith({ maxAliases: 1 });
    for (let round = 0; round < 2; round += 1)
      expect(errorsOf(limits.prepare({ query: '{ a: name b: name }' }))[0]?.extensions).toMatchObject({
        limit: 'aliases',
      });
  });
});

describe('a document that does not parse', () => {
  it("is answered with the parser's syntax error", () => {
    const errors = errorsOf(limitsWith({ maxTokens: 50 }).prepare({ query: '{ name' }));
    expect(shown(errors)).toEqual([
      { message: 'Syntax Error: Expected Name, found <EOF>.', locations: [{ line: 1, column: 7 }], extensions: {} },
    ]);
    expect(errors[0]).not.toBeInstanceOf(OperationLimitError);
  });

  it('is refused by the token bound, counted once, and lets the bound through', async () => {
    const limits = limitsWith({ maxTokens: 5 });
    expect(limits.parseOptions).toEqual({ maxTokens: 5 });
    // Five tokens: the braces and three names.
    expect(documentOf(limits.prepare({ query: '{ name name name }' }))).toBeDefined();
    const before = await limitHits('tokens');
    const errors = errorsOf(limits.prepare({ query: '{ name name name name }' }));
    expect(shown(errors)).toEqual([
      {
        message: 'The operation has more than 5 tokens; at most 5 are allowed.',
        locations: undefined,
        extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'tokens', max: 5 },
      },
    ]);
    expect(await limitHits('tokens')).toBe(before + 1);
  });

  it('has no token bound when it is off', () => {
    const limits = limitsWith({});
    expect(limits.parseOptions).toEqual({});
    expect(documentOf(limits.prepare({ query: `{ ${'name '.repeat(100)}}` }))).toBeDefined();
  });

  it('is a syntax error when the query is no text', () => {
    const errors = errorsOf(limitsWith({}).prepare({ query: 42 as unknown as string }));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(GraphQLError);
    expect(errors[0]?.message).toBe('Syntax Error');
  });
});

describe('a document that does not validate', () => {
  it('is answered with the errors, suggestions hidden, the refusals of limits kept as they are', () => {
    const limits = limitsWith({ maxAliases: 1, blockFieldSuggestions: true });
    const errors = errorsOf(limits.prepare({ query: '{ nam a: name b: name }' }));
    expect(shown(errors)).toEqual([
      {
        message: 'The operation has 2 aliases; at most 1 are allowed.',
        locations: undefined,
        extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'aliases', max: 1, actual: 2 },
      },
      {
        message: 'Cannot query field "nam" on type "Query". [Suggestion hidden]?',
        locations: [{ line: 1, column: 3 }],
        extensions: {},
      },
    ]);
    expect(errors[0]).toBeInstanceOf(OperationLimitError);
    expect(errors[1]).not.toBeInstanceOf(OperationLimitError);
  });

  it('keeps the suggestions when they are not hidden', () => {
    const errors = errorsOf(limitsWith({}).prepare({ query: '{ nam }' }));
    expect(errors.map((error) => error.message)).toEqual([
      'Cannot query field "nam" on type "Query". Did you mean "name"?',
    ]);
  });
});
