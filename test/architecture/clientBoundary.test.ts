/**
 * The frontend kit is a package of its own beside `src/` (`client/`): frontends import or copy it, so it
 * uses nothing of the project outside itself, and the subgraph never loads it nor Apollo Client.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../helpers/procUtils.js';

function sourceFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

const read = (file: string) => readFileSync(join(PROJECT_ROOT, file), 'utf8');
/** Every module specifier written in a file: imports, exports and import() calls with a literal. */
const specifiersOf = (text: string) =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');

describe('the frontend kit (client/)', () => {
  it('imports only its own files and Apollo Client', () => {
    const files = sourceFiles('client');
    expect(files).toEqual(
      expect.arrayContaining([
        'client/index.ts',
        'client/__generated__/possibleTypes.ts',
        'client/__generated__/typePolicies.ts',
      ]),
    );
    const outside = files.flatMap((file) =>
      specifiersOf(read(file))
        .filter((specifier) =>
          specifier.startsWith('.') ? specifier.startsWith('../') : !specifier.startsWith('@apollo/client'),
        )
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('is named by no file of src/, which never imports Apollo Client', () => {
    const reaching = sourceFiles('src').flatMap((file) =>
      specifiersOf(read(file))
        .filter((specifier) => specifier.startsWith('@apollo/client') || /^(?:\.\.\/)+client\//.test(specifier))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(reaching).toEqual([]);
    expect(Object.keys(JSON.parse(read('package.json')).dependencies)).not.toContain('@apollo/client');
  });
});
