// GraphQL Code Generator plugin: Apollo Client `typePolicies` giving every entity of the schema its
// `keyFields`, read from the type's `@key(fields: "…")` directives (the first resolvable one when a type
// has several; the first of all when none is resolvable). Names no type of the schema: whatever carries
// a `@key` gets a policy, compound and nested keys included.
import { isInterfaceType, isObjectType, Kind, parse } from 'graphql';

const FEDERATION_SPEC = /^https:\/\/specs\.apollo\.dev\/federation\/v\d+\.\d+$/;

const argument = (directive, name) => directive.arguments?.find((arg) => arg.name.value === name)?.value;

/**
 * The name `@key` goes by in this schema: as imported by its `@link` to the federation spec (renamed
 * with `{ name: "@key", as: "@…" }`, or namespaced as `federation__key` when not imported), or plain
 * `key` in a schema without such a link (Federation 1).
 */
export function keyDirectiveName(schema) {
  const schemaNodes = [schema.astNode, ...(schema.extensionASTNodes ?? [])].filter(Boolean);
  const link = schemaNodes
    .flatMap((node) => node.directives ?? [])
    .find((directive) => {
      const url = argument(directive, 'url');
      return directive.name.value === 'link' && url?.kind === Kind.STRING && FEDERATION_SPEC.test(url.value);
    });
  if (!link) return 'key';
  const imports = argument(link, 'import');
  for (const value of imports?.kind === Kind.LIST ? imports.values : []) {
    if (value.kind === Kind.STRING && value.value === '@key') return 'key';
    if (value.kind === Kind.OBJECT) {
      const field = (name) => value.fields.find((f) => f.name.value === name)?.value;
      const name = field('name');
      const as = field('as');
      if (name?.kind === Kind.STRING && name.value === '@key')
        return as?.kind === Kind.STRING ? as.value.replace(/^@/, '') : 'key';
    }
  }
  const namespace = argument(link, 'as');
  return `${namespace?.kind === Kind.STRING ? namespace.value : 'federation'}__key`;
}

/** Apollo's key specifier of a selection set: `a b { c }` → `['a', 'b', ['c']]`. */
function keySpecifierOf(selectionSet, typeName, fields) {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind !== Kind.FIELD || selection.alias || selection.arguments?.length) {
      throw new Error(`${typeName}: @key(fields: "${fields}") has a selection keyFields cannot express`);
    }
    const name = selection.name.value;
    return selection.selectionSet ? [name, keySpecifierOf(selection.selectionSet, typeName, fields)] : [name];
  });
}

/** `@key(fields: "…")` as a key specifier. */
export function parseKeyFields(fields, typeName = 'a type') {
  const operation = parse(`{ ${fields} }`).definitions[0];
  return keySpecifierOf(operation.selectionSet, typeName, fields);
}

/**
 * Every type with a `@key`, in name order: its name, the `fields` of the key it is cached by and that
 * key's specifier.
 */
export function entityKeys(schema) {
  const directiveName = keyDirectiveName(schema);
  return Object.values(schema.getTypeMap())
    .filter((type) => (isObjectType(type) || isInterfaceType(type)) && !type.name.startsWith('__'))
    .map((type) => {
      const keys = [type.astNode, ...(type.extensionASTNodes ?? [])]
        .filter(Boolean)
        .flatMap((node) => node.directives ?? [])
        .filter((directive) => directive.name.value === directiveName)
        .map((directive) => {
          const fields = argument(directive, 'fields');
          if (fields?.kind !== Kind.STRING) throw new Error(`${type.name}: a @key without a fields string`);
          const resolvable = argument(directive, 'resolvable');
          return { fields: fields.value.trim(), resolvable: resolvable?.kind !== Kind.BOOLEAN || resolvable.value };
        });
      const key = keys.find((candidate) => candidate.resolvable) ?? keys[0];
      return key && { typeName: type.name, fields: key.fields, keyFields: parseKeyFields(key.fields, type.name) };
    })
    .filter(Boolean)
    .sort((a, b) => (a.typeName < b.typeName ? -1 : a.typeName > b.typeName ? 1 : 0));
}

const literal = (specifier) =>
  `[${specifier.map((part) => (typeof part === 'string' ? `'${part}'` : literal(part))).join(', ')}]`;

/** The module: `typePolicies`, typed by Apollo Client. */
export function renderTypePolicies(schema) {
  const entries = entityKeys(schema).map(
    ({ typeName, fields, keyFields }) =>
      `  /** \`@key(fields: "${fields}")\` */\n  ${typeName}: { keyFields: ${literal(keyFields)} },`,
  );
  return [
    "import type { TypePolicies } from '@apollo/client';",
    '',
    '/**',
    ' * The cache identity of every entity of the schema, from its `@key`: one cache entry per entity,',
    ' * whichever query or link reached it.',
    ' */',
    'export const typePolicies: TypePolicies = {',
    ...entries,
    '};',
    '',
  ].join('\n');
}

export const plugin = (schema) => renderTypePolicies(schema);
