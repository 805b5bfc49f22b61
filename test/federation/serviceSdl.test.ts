import { readdirSync, readFileSync } from 'node:fs';
import {
  Kind,
  parse,
  type ConstDirectiveNode,
  type DefinitionNode,
  type DocumentNode,
  type EnumValueDefinitionNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  type TypeNode,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

/** Types federation adds to every subgraph; not ours to describe. */
const FEDERATION_TYPES = new Set(['_Service', '_Entity', '_Any']);
const isFederationType = (name: string): boolean =>
  FEDERATION_TYPES.has(name) || name.startsWith('link__') || name.startsWith('federation__');
/** Root fields federation adds to Query. */
const FEDERATION_QUERY_FIELDS = new Set(['_service', '_entities']);

const TYPE_DEFINITION_KINDS: ReadonlySet<string> = new Set([
  Kind.OBJECT_TYPE_DEFINITION,
  Kind.INTERFACE_TYPE_DEFINITION,
  Kind.INPUT_OBJECT_TYPE_DEFINITION,
  Kind.ENUM_TYPE_DEFINITION,
  Kind.SCALAR_TYPE_DEFINITION,
  Kind.UNION_TYPE_DEFINITION,
]);

type Member = FieldDefinitionNode | InputValueDefinitionNode | EnumValueDefinitionNode;

function membersOf(node: DefinitionNode): readonly Member[] {
  switch (node.kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.OBJECT_TYPE_EXTENSION:
    case Kind.INTERFACE_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_EXTENSION:
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
    case Kind.INPUT_OBJECT_TYPE_EXTENSION:
      return node.fields ?? [];
    case Kind.ENUM_TYPE_DEFINITION:
    case Kind.ENUM_TYPE_EXTENSION:
      return node.values ?? [];
    default:
      return [];
  }
}

function nameOf(node: DefinitionNode): string | null {
  return 'name' in node && node.name ? node.name.value : null;
}

/** Our types without a description, and our fields, field arguments, input fields and enum values without one. */
function findUndescribed(document: DocumentNode): {
  undescribed: string[];
  checkedMembers: number;
  checkedArguments: number;
} {
  const undescribed: string[] = [];
  let checkedMembers = 0;
  let checkedArguments = 0;
  for (const definition of document.definitions) {
    const typeName = nameOf(definition);
    if (typeName === null || isFederationType(typeName)) continue;
    if (TYPE_DEFINITION_KINDS.has(definition.kind)) {
      const description = 'description' in definition ? definition.description?.value.trim() : undefined;
      if (!description) undescribed.push(`type ${typeName}`);
    }
    for (const member of membersOf(definition)) {
      if (typeName === 'Query' && FEDERATION_QUERY_FIELDS.has(member.name.value)) continue;
      checkedMembers += 1;
      if (!member.description?.value.trim()) undescribed.push(`${typeName}.${member.name.value}`);
      const args = member.kind === Kind.FIELD_DEFINITION ? (member.arguments ?? []) : [];
      for (const argument of args) {
        checkedArguments += 1;
        if (!argument.description?.value.trim())
          undescribed.push(`${typeName}.${member.name.value}(${argument.name.value})`);
      }
    }
  }
  return { undescribed, checkedMembers, checkedArguments };
}

/** The named type under any list and non-null wrappers, and whether a list wraps it. */
function unwrap(type: TypeNode): { name: string; isList: boolean } {
  if (type.kind === Kind.NAMED_TYPE) return { name: type.name.value, isList: false };
  const inner = unwrap(type.type);
  return { name: inner.name, isList: inner.isList || type.kind === Kind.LIST_TYPE };
}

/**
 * Fields returning lists of objects that carry no `@listSize`, so a router's demand control could not
 * size them. A connection's `nodes` is sized by the field returning the connection.
 */
function findUnsizedLists(document: DocumentNode): string[] {
  const composite = new Set(
    document.definitions
      .filter(
        (d) =>
          d.kind === Kind.OBJECT_TYPE_DEFINITION ||
          d.kind === Kind.INTERFACE_TYPE_DEFINITION ||
          d.kind === Kind.UNION_TYPE_DEFINITION,
      )
      .map((d) => nameOf(d)),
  );
  const unsized: string[] = [];
  for (const definition of document.definitions) {
    const typeName = nameOf(definition);
    if (typeName === null || isFederationType(typeName)) continue;
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    for (const field of definition.fields ?? []) {
      const { name, isList } = unwrap(field.type);
      if (!isList || !composite.has(name) || (typeName === 'Query' && FEDERATION_QUERY_FIELDS.has(field.name.value)))
        continue;
      if (field.name.value === 'nodes' && typeName.endsWith('Connection')) continue;
      if (!(field.directives ?? []).some((d) => d.name.value === 'listSize'))
        unsized.push(`${typeName}.${field.name.value}`);
    }
  }
  return unsized;
}

function stringArgument(directive: ConstDirectiveNode, argument: string): string | null {
  const value = directive.arguments?.find((a) => a.name.value === argument)?.value;
  return value?.kind === Kind.STRING ? value.value : null;
}

describe('_service { sdl }', () => {
  const harness = useHarness();
  let sdl: string;
  let document: DocumentNode;

  beforeAll(async () => {
    const response = await harness.gql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    expect(response.status).toBe(200);
    expect(response.errors).toBeUndefined();
    sdl = response.data?._service.sdl ?? '';
    document = parse(sdl);
  });

  it('declares Person as an entity keyed by nationalId', () => {
    const person = document.definitions.find(
      (d) => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === 'Person',
    );
    expect(person?.kind).toBe(Kind.OBJECT_TYPE_DEFINITION);
    const keys = (person?.kind === Kind.OBJECT_TYPE_DEFINITION ? (person.directives ?? []) : [])
      .filter((d) => d.name.value === 'key')
      .map((d) => stringArgument(d, 'fields'));
    expect(keys).toEqual(['nationalId']);
    expect(sdl).toMatch(/type Person\s+@key\(fields: "nationalId"\)/);
  });

  it('links the federation spec at v2.4 or later, importing @key', () => {
    const links = document.definitions
      .filter((d) => d.kind === Kind.SCHEMA_EXTENSION || d.kind === Kind.SCHEMA_DEFINITION)
      .flatMap((d) => d.directives ?? [])
      .filter((d) => d.name.value === 'link');
    const federationUrls = links
      .map((d) => stringArgument(d, 'url'))
      .filter((url): url is string => url !== null && url.startsWith('https://specs.apollo.dev/federation/'));
    expect(federationUrls).toHaveLength(1);
    const match = /^https:\/\/specs\.apollo\.dev\/federation\/v(\d+)\.(\d+)$/.exec(federationUrls[0] ?? '');
    expect(match).not.toBeNull();
    const [major, minor] = [Number(match?.[1]), Number(match?.[2])];
    expect(major).toBe(2);
    expect(minor).toBeGreaterThanOrEqual(4);

    const federationLink = links.find((d) => stringArgument(d, 'url') === federationUrls[0]);
    const imports = federationLink?.arguments?.find((a) => a.name.value === 'import')?.value;
    const imported =
      imports?.kind === Kind.LIST ? imports.values.map((v) => (v.kind === Kind.STRING ? v.value : null)) : [];
    expect(imported).toContain('@key');
  });

  it('describes every type, field, argument, input field and enum value of ours', () => {
    const ours = document.definitions.filter((d) => {
      const name = nameOf(d);
      return name !== null && !isFederationType(name);
    });
    const typeNames = new Set(ours.map(nameOf));
    // Guard against a vacuous pass: the walk really covers our schema.
    for (const expected of [
      'Query',
      'Mutation',
      'Subscription',
      'Person',
      'Bill',
      'BillDetails',
      'BillType',
      'BillInquiryInput',
      'UpstreamJob',
      'RialAmount',
      'UpstreamJobStatus',
    ]) {
      expect(typeNames.has(expected), `type ${expected} in the SDL`).toBe(true);
    }

    const { undescribed, checkedMembers, checkedArguments } = findUndescribed(document);
    expect(undescribed).toEqual([]);
    // Query.bill/job/person, Mutation.startBillInquiry, Subscription.jobUpdated, the 9 BillType values, ... — well over 60.
    expect(checkedMembers).toBeGreaterThan(60);
    // Query.card(number), BankAccount.statement(from, to, first, after), every mutation's input, ... — over 100.
    expect(checkedArguments).toBeGreaterThan(100);
  });

  it('the description check itself catches a missing description (same SDL, two descriptions removed)', () => {
    const edited = sdl
      .replace(/"""\s*Gas; `parameter` is the gas subscription number\.\s*"""/, '')
      .replace(/"""\s*Negative points recorded on a driving licence\.\s*"""/, '');
    expect(sdl.length - edited.length).toBeGreaterThan(60);
    expect(findUndescribed(parse(edited)).undescribed).toEqual(['BillType.GAS', 'type DrivingLicenceNegativeScore']);
  });

  it('the description check itself catches an argument and an input field without a description', () => {
    const edited = sdl
      .replace(/"""\s*The card number: 16 digits[^"]*"""/, '')
      .replace(/"""\s*Bill identifier, subscription number or phone number, by type[^"]*"""/, '');
    expect(sdl.length - edited.length).toBeGreaterThan(100);
    expect(findUndescribed(parse(edited)).undescribed).toEqual(['Query.card(number)', 'BillInquiryInput.parameter']);
  });

  it('checks each file of schema/, so a new file is held to the same rule as soon as it exists', () => {
    const schemaDir = new URL('../../schema/', import.meta.url);
    const files = readdirSync(schemaDir).filter((name) => name.endsWith('.graphql'));
    expect(files).toEqual(expect.arrayContaining(['_base.graphql', 'accounts.graphql', 'vehicles.graphql']));
    const undescribed = files.flatMap((file) =>
      findUndescribed(parse(readFileSync(new URL(file, schemaDir), 'utf8'))).undescribed.map(
        (member) => `${file}: ${member}`,
      ),
    );
    expect(undescribed).toEqual([]);
  });

  it('sizes every list of objects for demand control', () => {
    expect(findUnsizedLists(document)).toEqual([]);
    expect(sdl).toMatch(/holders: \[AccountHolder!\] @listSize\(assumedSize: 4\)/);
  });

  it('the size check itself catches a list without @listSize', () => {
    expect(findUnsizedLists(parse(sdl.replace('@listSize(assumedSize: 4)', '')))).toEqual(['BankAccount.holders']);
  });
});
