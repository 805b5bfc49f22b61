/**
 * The federation `_entities` field, guarded. @apollo/subgraph's own resolver fails the whole list for
 * one representation without its key, lets a non-entity `__typename` reach graphql-js (whose internal
 * message then names our types), and hands a malformed key to `__resolveReference`, which can only
 * answer null. Here each representation is checked on its own first: a bad one fails only its item
 * with BAD_USER_INPUT on `representations[i]…` and costs nothing upstream; the good ones, their keys
 * in canonical form, go on to the original resolver.
 */
import { isObjectType, isUnionType, Kind, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { BadUserInputError, quoteValue } from '../errors.js';
import { parseAccountNumber, parseBankCode } from '../validation/accounts.js';
import {
  parseCardNumber,
  parseIban,
  parseLegalId,
  parseMobile,
  parseNationalId,
  parseSayadId,
} from '../validation/identifiers.js';
import { parsePlateNumber } from '../validation/plates.js';

/** Checks a caller's value of one key field and gives it in canonical form. */
export type KeyFieldParser = (value: string, argumentPath: string) => string;

/** One `@key` of an entity: its fields (in the order the directive names them), each with its parser. */
export type EntityKey = Readonly<Record<string, KeyFieldParser>>;

/**
 * Every entity of the schema with its keys, in the order of its `@key` directives; the schema refuses
 * to build when the two disagree. A representation is looked up by the first key whose fields it has.
 */
export const ENTITY_KEYS: Readonly<Record<string, readonly EntityKey[]>> = {
  Person: [{ nationalId: parseNationalId }],
  PersonMobile: [{ nationalId: parseNationalId, mobile: parseMobile }],
  Company: [{ nationalId: parseLegalId }],
  Vehicle: [{ plateNumber: parsePlateNumber }],
  OwnedVehicle: [{ plateNumber: parsePlateNumber, ownerNationalId: parseNationalId }],
  Cheque: [{ sayadId: parseSayadId }],
  Card: [{ number: parseCardNumber }],
  BankAccount: [{ iban: parseIban }, { bankCode: parseBankCode, accountNumber: parseAccountNumber }],
};

type Representation = { readonly __typename: string } & Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A representation with its key in canonical form, or the error of its own item. */
export function checkRepresentation(value: unknown, index: number): Representation | BadUserInputError {
  const path = `representations[${index}]`;
  try {
    if (!isRecord(value))
      throw new BadUserInputError(path, 'expected an object with `__typename` and the key fields of an entity');
    const typename = value['__typename'];
    if (typeof typename !== 'string')
      throw new BadUserInputError(`${path}.__typename`, 'expected the name of an entity type');
    const keys = Object.hasOwn(ENTITY_KEYS, typename) ? ENTITY_KEYS[typename] : undefined;
    if (keys === undefined) {
      throw new BadUserInputError(
        `${path}.__typename`,
        `${quoteValue(typename)} is not an entity of this subgraph; expected one of ${Object.keys(ENTITY_KEYS).join(', ')}`,
      );
    }
    const present = (field: string) => value[field] !== undefined && value[field] !== null;
    const key = keys.find((candidate) => Object.keys(candidate).every(present)) ?? keys[0]!;
    const canonical: Record<string, string> = {};
    for (const [field, parse] of Object.entries(key)) {
      const keyPath = `${path}.${field}`;
      const keyValue = value[field];
      if (!present(field)) throw new BadUserInputError(keyPath, `the key field ${field} of ${typename} is missing`);
      if (typeof keyValue !== 'string') throw new BadUserInputError(keyPath, 'expected a string');
      canonical[field] = parse(keyValue, keyPath);
    }
    return { ...value, __typename: typename, ...canonical };
  } catch (error) {
    if (error instanceof BadUserInputError) return error;
    throw error;
  }
}

/** The fields of each `@key(fields: "…")` of a type, as `"a b"` strings, in the order they are declared. */
function declaredKeys(schema: GraphQLSchema, typeName: string): string[] {
  const type = schema.getType(typeName);
  return (type?.astNode?.directives ?? [])
    .filter((directive) => directive.name.value === 'key')
    .map((directive) => directive.arguments?.find((argument) => argument.name.value === 'fields')?.value)
    .map((fields) => (fields?.kind === Kind.STRING ? fields.value.trim().split(/\s+/).join(' ') : '?'));
}

/** Checks ENTITY_KEYS against the schema's `@key` directives, then puts the guard in front of `_entities`. */
export function guardEntities(schema: GraphQLSchema): GraphQLSchema {
  const union = schema.getType('_Entity');
  const entityNames = isUnionType(union)
    ? union
        .getTypes()
        .map((type) => type.name)
        .sort()
    : [];
  const entityKeys = Object.keys(ENTITY_KEYS).sort();
  if (entityNames.join() !== entityKeys.join())
    throw new Error(
      `The schema's entities (${entityNames.join(', ')}) differ from ENTITY_KEYS (${entityKeys.join(', ')})`,
    );
  for (const name of entityNames) {
    const declared = declaredKeys(schema, name).join(' | ');
    const known = (ENTITY_KEYS[name] ?? []).map((key) => Object.keys(key).join(' ')).join(' | ');
    if (declared !== known)
      throw new Error(`${name} is keyed by "${declared}" in the schema but by "${known}" in ENTITY_KEYS`);
  }

  const queryType = schema.getQueryType();
  const field = queryType?.getFields()['_entities'];
  if (!field || !isObjectType(queryType)) throw new Error('The schema has no Query._entities field');
  const original: GraphQLFieldResolver<unknown, unknown> | undefined = field.resolve;
  if (!original) throw new Error('Query._entities has no resolver');

  field.resolve = (source, args: { representations?: unknown }, context, info) => {
    const representations = Array.isArray(args.representations) ? args.representations : [];
    const checked = representations.map((representation, index) => checkRepresentation(representation, index));
    const valid = checked.filter((item): item is Representation => !(item instanceof BadUserInputError));
    const resolved =
      valid.length === 0 ? [] : (original(source, { ...args, representations: valid }, context, info) as unknown[]);
    let next = 0;
    // An Error in a list item fails that item alone: graphql-js reports it at `_entities.<i>`.
    return checked.map((item) => (item instanceof BadUserInputError ? item : resolved[next++]));
  };
  return schema;
}
