/**
 * The cost estimate's rules, each on a schema of the test's own: weights of fields and object types,
 * list sizes, connections sized by their slicing argument, fragments, directives, `_entities`, and the
 * documents validation refuses (the estimate must not throw on them).
 */
import { GraphQLObjectType, GraphQLSchema, GraphQLString, buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost } from '../../src/limits/cost.js';

const schema = buildSchema(`
  directive @cost(weight: Int!) on FIELD_DEFINITION | OBJECT | INTERFACE
  directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!]) on FIELD_DEFINITION
  scalar _Any
  interface Node @cost(weight: 100) { id: ID detail: String @cost(weight: 1) }
  type Item implements Node @cost(weight: 2) { id: ID detail: String @cost(weight: 1) }
  type Other implements Node { id: ID detail: String @cost(weight: 7) }
  extend type Other @cost(weight: 3)
  union Entity = Item | Other
  type Page { nodes: [Item!]! extra: [Item!]! _entities(representations: [_Any!]!): [Entity]! }
  type Query {
    item(id: ID): Item @cost(weight: 1)
    node: Node
    entity: Entity
    items: [Item!]! @listSize(assumedSize: 3)
    plain: [Item!]!
    sliced(first: Int, last: Int): [Item!]! @listSize(slicingArguments: ["first", "last"], assumedSize: 6)
    unsized(first: Int): [Item!]! @listSize(slicingArguments: ["first"], sizedFields: [])
    page(first: Int, last: Int): Page @listSize(slicingArguments: ["first", "last"], sizedFields: ["nodes"])
    pageAssumed(first: Int): Page @listSize(assumedSize: 4, slicingArguments: ["first"], sizedFields: ["nodes"])
    _entities(representations: [_Any!]!): [Entity]!
  }
`);

const cost = (query: string, variables: Record<string, unknown> = {}, operationName?: string, on = schema) =>
  operationCost(on, parse(query), operationName, variables, { defaultListSize: 10 });

describe('the cost rules', () => {
  it("counts an object type's weight per object, once for its own fragments, and only for object types", () => {
    // item 1 + Item 2 + detail 1
    expect(cost('{ item { detail } }')).toBe(4);
    expect(cost('{ item { ... on Item { detail } ... { id } } }')).toBe(4);
    // Under an interface, a fragment on the concrete type pays its weight; the interface's own weighs nothing.
    expect(cost('{ node { ... on Item { detail } } }')).toBe(3);
    expect(cost('{ node { ... on Other { detail } } }')).toBe(3 + 7);
    expect(cost('{ item { ... on Node { id } } }')).toBe(3);
  });

  it('sizes a list by its assumed size, its slicing argument, or the default', () => {
    expect(cost('{ items { detail } }')).toBe(3 * 3);
    expect(cost('{ plain { detail } }')).toBe(10 * 3);
    expect(cost('{ sliced(first: 2) { detail } }')).toBe(2 * 3);
    // The largest of the slicing arguments given; none given: the assumed size.
    expect(cost('{ sliced(first: 2, last: 5) { detail } }')).toBe(5 * 3);
    expect(cost('{ sliced(last: 4) { detail } }')).toBe(4 * 3);
    expect(cost('{ sliced { detail } }')).toBe(6 * 3);
    expect(cost('query ($n: Int) { sliced(first: $n) { detail } }', {})).toBe(6 * 3);
    // An argument that does not coerce counts as not given.
    expect(cost('{ sliced(first: "many") { detail } }')).toBe(6 * 3);
    // No sized fields named: the list itself is sliced.
    expect(cost('{ unsized(first: 4) { detail } }')).toBe(4 * 3);
  });

  it("sizes a connection's named lists by its slicing argument, its assumed size or the default", () => {
    expect(cost('{ page(first: 2) { nodes { detail } extra { id } } }')).toBe(2 * 3 + 10 * 2);
    expect(cost('{ page(first: 2, last: 3) { nodes { detail } } }')).toBe(3 * 3);
    expect(cost('{ pageAssumed { nodes { detail } } }')).toBe(4 * 3);
    expect(cost('{ page { nodes { detail } } }')).toBe(10 * 3);
  });

  it('counts a fragment inside each connection by that connection, and each fragment by its own selections', () => {
    const query = `{ a: page(first: 2) { ...P ...Q } b: page(first: 5) { ...P } }
      fragment P on Page { nodes { detail } }
      fragment Q on Page { nodes { id } }`;
    expect(cost(query)).toBe(2 * 3 + 2 * 2 + 5 * 3);
  });

  it('counts a fragment that spreads itself once, without looping', () => {
    expect(cost('{ item { ...F } } fragment F on Item { detail ...F }')).toBe(4);
  });

  it('honours @include(if: false), and counts a field whose directive cannot be read', () => {
    expect(cost('{ item { detail @include(if: false) } }')).toBe(3);
    expect(cost('{ item { detail @skip(if: false) } }')).toBe(4);
    expect(cost('{ item { detail @skip(if: $undeclared) } }')).toBe(4);
  });

  it('is 0 for an operation of a root type the schema lacks', () => {
    expect(cost('mutation { ... on Item { detail } }')).toBe(0);
  });

  it('reads a field named _entities on another type as a plain list', () => {
    const query =
      '{ page(first: 1) { _entities(representations: [{ __typename: "Item" }]) { ... on Item { detail } } } }';
    expect(cost(query)).toBe(10 * 3);
  });

  it('is 0 for an operation not in the document', () => {
    expect(cost('query A { item { detail } }', {}, 'B')).toBe(0);
    expect(cost('query A { item { detail } } query B { item { id } }')).toBe(0);
  });

  it('counts nothing for the parts of a document validation would refuse', () => {
    expect(cost('{ missing { detail } item { detail } }')).toBe(4);
    expect(cost('{ entity { id } }')).toBe(0);
    expect(cost('{ ...Missing item { detail } }')).toBe(4);
    // Inside a sized connection, where fragments are kept by the type they are spread on.
    expect(
      cost(
        '{ page(first: 2) { ... on Unknown { ...F } ...G nodes { detail } } } fragment F on Page { nodes { id } } fragment G on Unknown { ...F }',
      ),
    ).toBe(2 * 3);
  });

  it('reads no weight from fields and types without a definition in SDL', () => {
    const query: GraphQLObjectType = new GraphQLObjectType({
      name: 'Query',
      fields: () => ({ text: { type: GraphQLString }, self: { type: query } }),
    });
    const coded = new GraphQLSchema({ query });
    expect(cost('{ text self { text } }', {}, undefined, coded)).toBe(0);
  });
});

describe('the cost of _entities', () => {
  const ENTITIES = 'query ($r: [_Any!]!) { _entities(representations: $r) { __typename ';
  const reps = (...typenames: unknown[]) => ({ r: typenames.map((t) => (t === null ? null : { __typename: t })) });

  it('counts the fragments, inline or named, on the type of each representation', () => {
    const inline = `${ENTITIES} ... on Item { detail } ... on Other { detail } ... { id } } }`;
    expect(cost(inline, reps('Item', 'Item'))).toBe(2 * (2 + 1));
    expect(cost(inline, reps('Other'))).toBe(3 + 7);
    const named = `${ENTITIES} ...I ...O } } fragment I on Item { detail } fragment O on Other { detail }`;
    expect(cost(named, reps('Item'))).toBe(2 + 1);
    expect(cost(named, reps('Other', 'Other'))).toBe(2 * (3 + 7));
  });

  it('skips what @skip leaves out', () => {
    expect(cost(`${ENTITIES} ... on Item @skip(if: true) { detail } } }`, reps('Item'))).toBe(2);
  });

  it('counts nothing for representations of no object type, without a type name, or null', () => {
    const query = `${ENTITIES} ... on Item { detail } ... on Node { detail } ...Missing } }`;
    expect(cost(query, reps('Unknown', 'Node', 'Entity', 42, undefined))).toBe(0);
    // An Item among them pays for its own fragment alone: not the interface's, nor a missing one.
    expect(cost(query, reps('Unknown', 'Item', 'Node'))).toBe(3);
    expect(cost('{ _entities(representations: [null, { __typename: "Item" }]) { ... on Item { detail } } }')).toBe(3);
  });

  it('reads the representations argument by its name', () => {
    expect(cost('{ _entities(other: 1, representations: [{ __typename: "Item" }]) { ... on Item { detail } } }')).toBe(
      3,
    );
  });
});
