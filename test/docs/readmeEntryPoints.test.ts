import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../src/schema.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README's entry-point table: from "## The graph" to the next section. */
function entryPointTable(): string {
  const start = readme.indexOf('## The graph');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

describe("the README's entry points", () => {
  it('name every root field of the schema: query, mutation and subscription', () => {
    const table = entryPointTable();
    const schema = buildSchema();
    const missing = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
      Object.keys(type?.getFields() ?? {})
        .filter((name) => !name.startsWith('_'))
        .filter((name) => !new RegExp(`(\`|, )${name}(\\(|\`|,)`).test(table))
        .map((name) => `${type?.name ?? ''}.${name}`),
    );
    expect(missing).toEqual([]);
  });
});
