import type { GraphQLSchema } from 'graphql';

/** Apollo Client's key specifier: field names, each followed by the specifier of its sub-selection if any. */
export type KeySpecifier = ReadonlyArray<string | KeySpecifier>;

export interface EntityKey {
  readonly typeName: string;
  /** The `fields` of the `@key` the type is cached by. */
  readonly fields: string;
  readonly keyFields: KeySpecifier;
}

export function keyDirectiveName(schema: GraphQLSchema): string;
export function parseKeyFields(fields: string, typeName?: string): KeySpecifier;
export function entityKeys(schema: GraphQLSchema): EntityKey[];
export function renderTypePolicies(schema: GraphQLSchema): string;
export function plugin(schema: GraphQLSchema): string;
