import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/datasources/upstream/operations.js';
import type { DocumentedOperation } from './support.js';

/**
 * Operations with no completeness case, each with the reason. Empty is the aim: every operation of the
 * catalog is shown sending its inputs and giving its fields by a case in a `*.cases.ts` file here.
 */
const WITHOUT_CASE: Readonly<Record<string, string>> = {};

async function allCases(): Promise<DocumentedOperation[]> {
  const files = readdirSync(new URL('.', import.meta.url)).filter((name) => name.endsWith('.cases.ts'));
  const modules = await Promise.all(files.map((name) => import(`./${name}`) as Promise<Record<string, unknown>>));
  return modules.flatMap((module) => Object.values(module).filter(Array.isArray).flat() as DocumentedOperation[]);
}

describe('completeness cases', () => {
  it('cover every operation of the catalog, or say why not', async () => {
    const covered = new Set((await allCases()).map((documented) => documented.operationId));
    const missing = [...operations.keys()].filter((id) => !covered.has(id) && !(id in WITHOUT_CASE));
    expect(missing.sort()).toEqual([]);
  });

  it('are each run by a test file of this folder', async () => {
    const here = new URL('.', import.meta.url);
    const files = readdirSync(here);
    const tests = files
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => readFileSync(new URL(name, here), 'utf8'))
      .join('\n');
    const unrun: string[] = [];
    for (const name of files.filter((file) => file.endsWith('.cases.ts'))) {
      const module = (await import(`./${name}`)) as Record<string, unknown>;
      for (const [exported, value] of Object.entries(module)) {
        if (Array.isArray(value) && !new RegExp(`describeDocumented\\([^;]*\\b${exported}\\b`).test(tests))
          unrun.push(`${name}: ${exported}`);
      }
    }
    expect(unrun).toEqual([]);
  });

  it('name only operations of the catalog', async () => {
    const unknown = (await allCases())
      .map((documented) => documented.operationId)
      .filter((id) => !operations.has(id as never));
    expect(unknown).toEqual([]);
  });
});
