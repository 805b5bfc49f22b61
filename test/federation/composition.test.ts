import { composeServices } from '@apollo/composition';
import { buildSchema, isObjectType, Kind, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

/** A second subgraph that extends our Person entity with reviews. */
const REVIEWS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  type Person @key(fields: "nationalId") {
    nationalId: String!
    reviews: [String!]
  }

  type Query {
    reviewedPeople: [Person!]!
  }
`;

/** The graphs of a join__type directive list on a supergraph type, e.g. ['INQUIRY', 'REVIEWS']. */
function joinTypeGraphs(supergraph: DocumentNode, typeName: string): Array<{ graph: string; key: string | null }> {
  const definition = supergraph.definitions.find(
    (d) => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === typeName,
  );
  if (definition?.kind !== Kind.OBJECT_TYPE_DEFINITION) return [];
  return (definition.directives ?? [])
    .filter((d) => d.name.value === 'join__type')
    .map((d) => {
      const graph = d.arguments?.find((a) => a.name.value === 'graph')?.value;
      const key = d.arguments?.find((a) => a.name.value === 'key')?.value;
      return {
        graph: graph?.kind === Kind.ENUM ? graph.value : '?',
        key: key?.kind === Kind.STRING ? key.value : null,
      };
    })
    .sort((a, b) => a.graph.localeCompare(b.graph));
}

function fieldType(schema: GraphQLSchema, typeName: string, field: string): string | undefined {
  const type = schema.getType(typeName);
  return isObjectType(type) ? type.getFields()[field]?.type.toString() : undefined;
}

describe('composition with a second subgraph', () => {
  const harness = useHarness();
  let inquirySdl: string;

  beforeAll(async () => {
    const response = await harness.gql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    expect(response.errors).toBeUndefined();
    inquirySdl = response.data?._service.sdl ?? '';
  });

  it('composes without errors into a supergraph with Person.reviews, Query.bill and Subscription.jobUpdated', () => {
    const result = composeServices([
      { name: 'inquiry', typeDefs: parse(inquirySdl), url: harness.server.url },
      { name: 'reviews', typeDefs: parse(REVIEWS_SDL), url: 'http://reviews.invalid/graphql' },
    ]);
    expect(result.errors?.map((e) => e.message)).toBeUndefined();
    const supergraphSdl = result.supergraphSdl ?? '';
    expect(supergraphSdl.length).toBeGreaterThan(0);

    const supergraph = parse(supergraphSdl);
    expect(joinTypeGraphs(supergraph, 'Person')).toEqual([
      { graph: 'INQUIRY', key: 'nationalId' },
      { graph: 'REVIEWS', key: 'nationalId' },
    ]);

    // The supergraph schema; its object fields are what clients of the router would see.
    const api = buildSchema(supergraphSdl);
    expect(fieldType(api, 'Person', 'reviews')).toBe('[String!]');
    expect(fieldType(api, 'Person', 'nationalId')).toBe('String!');
    expect(fieldType(api, 'Person', 'drivingLicenceNegativeScore')).toBe('DrivingLicenceNegativeScore');
    expect(fieldType(api, 'Query', 'bill')).toBe('Bill');
    expect(fieldType(api, 'Query', 'person')).toBe('Person');
    expect(fieldType(api, 'Query', 'reviewedPeople')).toBe('[Person!]!');
    expect(fieldType(api, 'Mutation', 'startBillInquiry')).toBe('BillInquiryJob!');
    expect(fieldType(api, 'Subscription', 'jobUpdated')).toBe('UpstreamJob!');
    expect(api.getSubscriptionType()?.name).toBe('Subscription');
    // federation's own plumbing does not leak into the supergraph's Query
    expect(fieldType(api, 'Query', '_entities')).toBeUndefined();
    expect(fieldType(api, 'Query', '_service')).toBeUndefined();
  });

  it('reports a conflict when the second subgraph disagrees on a shared field type', () => {
    const conflicting = REVIEWS_SDL.replace('nationalId: String!', 'nationalId: Int!');
    const result = composeServices([
      { name: 'inquiry', typeDefs: parse(inquirySdl) },
      { name: 'reviews', typeDefs: parse(conflicting) },
    ]);
    expect(result.errors?.length ?? 0).toBeGreaterThan(0);
    expect(result.errors?.map((e) => e.extensions.code)).toContain('FIELD_TYPE_MISMATCH');
  });
});
