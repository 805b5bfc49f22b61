/**
 * The explorer is a package of its own beside `src/` (`explorer/`), for development only: the subgraph
 * reaches it only through the computed import of `src/explorer.ts`, so the build holds none of it, and
 * nothing of `src/` uses the packages it is bundled from.
 */
import { describe, expect, it } from 'vitest';
import { loadExplorer } from '../../src/explorer.js';
import { read, sourceFiles, specifiersOf } from '../helpers/sourceFiles.js';

/** The packages of the explorer's bundle and of its browser test: devDependencies the build never needs. */
const EXPLORER_PACKAGES = ['esbuild', 'graphiql', '@graphiql/', 'react', 'react-dom', 'monaco-', 'playwright-core'];

describe('the explorer package', () => {
  it('is named by no file of src/ but src/explorer.ts', () => {
    const naming = sourceFiles('src').filter((file) => /['"`](?:\.\.?\/)+explorer\//.test(read(file)));
    expect(naming).toEqual(['src/explorer.ts']);
  });

  it('uses nothing of src/ but the types of src/explorer.ts', () => {
    const files = sourceFiles('explorer');
    expect(files).toContain('explorer/index.ts');
    const reaching = files.flatMap((file) =>
      [...read(file).matchAll(/^import\s+(type\s+)?[^;]*?from\s+'(\.\.\/src\/[^']+)'/gm)].map(
        (match) => `${file}: ${match[1] ? 'type ' : ''}${match[2]}`,
      ),
    );
    expect(reaching).toEqual(['explorer/index.ts: type ../src/explorer.js']);
  });

  it("is bundled from packages src/ never imports (the build's dependencies stay its own)", () => {
    const used = sourceFiles('src').flatMap((file) =>
      specifiersOf(read(file))
        .filter((specifier) => EXPLORER_PACKAGES.some((name) => specifier === name || specifier.startsWith(name)))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(used).toEqual([]);
    expect(specifiersOf(read('explorer/client.ts'))).toEqual(expect.arrayContaining(['graphiql', 'react']));
  });

  it('is not loaded from the build', async () => {
    const options = { graphqlPath: '/graphql', assetsPath: '/explorer/', routerSecretRequired: false };
    expect(await loadExplorer(options, 'file:///app/dist/explorer.js')).toBeNull();
    expect(await loadExplorer(options)).not.toBeNull();
  });
});
