/**
 * The validation rules of the operation limits on a small schema, without a server: each
 * limit at its bound passes, one past it is refused once with OPERATION_LIMIT_EXCEEDED, and off it
 * refuses nothing. Also the suggestions' mask.
 */
import { parse, validate, type GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { LimitsConfig } from '../../src/config.js';
import { SUGGESTION_MASK, armorRules, withoutSuggestions } from '../../src/limits/validationRules.js';
import { LIMITS_OFF, limitHits as hits, limitsSchema } from '../helpers/limits.js';

const errorsOf = (query: string, limits: Partial<LimitsConfig>): readonly GraphQLError[] =>
  validate(limitsSchema, parse(query), armorRules({ ...LIMITS_OFF, ...limits }));

/** The one error of a refused document, as sent. */
function refusalOf(query: string, limits: Partial<LimitsConfig>) {
  const errors = errorsOf(query, limits);
  expect(errors).toHaveLength(1);
  const [error] = errors;
  return { message: error?.message, extensions: error?.extensions, locations: error?.locations };
}

/** `levels` (2 or more) fields nested in one another: `{ item { child { … name } } }`. */
function nested(levels: number): string {
  let inner = 'name';
  for (let level = 2; level < levels; level += 1) inner = `child { ${inner} }`;
  return `{ item { ${inner} } }`;
}

const aliased = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: name`).join(' ')} }`;
const directed = (count: number) => `{ name ${'@include(if: true) '.repeat(count)} }`;

describe('the depth limit', () => {
  it('lets the bound through and refuses one level more, saying how deep', async () => {
    expect(errorsOf(nested(3), { maxDepth: 3 })).toEqual([]);
    const before = await hits('depth');
    expect(refusalOf(nested(4), { maxDepth: 3 })).toEqual({
      message: 'The operation has 4 levels of nested fields; at most 3 are allowed.',
      extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'depth', max: 3, actual: 4 },
      locations: undefined,
    });
    expect(await hits('depth')).toBe(before + 1);
  });

  it('reads bounds and depths of more than one digit', () => {
    expect(errorsOf(nested(12), { maxDepth: 12 })).toEqual([]);
    expect(refusalOf(nested(13), { maxDepth: 12 }).extensions).toMatchObject({ max: 12, actual: 13 });
  });

  it('counts no level for a fragment, inline or named', () => {
    expect(errorsOf('{ item { ... on Item { child { name } } } }', { maxDepth: 3 })).toEqual([]);
    expect(errorsOf('{ item { ...deeper } } fragment deeper on Item { child { name } }', { maxDepth: 3 })).toEqual([]);
    expect(
      refusalOf('{ item { ...deeper } } fragment deeper on Item { child { child { name } } }', { maxDepth: 3 }),
    ).toMatchObject({ extensions: { limit: 'depth', actual: 4 } });
  });

  it('does not count the introspection under __schema', () => {
    expect(errorsOf('{ __schema { types { fields { type { ofType { name } } } } } }', { maxDepth: 2 })).toEqual([]);
  });
});

describe('the alias limit', () => {
  it('lets the bound through and refuses one alias more, saying how many', async () => {
    expect(errorsOf(aliased(2), { maxAliases: 2 })).toEqual([]);
    const before = await hits('aliases');
    expect(refusalOf(aliased(3), { maxAliases: 2 })).toEqual({
      message: 'The operation has 3 aliases; at most 2 are allowed.',
      extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'aliases', max: 2, actual: 3 },
      locations: undefined,
    });
    expect(await hits('aliases')).toBe(before + 1);
  });

  it('reads bounds and counts of more than one digit', () => {
    expect(errorsOf(aliased(10), { maxAliases: 10 })).toEqual([]);
    expect(refusalOf(aliased(11), { maxAliases: 10 }).extensions).toMatchObject({ max: 10, actual: 11 });
  });
});

describe('the directive limit', () => {
  it('lets the bound through and refuses one directive more, saying how many', async () => {
    expect(errorsOf(directed(2), { maxDirectives: 2 })).toEqual([]);
    const before = await hits('directives');
    expect(refusalOf(directed(3), { maxDirectives: 2 })).toEqual({
      message: 'The operation has 3 directives; at most 2 are allowed.',
      extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'directives', max: 2, actual: 3 },
      locations: undefined,
    });
    expect(await hits('directives')).toBe(before + 1);
  });
});

describe('the repeated selections limit', () => {
  it('lets the bound through and refuses one selection more, pointing at the first', async () => {
    expect(errorsOf('{ name name }', { maxRepeatedSelections: 2 })).toEqual([]);
    const before = await hits('repeatedSelections');
    expect(refusalOf('{ item { name } name\n name name }', { maxRepeatedSelections: 2 })).toEqual({
      message: '`name` is selected 3 times in one selection set; at most 2 are allowed.',
      extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'repeatedSelections', max: 2, actual: 3 },
      locations: [{ line: 1, column: 17 }],
    });
    expect(await hits('repeatedSelections')).toBe(before + 1);
  });

  it('counts response names: an alias apart from its field, the same alias together', () => {
    expect(errorsOf('{ name a: name b: name }', { maxRepeatedSelections: 1 })).toEqual([]);
    expect(refusalOf('{ a: name a: name }', { maxRepeatedSelections: 1 }).extensions).toMatchObject({ actual: 2 });
  });

  it('counts each selection set apart, and fragments in their own', () => {
    const query = '{ name item { name } ... on Query { name } ...more } fragment more on Query { name }';
    expect(errorsOf(query, { maxRepeatedSelections: 1 })).toEqual([]);
    expect(refusalOf('{ item { name name } }', { maxRepeatedSelections: 1 }).extensions).toMatchObject({ actual: 2 });
  });

  it('refuses a selection set once, and not again below it', () => {
    const errors = errorsOf('{ item { name name child { name name } } item { name } }', { maxRepeatedSelections: 1 });
    expect(errors.map((error) => error.message)).toEqual([
      '`item` is selected 2 times in one selection set; at most 1 are allowed.',
    ]);
  });

  it('names a long response name by its first 50 characters', () => {
    const alias = `a${'b'.repeat(59)}`;
    const { message } = refusalOf(`{ ${alias}: name ${alias}: name }`, { maxRepeatedSelections: 1 });
    expect(message).toBe(`\`${alias.slice(0, 50)}\` is selected 2 times in one selection set; at most 1 are allowed.`);
  });
});

describe('limits that are off', () => {
  it('refuse nothing, and the armor adds no limits of its own', () => {
    // Past the armor's own defaults: depth 6, 15 aliases, 50 directives, a cost of 5,000.
    const deep = nested(8);
    const costly = '{ items(first: 5000) { name } }';
    for (const query of [deep, aliased(16), directed(51), '{ name name name }', costly])
      expect(errorsOf(query, {})).toEqual([]);
  });

  it('turn off one at a time', () => {
    const all = { maxDepth: 3, maxAliases: 2, maxDirectives: 2, maxRepeatedSelections: 2 };
    expect(errorsOf(nested(4), { ...all, maxDepth: null })).toEqual([]);
    expect(errorsOf(aliased(3), { ...all, maxAliases: null })).toEqual([]);
    expect(errorsOf(directed(3), { ...all, maxDirectives: null })).toEqual([]);
    expect(errorsOf('{ name name name }', { ...all, maxRepeatedSelections: null })).toEqual([]);
  });
});

describe('the suggestions of a validation message', () => {
  it('are masked, each of them, the rest of the message kept', () => {
    expect(SUGGESTION_MASK).toBe('[Suggestion hidden]');
    expect(withoutSuggestions('Cannot query field "nam" on type "Query". Did you mean "name" or "names"?')).toBe(
      'Cannot query field "nam" on type "Query". [Suggestion hidden]?',
    );
    expect(withoutSuggestions('Did you mean "a"?\nDid you mean "b"?')).toBe(
      '[Suggestion hidden]?\n[Suggestion hidden]?',
    );
  });

  it('leave a message without them as it is', () => {
    expect(withoutSuggestions('Did you mean ""?')).toBe('Did you mean ""?');
    expect(withoutSuggestions('Unknown type "Foo".')).toBe('Unknown type "Foo".');
  });
});
