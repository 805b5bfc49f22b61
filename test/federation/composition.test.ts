import { composeServices } from '@apollo/composition';
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  isEnumType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  print,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
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

/**
 * A third subgraph, of another team (human resources): its own `Job`, `Gender`, `Date`, `Consent` and
 * `Plate`, beside copies of the value types both define (docs/SHARED_TYPES.md), pasted as they are.
 */
const HR_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@shareable"])

  "A day of the year, YYYY-MM-DD, as the HR system keeps it."
  scalar Date

  "A calendar date in ISO-8601 (\`YYYY-MM-DD\`), Gregorian calendar."
  scalar GregorianDate

  "An instant in ISO-8601 with an offset, for example \`2024-03-20T12:30:00.000Z\`."
  scalar DateTime

  "A date in the Persian (Solar Hijri) calendar, with its Gregorian equivalent."
  type PersianDate @shareable {
    "The date in the Persian calendar, \`YYYY/MM/DD\` (for example \`1403/01/01\`)."
    jalali: String!
    "The same day in the Gregorian calendar, ISO-8601 (for example \`2024-03-20\`)."
    iso: GregorianDate!
  }

  "A date and time in the Persian calendar (Tehran time), with its ISO-8601 instant."
  type PersianDateTime @shareable {
    "The date and time in the Persian calendar, for example \`1405/08/15 14:20\` or \`1405/08/15 14:20:05\`."
    jalali: String!
    "The same instant in ISO-8601."
    iso: DateTime!
  }

  "Where a page of a list ends."
  type PageInfo @shareable {
    "True when more items follow this page."
    hasNextPage: Boolean!
    "Pass as \`after\` to get the next page; null on an empty page."
    endCursor: String
  }

  "A bank, identified by its 3-digit code (for example \`017\` for Bank Melli)."
  type Bank @shareable {
    "The 3-digit bank code."
    code: String!
    "The bank's name in Persian; null when the code is not a known bank's."
    name: String
  }

  "A position on the earth in decimal degrees (WGS 84)."
  type Coordinates @shareable {
    "Latitude in decimal degrees."
    latitude: Float!
    "Longitude in decimal degrees."
    longitude: Float!
  }

  "How an employee describes their gender."
  enum Gender {
    FEMALE
    MALE
    NON_BINARY
    UNDISCLOSED
  }

  "What an applicant agreed to."
  type Consent {
    purpose: String!
    givenAt: DateTime!
  }

  "A parking permit's plate."
  type Plate {
    number: String!
    parkingSpot: String
  }

  "A job opening."
  type Job @key(fields: "id") {
    id: ID!
    title: String!
    startsOn: Date
    postedOn: PersianDate
    payrollBank: Bank
    office: Coordinates
    parkingPlate: Plate
    applicantConsent: Consent
    applicantGender: Gender
  }

  "A page of job openings."
  type JobOpeningPage {
    openings: [Job!]!
    pageInfo: PageInfo!
  }

  type Query {
    jobOpenings(first: Int, after: String): JobOpeningPage!
    jobOpening(id: ID!): Job
    payrollBanks: [Bank!]!
  }
`;

/** The value types this subgraph shares, as docs/SHARED_TYPES.md lists them. */
const SHARED_VALUE_TYPES = ['PersianDate', 'PersianDateTime', 'PageInfo', 'Bank', 'Coordinates'];

/** The names the HR subgraph keeps for itself, which ours must leave free. */
const HR_OWN_NAMES = ['Date', 'Gender', 'Consent', 'Plate', 'Job', 'JobOpeningPage'];

/** The first graphql block of docs/SHARED_TYPES.md: what another subgraph copies. */
function documentedSharedDefinitions(): DocumentNode {
  const text = readFileSync('docs/SHARED_TYPES.md', 'utf8');
  const block = /```graphql\n([\s\S]*?)```/.exec(text)?.[1];
  expect(block, 'a graphql block in docs/SHARED_TYPES.md').toBeDefined();
  return parse(block ?? '');
}

/** Directives a copy leaves out: our demand control (`@cost`, `@listSize`) and our contract's `@tag`. */
const OUR_OWN_DIRECTIVES = new Set(['cost', 'listSize', 'tag']);

/**
 * A definition printed without the directives a copy leaves out, and with every description as a plain
 * string (the SDL prints some as block strings).
 */
function printedAsCopied(definition: DefinitionNode): string {
  return print(
    visit(definition, {
      Directive: (node) => (OUR_OWN_DIRECTIVES.has(node.name.value) ? null : undefined),
      StringValue: (node) => ({ ...node, block: false }),
    }),
  );
}

/** The SDL with every use of `@shareable` removed (its definition kept). */
function withoutShareable(sdl: string): string {
  return print(visit(parse(sdl), { Directive: (node) => (node.name.value === 'shareable' ? null : undefined) }));
}

function shareableUses(sdl: string): number {
  let uses = 0;
  visit(parse(sdl), {
    Directive: (node) => {
      if (node.name.value === 'shareable') uses += 1;
    },
  });
  return uses;
}

function namedDefinitions(document: DocumentNode): Map<string, DefinitionNode> {
  const named = new Map<string, DefinitionNode>();
  for (const definition of document.definitions) {
    // Definitions only: our contract's tags come as extensions of some of them (`extend scalar … @tag`).
    if ('name' in definition && definition.name && !definition.kind.endsWith('Extension'))
      named.set(definition.name.value, definition);
  }
  return named;
}

function composeWithHr(inquirySdl: string, hrSdl = HR_SDL): ReturnType<typeof composeServices> {
  return composeServices([
    { name: 'inquiry', typeDefs: parse(inquirySdl), url: 'http://inquiry.invalid/graphql' },
    { name: 'reviews', typeDefs: parse(REVIEWS_SDL), url: 'http://reviews.invalid/graphql' },
    { name: 'hr', typeDefs: parse(hrSdl), url: 'http://hr.invalid/graphql' },
  ]);
}

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

/** This subgraph, and the SDL it serves as `_service { sdl }`, shared by every composition below. */
const harness = useHarness();
let inquirySdl: string;

beforeAll(async () => {
  const response = await harness.gql<{ _service: { sdl: string } }>('{ _service { sdl } }');
  expect(response.errors).toBeUndefined();
  inquirySdl = response.data?._service.sdl ?? '';
});

describe('composition with a second subgraph', () => {
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
    expect(fieldType(api, 'Mutation', 'startBillInquiry')).toBe('BillInquiryJob');
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

describe('composition beside a subgraph with names and value types of its own', () => {
  it('serves exactly the definitions docs/SHARED_TYPES.md gives to copy, each value type @shareable', () => {
    const documented = namedDefinitions(documentedSharedDefinitions());
    const served = namedDefinitions(parse(inquirySdl));
    expect([...documented.keys()].sort()).toEqual([...SHARED_VALUE_TYPES, 'GregorianDate', 'DateTime'].sort());
    for (const [name, definition] of documented) {
      const ours = served.get(name);
      expect(ours, `${name} in the SDL`).toBeDefined();
      if (ours) expect(printedAsCopied(ours), name).toBe(printedAsCopied(definition));
    }
    for (const name of SHARED_VALUE_TYPES) {
      const ours = served.get(name);
      const directives = ours?.kind === Kind.OBJECT_TYPE_DEFINITION ? (ours.directives ?? []) : [];
      expect(
        directives.map((d) => d.name.value),
        name,
      ).toContain('shareable');
    }
  });

  it('leaves the HR subgraph its own Job, Gender, Date, Consent and Plate', () => {
    const served = namedDefinitions(parse(inquirySdl));
    expect(HR_OWN_NAMES.filter((name) => served.has(name))).toEqual([]);
  });

  it('composes with it and the reviews subgraph with neither error nor hint', () => {
    const result = composeWithHr(inquirySdl);
    expect(result.errors?.map((e) => `${e.extensions.code}: ${e.message}`)).toBeUndefined();
    expect((result.hints ?? []).map((h) => `${h.definition.code}: ${h.message}`)).toEqual([]);

    const supergraphSdl = result.supergraphSdl ?? '';
    const supergraph = parse(supergraphSdl);
    for (const name of ['PageInfo', 'PersianDate', 'Bank', 'Coordinates']) {
      expect(
        joinTypeGraphs(supergraph, name).map((j) => j.graph),
        name,
      ).toEqual(['HR', 'INQUIRY']);
    }

    const api = buildSchema(supergraphSdl);
    // Theirs and ours side by side, each under its own name.
    expect(isObjectType(api.getType('Job'))).toBe(true);
    expect(fieldType(api, 'Job', 'startsOn')).toBe('Date');
    expect(isInterfaceType(api.getType('UpstreamJob'))).toBe(true);
    expect(fieldType(api, 'Subscription', 'jobUpdated')).toBe('UpstreamJob!');
    const gender = api.getType('Gender');
    expect(isEnumType(gender) ? gender.getValues().map((v) => v.name) : []).toContain('NON_BINARY');
    expect(isEnumType(api.getType('CivilRegistryGender'))).toBe(true);
    expect(isScalarType(api.getType('Date'))).toBe(true);
    expect(isScalarType(api.getType('GregorianDate'))).toBe(true);
    expect(fieldType(api, 'Consent', 'purpose')).toBe('String!');
    expect(fieldType(api, 'InquiryConsent', 'expiresAt')).toBe('DateTime!');
    expect(fieldType(api, 'Plate', 'parkingSpot')).toBe('String');
    expect(fieldType(api, 'Vehicle', 'plate')).toBe('VehiclePlate!');
    // The shared value types are reachable from both subgraphs' fields.
    expect(fieldType(api, 'Job', 'payrollBank')).toBe('Bank');
    expect(fieldType(api, 'BankAccount', 'bank')).toBe('Bank');
  });

  it('fails with INVALID_FIELD_SHARING on every shared value type when ours are not @shareable', () => {
    const unshared = withoutShareable(inquirySdl);
    expect(shareableUses(inquirySdl)).toBeGreaterThanOrEqual(SHARED_VALUE_TYPES.length);
    expect(shareableUses(unshared)).toBe(0);
    const result = composeWithHr(unshared);
    const sharing = (result.errors ?? []).filter((e) => e.extensions.code === 'INVALID_FIELD_SHARING');
    for (const name of ['PageInfo', 'PersianDate', 'PersianDateTime', 'Bank', 'Coordinates']) {
      expect(
        sharing.some((e) => e.message.includes(`"${name}.`)),
        name,
      ).toBe(true);
    }
  });

  it('gives a hint when a copy strays from ours (a description reworded)', () => {
    const strayed = HR_SDL.replace('"Latitude in decimal degrees."', '"Latitude."');
    expect(strayed).not.toBe(HR_SDL);
    const result = composeWithHr(inquirySdl, strayed);
    expect(result.errors).toBeUndefined();
    expect((result.hints ?? []).map((h) => h.definition.code)).toContain('INCONSISTENT_DESCRIPTION');
  });
});
