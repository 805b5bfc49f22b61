/**
 * The sandbox is a package of its own beside `src/`: it may use the catalog and `src/lib/` only, the
 * subgraph reaches it only through the one dynamic import of `src/embeddedSandbox.ts` (so the build holds
 * none of it), and the subgraph's tests reach it only through `test/fixtures/sandbox.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sandboxAvailable, startEmbeddedSandbox, type SandboxEntry } from '../../src/embeddedSandbox.js';
import { startSandbox } from '../fixtures/sandbox.js';
import { PROJECT_ROOT } from '../helpers/procUtils.js';
import { present } from '../helpers/responses.js';

interface ModuleReference {
  /** Project-relative path of the file that refers. */
  readonly from: string;
  readonly kind: 'static' | 'dynamic' | 'type';
  /** The specifier as written; null for a computed one. */
  readonly specifier: string | null;
  /** Project-relative path it resolves to (relative specifiers only), with `/` separators. */
  readonly target: string | null;
  readonly line: number;
}

const posix = (path: string) => path.split(sep).join('/');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.split(sep).includes('node_modules'))
    .map((name) => posix(join(folder, name)));
}

/** Every import, export-from, `import()` call and `import('…')` type of a file, from its syntax tree. */
function referencesOf(file: string): ModuleReference[] {
  const text = readFileSync(join(PROJECT_ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: ModuleReference[] = [];
  const add = (kind: ModuleReference['kind'], node: ts.Node, expression: ts.Node | undefined) => {
    const specifier = expression && ts.isStringLiteralLike(expression) ? expression.text : null;
    const target =
      specifier?.startsWith('.') === true
        ? posix(relative(PROJECT_ROOT, resolve(PROJECT_ROOT, dirname(file), specifier)))
        : null;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ from: file, kind, specifier, target, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier) add('static', node, node.moduleSpecifier);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add('dynamic', node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add('type', node, node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const show = (ref: ModuleReference) => `${ref.from}:${ref.line} ${ref.kind} ${ref.specifier ?? '(computed)'}`;
const under = (folder: string) => (path: string | null) => path !== null && path.startsWith(`${folder}/`);
const inSandbox = under('sandbox');

const SRC = sourceFiles('src').flatMap(referencesOf);
const SANDBOX = sourceFiles('sandbox').flatMap(referencesOf);
const TESTS = sourceFiles('test').flatMap(referencesOf);

/** What of `src/` the sandbox may use: the catalog and the shared library. */
const SANDBOX_MAY_USE = (target: string) =>
  /^src\/datasources\/upstream\/operations\.(js|ts)$/.test(target) || target.startsWith('src/lib/');

describe('the sandbox package', () => {
  it('uses nothing of the project outside itself but the catalog and src/lib', () => {
    expect(SANDBOX.length).toBeGreaterThan(100);
    const outside = SANDBOX.filter((ref) => ref.target !== null && !inSandbox(ref.target));
    expect(outside.filter((ref) => ref.target === 'src/datasources/upstream/operations.js').length).toBeGreaterThan(0);
    expect(outside.filter((ref) => !SANDBOX_MAY_USE(present(ref.target, 'ref.target'))).map(show)).toEqual([]);
  });

  it('imports no computed module', () => {
    expect(SANDBOX.filter((ref) => ref.specifier === null).map(show)).toEqual([]);
  });
});

describe('the subgraph (src/)', () => {
  it('never imports the sandbox statically, nor names it in an import', () => {
    expect(SRC.filter((ref) => inSandbox(ref.target)).map(show)).toEqual([]);
  });

  it('reaches it only by one computed import() in src/embeddedSandbox.ts', () => {
    const dynamic = SRC.filter((ref) => ref.kind === 'dynamic' && ref.specifier === null);
    // The other computed import reaches the explorer (test/architecture/explorerBoundary.test.ts).
    expect(dynamic.map((ref) => ref.from)).toEqual(['src/embeddedSandbox.ts', 'src/explorer.ts']);
    const naming = sourceFiles('src').filter((file) =>
      /['"`](?:\.\.?\/)+sandbox\//.test(readFileSync(join(PROJECT_ROOT, file), 'utf8')),
    );
    expect(naming).toEqual(['src/embeddedSandbox.ts']);
  });

  it("types the sandbox's entry with an interface the sandbox's startSandbox fits", async () => {
    const entry: SandboxEntry = { startSandbox };
    expect(typeof entry.startSandbox).toBe('function');
    expect(sandboxAvailable()).toBe(true);
    expect(sandboxAvailable('file:///app/dist/embeddedSandbox.js')).toBe(false);
    const sandbox = await startEmbeddedSandbox({
      clientId: 'c',
      clientSecret: 's',
      clientNid: '0499370899',
      asyncDelayMs: 0,
      admin: false,
    });
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.admin).toBe(false);
    } finally {
      await sandbox.close();
    }
  });
});

describe('the tests', () => {
  it('outside test/sandbox/ reach the sandbox only through test/fixtures/sandbox.ts', () => {
    const mayImport = (ref: ModuleReference) =>
      ref.from.startsWith('test/sandbox/') || ref.from.startsWith('test/fixtures/');
    const fixtures = TESTS.filter((ref) => ref.from === 'test/fixtures/sandbox.ts' && inSandbox(ref.target));
    expect(fixtures.length).toBeGreaterThan(0);
    expect(TESTS.filter((ref) => inSandbox(ref.target) && !mayImport(ref)).map(show)).toEqual([]);
  });
});
