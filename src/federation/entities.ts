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
import { parseCardNumber, parseIban, parseLegalId, parseNationalId, parseSayadId } from '../validation/identifiers.js';
import { parsePlateNumber } from '../validation/plates.js';

/** How one entity type is looked up: its `@key` field and the parser of a caller's key value. */
export interface EntityKey {
  readonly field: string;
  readonly parse: (value: string, argumentPath: string) => string;
}

/** Every entity of the schema with its key; the schema refuses to build when the two disagree. */
export const ENTITY_KEYS: Readonly<Record<string, EntityKey>> = {
  Person: { field: 'nationalId', parse: parseNationalId },
  Company: { field: 'nationalId', parse: parseLegalId },
  Vehicle: { field: 'plateNumber', parse: parsePlateNumber },
  Cheque: { field: 'sayadId', parse: parseSayadId },
  Card: { field: 'number', parse: parseCardNumber },
  BankAccount: { field: 'iban', parse: parseIban },
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
    const key = Object.hasOwn(ENTITY_KEYS, typename) ? ENTITY_KEYS[typename] : undefined;
    if (key === undefined) {
      throw new BadUserInputError(
        `${path}.__typename`,
        `${quoteValue(typename)} is not an entity of this subgraph; expected one of ${Object.keys(ENTITY_KEYS).join(', ')}`,
      );
    }
    const keyPath = `${path}.${key.field}`;
    const keyValue = value[key.field];
    if (keyValue === undefined || keyValue === null)
      throw new BadUserInputError(keyPath, `the key field ${key.field} of ${typename} is missing`);
    if (typeof keyValue !== 'string') throw new BadUserInputError(keyPath, 'expected a string');
    return { ...value, __typename: typename, [key.field]: key.parse(keyValue, keyPath) };
  } catch (error) {
    if (error instanceof BadUserInputError) return error;
    throw error;
  }
}

/** The key field named by a type's `@key(fields: "…")`, or undefined when it has none or several. */
function declaredKeyField(schema: GraphQLSchema, typeName: string): string | undefined {
  const type = schema.getType(typeName);
  const keys = (type?.astNode?.directives ?? []).filter((directive) => directive.name.value === 'key');
  const fields = keys.map(
    (directive) => directive.arguments?.find((argument) => argument.name.value === 'fields')?.value,
  );
  if (fields.length !== 1 || fields[0]?.kind !== Kind.STRING) return undefined;
  return fields[0].value.trim();
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
  const known = Object.keys(ENTITY_KEYS).sort();
  if (entityNames.join() !== known.join())
    throw new Error(`The schema's entities (${entityNames.join(', ')}) differ from ENTITY_KEYS (${known.join(', ')})`);
  for (const name of entityNames) {
    const declared = declaredKeyField(schema, name);
    if (declared !== ENTITY_KEYS[name]?.field)
      throw new Error(
        `${name} is keyed by "${declared ?? '?'}" in the schema but by "${ENTITY_KEYS[name]?.field}" in ENTITY_KEYS`,
      );
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
