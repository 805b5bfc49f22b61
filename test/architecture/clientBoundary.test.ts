/**
 * The frontend kit is a package of its own beside `src/` (`client/`): frontends import or copy it, so it
 * uses nothing of the project outside itself, and the subgraph never loads it nor Apollo Client.
 */
import { describe, expect, it } from 'vitest';
import { read, sourceFiles, specifiersOf } from '../helpers/sourceFiles.js';

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
    const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    expect(Object.keys(dependencies)).not.toContain('@apollo/client');
  });
});
