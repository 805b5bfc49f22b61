/**
 * Every operation of the catalog is called by a datasource (and so reachable from a GraphQL field),
 * except the ones later capabilities bring. The list of those is kept honest both ways: an operation
 * that gains a datasource call must leave it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations, type OperationId } from '../../src/datasources/upstream/operations.js';

/** Operations waiting for a later capability: none now. */
const NOT_IN_THE_GRAPH_YET: readonly OperationId[] = [];

function sourcesUnder(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return path.endsWith('upstream') ? '' : sourcesUnder(path);
      return entry.name.endsWith('.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

const called =
  sourcesUnder(join(import.meta.dirname, '../../src/datasources')) +
  sourcesUnder(join(import.meta.dirname, '../../src/jobs'));
const isCalled = (id: OperationId) => called.includes(`'${id}'`);

describe('reachability of the catalog', () => {
  it('has a datasource call for every operation not waiting for a later capability', () => {
    const missing = [...operations.keys()].filter((id) => !NOT_IN_THE_GRAPH_YET.includes(id) && !isCalled(id));
    expect(missing).toEqual([]);
  });

  it('lists as waiting only catalog operations that no datasource calls yet', () => {
    for (const id of NOT_IN_THE_GRAPH_YET) {
      expect(operations.has(id), id).toBe(true);
      expect(isCalled(id), id).toBe(false);
    }
  });
});
