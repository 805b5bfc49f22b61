/**
 * One domain name everywhere: a field's path from schema to HTTP call is found by its domain's name
 * alone (`schema/<domain>.graphql`, `src/resolvers/<domain>/`, `src/datasources/<domain>.ts`, the
 * datasource's key in the context).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { at, present } from '../helpers/responses.js';

const schemaDomains = readdirSync('schema')
  .filter((name) => name.endsWith('.graphql') && !name.startsWith('_'))
  .map((name) => name.replace(/\.graphql$/, ''))
  .sort();

const resolverDomains = readdirSync('src/resolvers', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name)
  .sort();

const datasourceDomains = readdirSync('src/datasources', { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'index.ts')
  .map((entry) => entry.name.replace(/\.ts$/, ''))
  .sort();

/** The keys of `DataSources`, as declared. */
const contextKeys = [
  ...(
    /export interface DataSources \{([^}]*)\}/.exec(readFileSync('src/datasources/index.ts', 'utf8'))?.[1] ?? ''
  ).matchAll(/readonly (\w+):/g),
]
  .map((match) => at(match, 1))
  .sort();

describe('domain names', () => {
  it('every schema file has its resolvers folder, and every resolvers folder its schema file', () => {
    expect(resolverDomains).toEqual(schemaDomains);
  });

  it('every datasource is named after a domain of the schema', () => {
    expect(datasourceDomains.length).toBeGreaterThan(5);
    expect(datasourceDomains.filter((name) => !schemaDomains.includes(name))).toEqual([]);
  });

  it('the context names each datasource by its file', () => {
    expect(contextKeys).toEqual(datasourceDomains);
  });

  it('every datasource class is named after its domain', () => {
    for (const domain of datasourceDomains) {
      const text = readFileSync(`src/datasources/${domain}.ts`, 'utf8');
      const expected = `${present(domain[0], 'domain[0]').toUpperCase()}${domain.slice(1)}API`;
      expect(text, domain).toContain(`export class ${expected} `);
    }
  });
});
