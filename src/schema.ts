import { readdirSync, readFileSync } from 'node:fs';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { applyEnumDefaults } from './federation/enumDefaults.js';
import { guardEntities } from './federation/entities.js';
import { resolvers } from './resolvers/index.js';

const SCHEMA_DIR = new URL('../schema/', import.meta.url);

/** All of `schema/*.graphql` as one document, files in name order. */
export function loadTypeDefs(): DocumentNode {
  const files = readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort();
  return parse(files.map((name) => readFileSync(new URL(name, SCHEMA_DIR), 'utf8')).join('\n'));
}

export function buildSchema(): GraphQLSchema {
  return guardEntities(applyEnumDefaults(buildSubgraphSchema({ typeDefs: loadTypeDefs(), resolvers })));
}
