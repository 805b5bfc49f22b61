/**
 * The frontend kit (client/) against the schema as a router composes it: every entity has its type
 * policy, keyed as its `@key` says, and every abstract type its possible types. No server: the schema is
 * built in-process.
 */
import { composeServices } from '@apollo/composition';
import { gql } from '@apollo/client';
import {
  isAbstractType,
  Kind,
  parse,
  type ConstDirectiveNode,
  type DocumentNode,
  type SelectionSetNode,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInquiryCache, possibleTypes, typePolicies } from '../../client/index.js';
import { subgraphSdl } from '../../scripts/writeSdl.js';
import { buildSchema } from '../../src/schema.js';

type Specifier = ReadonlyArray<string | Specifier>;

const specifierOf = (selectionSet: SelectionSetNode): Specifier =>
  selectionSet.selections.flatMap((selection) => {
    if (selection.kind !== Kind.FIELD) throw new Error(`unexpected ${selection.kind} in a key`);
    const name = selection.name.value;
    return selection.selectionSet ? [name, specifierOf(selection.selectionSet)] : [name];
  });

const argumentOf = (directive: ConstDirectiveNode, name: string) =>
  directive.arguments?.find((argument) => argument.name.value === name)?.value;

/** For each entity of the graph `graph` in a supergraph: the specifier of its first resolvable key. */
function composedKeys(supergraph: DocumentNode, graph: string): Record<string, Specifier> {
  const keys: Record<string, Specifier> = {};
  for (const definition of supergraph.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.INTERFACE_TYPE_DEFINITION) continue;
    const joins = (definition.directives ?? []).filter((directive) => {
      const of = argumentOf(directive, 'graph');
      return directive.name.value === 'join__type' && of?.kind === Kind.ENUM && of.value === graph;
    });
    const withKey = joins.filter((directive) => argumentOf(directive, 'key')?.kind === Kind.STRING);
    const resolvable = (directive: ConstDirectiveNode) => {
      const value = argumentOf(directive, 'resolvable');
      return value?.kind !== Kind.BOOLEAN || value.value;
    };
    const chosen = withKey.find(resolvable) ?? withKey[0];
    const key = chosen && argumentOf(chosen, 'key');
    if (key?.kind !== Kind.STRING) continue;
    const operation = parse(`{ ${key.value} }`).definitions[0];
    if (operation?.kind !== Kind.OPERATION_DEFINITION) throw new Error(`bad key ${key.value}`);
    keys[definition.name.value] = specifierOf(operation.selectionSet);
  }
  return keys;
}

describe('the kit against the composed schema', () => {
  let supergraph: DocumentNode;

  beforeAll(async () => {
    const result = composeServices([
      { name: 'inquiry', typeDefs: parse(await subgraphSdl()), url: 'http://127.0.0.1:4001/graphql' },
    ]);
    expect(result.errors?.map((error) => error.message)).toBeUndefined();
    supergraph = parse(result.supergraphSdl ?? '');
  });

  it("gives every entity a type policy whose keyFields are its @key's", () => {
    const expected = composedKeys(supergraph, 'INQUIRY');
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(6);
    const generated = Object.fromEntries(
      Object.entries(typePolicies).map(([typeName, policy]) => [typeName, policy.keyFields]),
    );
    expect(generated).toEqual(expected);
  });

  it('covers every member of the subgraph’s _Entity union', () => {
    const entities = buildSchema().getType('_Entity');
    const members = entities && isAbstractType(entities) && 'getTypes' in entities ? entities.getTypes() : [];
    expect(members.length).toBeGreaterThan(0);
    for (const member of members) expect(typePolicies[member.name]?.keyFields, member.name).toBeDefined();
  });

  it("lists the possible types of every union and interface of the subgraph's schema", () => {
    const schema = buildSchema();
    const expected = Object.fromEntries(
      Object.values(schema.getTypeMap())
        .filter((type) => isAbstractType(type) && !type.name.startsWith('_'))
        .map((type) => [
          type.name,
          schema
            .getPossibleTypes(type as Parameters<typeof schema.getPossibleTypes>[0])
            .map((member) => member.name)
            .sort(),
        ]),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    expect(possibleTypes).toEqual(expected);
  });
});

describe('createInquiryCache', () => {
  const PERSON = gql`
    query {
      person(nationalId: "0012345678") {
        nationalId
        militaryService {
          allowed
        }
      }
    }
  `;

  it('adds the policies it is given to the generated ones, type by type', () => {
    const cache = createInquiryCache({
      typePolicies: { Person: { fields: { militaryService: { read: () => ({ allowed: true }) } } } },
      possibleTypes: { Elsewhere: ['ElsewhereThing'] },
    });
    cache.writeQuery({
      query: PERSON,
      data: { person: { __typename: 'Person', nationalId: '0012345678', militaryService: null } },
    });
    expect(Object.keys(cache.extract())).toContain('Person:{"nationalId":"0012345678"}');
    expect(
      cache.readQuery<{ person: { militaryService: unknown } }>({ query: PERSON })?.person.militaryService,
    ).toEqual({
      allowed: true,
    });
    const fragment = gql`
      fragment F on Elsewhere {
        id
      }
    `.definitions[0];
    expect(fragment?.kind).toBe(Kind.FRAGMENT_DEFINITION);
    if (fragment?.kind === Kind.FRAGMENT_DEFINITION)
      expect(cache.policies.fragmentMatches(fragment, 'ElsewhereThing')).toBe(true);
  });

  it('keeps the keys of this schema’s entities when given other keyFields for them', () => {
    const cache = createInquiryCache({ typePolicies: { Person: { keyFields: false } } });
    cache.writeQuery({
      query: PERSON,
      data: { person: { __typename: 'Person', nationalId: '0012345678', militaryService: null } },
    });
    expect(Object.keys(cache.extract())).toContain('Person:{"nationalId":"0012345678"}');
  });
});
