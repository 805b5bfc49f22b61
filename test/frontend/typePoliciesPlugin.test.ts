/**
 * The codegen plugin behind `client/__generated__/typePolicies.ts`: it finds entities by their `@key`
 * alone, whatever they are called, and turns each key into Apollo Client's `keyFields`.
 */
import { buildASTSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { entityKeys, keyDirectiveName, parseKeyFields, plugin } from '../../scripts/codegen/typePolicies.mjs';

const FEDERATION_DIRECTIVES = /* GraphQL */ `
  directive @link(url: String!, import: [link__Import], as: String) repeatable on SCHEMA
  scalar link__Import
  directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
  directive @primaryKey(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
  directive @federation__key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
`;

/** A subgraph schema as codegen would read it, from SDL. */
const schemaOf = (sdl: string) => buildASTSchema(parse(`${FEDERATION_DIRECTIVES}\n${sdl}`), { assumeValid: true });

const LINK = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])';

describe('entity keys read from @key', () => {
  it('gives every keyed object and interface its keyFields, compound and nested keys included', () => {
    const schema = schemaOf(`${LINK}
      type Query { a: Registration }
      type Owner { code: String! }
      type Registration @key(fields: "plate  ownerId") { plate: String! ownerId: String! }
      type Shipment @key(fields: "id owner { code }") { id: ID! owner: Owner! }
      interface Node @key(fields: "id") { id: ID! }
      type Plain { id: ID! }
    `);
    expect(entityKeys(schema)).toEqual([
      { typeName: 'Node', fields: 'id', keyFields: ['id'] },
      { typeName: 'Registration', fields: 'plate  ownerId', keyFields: ['plate', 'ownerId'] },
      { typeName: 'Shipment', fields: 'id owner { code }', keyFields: ['id', 'owner', ['code']] },
    ]);
  });

  it('takes the first resolvable key of several, and the first one when none is resolvable', () => {
    const schema = schemaOf(`${LINK}
      type Query { a: Account }
      type Account @key(fields: "legacyId", resolvable: false) @key(fields: "iban") @key(fields: "number") {
        legacyId: ID! iban: String! number: String!
      }
      type Stub @key(fields: "ref", resolvable: false) @key(fields: "other", resolvable: false) {
        ref: ID! other: ID!
      }
    `);
    expect(entityKeys(schema).map(({ typeName, keyFields }) => [typeName, keyFields])).toEqual([
      ['Account', ['iban']],
      ['Stub', ['ref']],
    ]);
  });

  it('reads a key declared on a type extension', () => {
    const schema = schemaOf(`${LINK}
      type Query { a: Thing }
      type Thing { id: ID! }
      extend type Thing @key(fields: "id")
    `);
    expect(entityKeys(schema)).toEqual([{ typeName: 'Thing', fields: 'id', keyFields: ['id'] }]);
  });

  it('follows the name @link gives the key directive', () => {
    const renamed = `extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: [{ name: "@key", as: "@primaryKey" }])`;
    const namespaced = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@shareable"])';
    const types =
      'type Query { a: T } type T @primaryKey(fields: "a") @federation__key(fields: "b") @key(fields: "c") { a: ID b: ID c: ID }';
    expect(keyDirectiveName(schemaOf(`${renamed}\n${types}`))).toBe('primaryKey');
    expect(entityKeys(schemaOf(`${renamed}\n${types}`))[0]?.keyFields).toEqual(['a']);
    expect(keyDirectiveName(schemaOf(`${namespaced}\n${types}`))).toBe('federation__key');
    expect(entityKeys(schemaOf(`${namespaced}\n${types}`))[0]?.keyFields).toEqual(['b']);
    // Federation 1: no @link, plain @key.
    expect(keyDirectiveName(schemaOf(types))).toBe('key');
  });

  it('refuses a key that keyFields cannot express', () => {
    expect(() => parseKeyFields('id ... on A { x }', 'T')).toThrow(/T: @key\(fields: "id \.\.\. on A \{ x \}"\)/);
    expect(() => parseKeyFields('renamed: id', 'T')).toThrow(/keyFields cannot express/);
    expect(() => parseKeyFields('id(x: 1)', 'T')).toThrow(/keyFields cannot express/);
  });
});

describe('the generated module', () => {
  it('declares typePolicies with one keyFields entry per entity, in name order', () => {
    const schema = schemaOf(`${LINK}
      type Query { a: Zed }
      type Zed @key(fields: "z") { z: ID! }
      type Alpha @key(fields: "a b") { a: ID! b: ID! }
    `);
    const output = plugin(schema);
    expect(output).toContain("import type { TypePolicies } from '@apollo/client';");
    expect(output).toMatch(/export const typePolicies: TypePolicies = \{\n/);
    const entries = [...output.matchAll(/^ {2}(\w+): \{ keyFields: (.*) \},$/gm)].map((match) => [match[1], match[2]]);
    expect(entries).toEqual([
      ['Alpha', "['a', 'b']"],
      ['Zed', "['z']"],
    ]);
  });
});
