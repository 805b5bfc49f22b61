/** README.md's "Real upstream" lists the scopes the client must be granted: exactly the catalog's, under their grants. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations, type Grant } from '../../src/datasources/upstream/operations.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README.md has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + heading.length + 5);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The list items that open each grant's scopes in the section. */
const GRANT_ITEMS: Record<Grant, string> = {
  client_credentials: '  - client credentials',
  authorization_sms: '  - SMS consent',
  authorization_code: '  - authorization-code consent',
};

/** The scopes listed under one grant: from its item to the next grant's, or the end of the list. */
function listedScopes(text: string, grant: Grant): string[] {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.startsWith(GRANT_ITEMS[grant]));
  expect(first, `a list item for ${grant}`).toBeGreaterThanOrEqual(0);
  const rest = lines.slice(first + 1);
  const last = rest.findIndex((line) => !line.startsWith('    '));
  const block = rest.slice(0, last < 0 ? undefined : last).join('\n');
  return [...block.matchAll(/`([A-Za-z]+:[A-Za-z-]+:[a-z]+)`/g)].map((match) => match[1] ?? '');
}

describe('the scopes in README.md', () => {
  const text = section('Real upstream');

  it.each(Object.keys(GRANT_ITEMS) as Grant[])('lists each scope of the %s operations once, and no other', (grant) => {
    const catalog = new Set([...operations.values()].filter((spec) => spec.grant === grant).map((spec) => spec.scope));
    const listed = listedScopes(text, grant);
    expect(listed.length).toBe(new Set(listed).size);
    expect(new Set(listed)).toEqual(catalog);
  });
});
