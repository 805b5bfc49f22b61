/**
 * The `_entities` guard on its own: what `checkRepresentation` says of each bad representation, and the
 * checks `guardEntities` makes of a schema before it guards `_entities` (small schemas built here).
 */
import { buildSchema, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BadUserInputError } from '../../src/errors.js';
import { checkRepresentation, ENTITY_KEYS, guardEntities } from '../../src/federation/entities.js';
import { samples } from '../helpers/samples.js';

const IBAN = 'IR490150007580401235200517';

function refusal(value: unknown): { path: unknown; message: string } {
  const result = checkRepresentation(value, 1);
  if (!(result instanceof BadUserInputError)) throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
  return { path: result.extensions['argumentPath'], message: result.message };
}

describe('checkRepresentation', () => {
  it('says what is wrong with each representation', () => {
    expect(refusal(null)).toEqual({
      path: 'representations[1]',
      message: expect.stringContaining('expected an object with `__typename` and the key fields of an entity'),
    });
    expect(refusal({ __typename: 7 }).message).toContain('expected the name of an entity type');
    expect(refusal({ __typename: 'Nope' }).message).toContain(
      `"Nope" is not an entity of this subgraph; expected one of ${Object.keys(ENTITY_KEYS).join(', ')}`,
    );
    expect(refusal({ __typename: 'Person', nationalId: null })).toEqual({
      path: 'representations[1].nationalId',
      message: expect.stringContaining('the key field nationalId of Person is missing'),
    });
    expect(refusal({ __typename: 'Person', nationalId: 7 }).message).toContain('expected a string');
  });

  it('names the first key’s field when a representation has no field of any key', () => {
    expect(refusal({ __typename: 'BankAccount' }).path).toBe('representations[1].iban');
    expect(checkRepresentation({ __typename: 'BankAccount', iban: IBAN, bankCode: '017' }, 0)).toMatchObject({
      iban: IBAN,
    });
  });
});

/** A `@key` directive; a key given as `resolvable: …, fields` names another argument first. */
const key = (fields: string) =>
  fields.startsWith('resolvable')
    ? `@key(${fields.replace(/, (.*)$/, ', fields: "$1"')})`
    : `@key(fields: "${fields}")`;

/** A schema of every entity with the keys of ENTITY_KEYS, unless `keys` says otherwise for a type. */
function schemaOf(options: { keys?: Record<string, string[]>; query?: string | null } = {}): GraphQLSchema {
  const types = Object.entries(ENTITY_KEYS).map(([name, keys]) => {
    const declared = options.keys?.[name] ?? keys.map((each) => Object.keys(each).join(' '));
    const fields = new Set(keys.flatMap((each) => Object.keys(each)));
    return `type ${name} ${declared.map(key).join(' ')} { ${[...fields].map((field) => `${field}: String`).join(' ')} }`;
  });
  return buildSchema(`
    directive @key(fields: String!, resolvable: Boolean) repeatable on OBJECT
    ${types.join('\n')}
    union _Entity = ${Object.keys(ENTITY_KEYS).join(' | ')}
    ${options.query === null ? '' : `type Query { ${options.query ?? '_entities(representations: [String!]!): [_Entity]!'} }`}
  `);
}

describe('guardEntities', () => {
  it('refuses a schema whose entities are not those of ENTITY_KEYS, naming both', () => {
    const names = Object.keys(ENTITY_KEYS).sort().join(', ');
    expect(() => guardEntities(buildSchema('type Query { a: String }'))).toThrow(
      `The schema's entities () differ from ENTITY_KEYS (${names})`,
    );
    expect(() =>
      guardEntities(
        buildSchema(
          'type Person { a: String } type Card { a: String } union _Entity = Person | Card type Query { a: String }',
        ),
      ),
    ).toThrow(`The schema's entities (Card, Person) differ from ENTITY_KEYS (${names})`);
  });

  it('refuses an entity keyed otherwise than in ENTITY_KEYS, and reads the key fields however spaced', () => {
    expect(() => guardEntities(schemaOf({ keys: { Person: ['mobile'] } }))).toThrow(
      'Person is keyed by "mobile" in the schema but by "nationalId" in ENTITY_KEYS',
    );
    expect(() => guardEntities(schemaOf({ keys: { BankAccount: ['iban'] } }))).toThrow(
      'BankAccount is keyed by "iban" in the schema but by "iban | bankCode accountNumber" in ENTITY_KEYS',
    );
    expect(() => guardEntities(schemaOf({ keys: { PersonMobile: [' nationalId \\t mobile  '] } }))).toThrow(
      'Query._entities has no resolver',
    );
    expect(() => guardEntities(schemaOf({ keys: { Person: ['resolvable: true, nationalId'] } }))).toThrow(
      'Query._entities has no resolver',
    );
  });

  it('refuses a schema without Query._entities, or one without a resolver', () => {
    expect(() => guardEntities(schemaOf({ query: 'a: String' }))).toThrow('The schema has no Query._entities field');
    expect(() => guardEntities(schemaOf({ query: null }))).toThrow('The schema has no Query._entities field');
    expect(() => guardEntities(schemaOf())).toThrow('Query._entities has no resolver');
  });

  it('guards the resolver: the bad items fail alone, the good ones go on in canonical form', async () => {
    const schema = schemaOf();
    const field = schema.getQueryType()?.getFields()['_entities'];
    const seen: unknown[] = [];
    let calls = 0;
    if (!field) throw new Error('expected _entities');
    field.resolve = (_source, args: { representations: unknown[] }) => {
      calls += 1;
      seen.push(...args.representations);
      return args.representations.map((_, index) => `resolved ${index}`);
    };
    guardEntities(schema);
    const resolve = field.resolve;
    const answer = (representations: unknown) =>
      resolve(null, { representations }, {}, {} as Parameters<typeof resolve>[3]) as unknown[];
    const items = answer([{ __typename: 'Person', nationalId: ` ${samples.nationalId}` }, { __typename: 'Person' }]);
    expect(items[0]).toBe('resolved 0');
    expect(items[1]).toBeInstanceOf(BadUserInputError);
    expect(seen).toEqual([{ __typename: 'Person', nationalId: samples.nationalId }]);
    expect(answer([{ __typename: 'Nope' }])).toEqual([expect.any(BadUserInputError)]);
    // Nothing good: the original resolver is not called at all.
    expect(calls).toBe(1);
  });
});
