/** The cost estimate from the schema's @cost and @listSize, in upstream calls. */
import {
  getIntrospectionQuery,
  graphqlSync,
  isInterfaceType,
  isObjectType,
  Kind,
  parse,
  type GraphQLObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { INTROSPECTION_OBJECT_WEIGHT, operationCost } from '../../src/limits/cost.js';
import { buildSchema } from '../../src/schema.js';

const schema = buildSchema();
const cost = (query: string, variables: Record<string, unknown> = {}, operationName?: string) =>
  operationCost(schema, parse(query), operationName, variables, { defaultListSize: 10 });

const ID = '"0499370899"';

describe('operationCost', () => {
  it('counts nothing for fields that call nothing upstream', () => {
    expect(cost(`{ person(nationalId: ${ID}) { nationalId } __typename }`)).toBe(0);
    expect(cost('{ _service { sdl } }')).toBe(0);
  });

  it('counts introspection by the objects it answers with, a hundred to one call', () => {
    const types = Object.keys(schema.getTypeMap()).length;
    expect(cost('{ __schema { types { name } } }')).toBeCloseTo(types * INTROSPECTION_OBJECT_WEIGHT + 0.01, 10);
    expect(cost('{ __type(name: "Person") { name } }')).toBeCloseTo(0.01, 10);
    // Every type's fields add up to the schema's fields.
    const fields = Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) || isInterfaceType(type))
      .reduce((sum, type) => sum + Object.keys((type as GraphQLObjectType).getFields()).length, 0);
    expect(cost('{ __schema { types { fields { name } } } }')).toBeCloseTo((1 + types + fields) * 0.01, 6);
  });

  it('estimates a full introspection near its real size, and ten aliased copies of it ten times over', () => {
    const full = getIntrospectionQuery({
      descriptions: true,
      directiveIsRepeatable: true,
      inputValueDeprecation: true,
    });
    const answer = graphqlSync({ schema, source: full });
    const objects = countObjects(answer.data);
    const estimate = cost(full);
    expect(estimate).toBeGreaterThan(objects * INTROSPECTION_OBJECT_WEIGHT * 0.8);
    expect(estimate).toBeLessThan(objects * INTROSPECTION_OBJECT_WEIGHT * 1.25);
    const body = full.slice(full.indexOf('__schema'), full.lastIndexOf('}', full.indexOf('fragment')));
    const copies = Array.from({ length: 10 }, (_, i) => `c${i}: ${body}`).join(' ');
    const fragments = full.slice(full.indexOf('fragment'));
    expect(cost(`query Ten { ${copies} } ${fragments}`)).toBeCloseTo(estimate * 10, 6);
  });

  it('adds field weights and multiplies through assumed list sizes', () => {
    expect(cost(`{ person(nationalId: ${ID}) { militaryService { allowed } lifeStatus { alive } } }`)).toBe(2);
    // activePlates 1 + 10 (assumedSize) × details 1
    expect(
      cost(
        `{ person(nationalId: ${ID}) { activePlates(mobile: "09121234567") { ownedVehicle { details { vin } } } } }`,
      ),
    ).toBe(11);
  });

  it('sizes a connection’s nodes by its slicing argument, its default, or a variable', () => {
    const q = (first: string) =>
      `query ($n: Int) { vehicle(plateNumber: "123456789") { ownedBy(ownerNationalId: ${ID}) { offenses(ownerMobile: "09121234567"${first}) { nodes { image { offenseId } } } } } }`;
    expect(cost(q(', first: 5'))).toBe(1 + 5);
    expect(cost(q(''))).toBe(1 + 20);
    expect(cost(q(', first: $n'), { n: 50 })).toBe(1 + 50);
  });

  it('counts a type’s weight once per object of it (its lazily loaded record)', () => {
    // Card: holder and card-to-account lookups (2); its bank and the bank's name each read the list of
    // banks (1 + 1: the estimate does not know the second read is deduplicated).
    expect(cost('{ card(number: "6037991234567890") { holderName bank { name } } }')).toBe(4);
    // One Company record, shared by every plain field.
    expect(cost(`{ company(nationalId: "10100003850") { name status capital } }`)).toBe(1);
  });

  it('resolves fragments and inline fragments, and honours @skip and @include', () => {
    const query = `query ($skip: Boolean!) {
      person(nationalId: ${ID}) { ...Checks ... on Person { lifeStatus { alive } } shahab @skip(if: $skip) { code } }
    }
    fragment Checks on Person { militaryService { allowed } identity(birthDate: "1370/01/01") @include(if: true) { firstName } }`;
    expect(cost(query, { skip: true })).toBe(3);
    expect(cost(query, { skip: false })).toBe(4);
  });

  it('counts a fragment spread many times once per spread, without walking it again', () => {
    const spreads = Array.from({ length: 50 }, (_, i) => `p${i}: person(nationalId: ${ID}) { ...F }`).join(' ');
    expect(cost(`{ ${spreads} } fragment F on Person { militaryService { allowed } }`)).toBe(50);
  });

  it('walks each fragment once inside a sized connection too: fragments that spread the next twice do not double the work per level', () => {
    const levels = 16;
    let query = `{ company(nationalId: "10100003850") { gazetteNotices(first: 5) { ...F0 } } } `;
    for (let i = 0; i < levels; i++)
      query += `fragment F${i} on GazetteNoticeConnection { ...F${i + 1} ...F${i + 1} } `;
    query += `fragment F${levels} on GazetteNoticeConnection { nodes { __typename } }`;
    const document = parse(query);
    // Counts the walks of the innermost fragment: without a memo it is walked 2^16 times (2^30 is minutes).
    const innermost = document.definitions.find(
      (definition) => definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === `F${levels}`,
    );
    if (innermost?.kind !== Kind.FRAGMENT_DEFINITION) throw new Error('no innermost fragment');
    const { selections } = innermost.selectionSet;
    let walks = 0;
    Object.defineProperty(innermost.selectionSet, 'selections', {
      get: () => {
        walks += 1;
        return selections;
      },
    });
    operationCost(schema, document, undefined, {}, { defaultListSize: 10 });
    expect(walks).toBeLessThanOrEqual(2);
  });

  it('counts each _entities representation against the fragment of its own type', () => {
    const query = `query ($r: [_Any!]!) { _entities(representations: $r) {
      ... on Person { militaryService { allowed } lifeStatus { alive } }
      ... on OwnedVehicle { details { vin } }
    } }`;
    const people = Array.from({ length: 100 }, () => ({ __typename: 'Person', nationalId: '0499370899' }));
    const vehicles = Array.from({ length: 3 }, () => ({
      __typename: 'OwnedVehicle',
      plateNumber: '123456789',
      ownerNationalId: '0499370899',
    }));
    expect(cost(query, { r: [...people, ...vehicles] })).toBe(100 * 2 + 3 * 1);
  });

  it('estimates the cycle person → activePlates → ownedVehicle → owner → … as growing tenfold per round', () => {
    let inner = '';
    for (let i = 0; i < 6; i += 1)
      inner = `activePlates(mobile: "09121234567") { ownedVehicle { owner { ${inner || 'nationalId'} } } }`;
    expect(cost(`{ person(nationalId: ${ID}) { ${inner} } }`)).toBe(111_111);
  });

  it('is 0 when the variables do not coerce (execution refuses them anyway)', () => {
    expect(
      cost('query ($n: Int!) { vehicle(plateNumber: "123456789") { freewayTolls(first: $n) { totalCount } } }', {
        n: 'many',
      }),
    ).toBe(0);
  });
});

/** The objects (not lists, not scalars) in an answer. */
function countObjects(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countObjects(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Object.values(value).reduce((sum: number, item) => sum + countObjects(item), 0);
}
