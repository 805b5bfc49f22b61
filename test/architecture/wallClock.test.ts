/**
 * The subgraph and the sandbox read the time of day only through their Clock (`src/lib/clock.ts`), so a
 * test can fix it for both: nothing else in `src/` or `sandbox/` reads the wall clock (`Date.now`, a
 * `new Date()` or a `Date()` of now). Durations (`performance.now()`) and dates made from a given instant
 * are not reads of the wall clock.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { read, sourceFiles } from '../helpers/sourceFiles.js';

/** The clock module: the one reader of the machine's clock. */
const CLOCK_MODULE = 'src/lib/clock.ts';
/** Where a source text reads the wall clock, as `line: what`. */
function wallClockReads(fileName: string, text: string): string[] {
  if (!/\bDate\b/.test(text)) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const note = (node: ts.Node, what: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const isDate = (node: ts.Node) => ts.isIdentifier(node) && node.text === 'Date';
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isDate(node.expression) && node.name.text === 'now') {
      note(node, 'Date.now');
    } else if (ts.isNewExpression(node) && isDate(node.expression) && (node.arguments?.length ?? 0) === 0) {
      note(node, 'new Date()');
    } else if (ts.isCallExpression(node) && isDate(node.expression)) {
      note(node, 'Date()');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const FILES = [...sourceFiles('src'), ...sourceFiles('sandbox')].sort();

describe('the time of day', () => {
  it('is told apart from what merely handles dates', () => {
    const sample = [
      'const a = Date.now();',
      'const b = options.now ?? Date.now;',
      'const c = new Date();',
      'const d = new Date;',
      'const e = Date();',
      'const f = new Date(at).toISOString();',
      'const g = Date.parse(text) + Date.UTC(2026, 0, 1);',
      'const h = performance.now();',
      'const i = clock.now();',
    ].join('\n');
    expect(wallClockReads('sample.ts', sample)).toEqual([
      '1: Date.now',
      '2: Date.now',
      '3: new Date()',
      '4: new Date()',
      '5: Date()',
    ]);
  });

  it('is read from the wall clock by the clock module alone, in src/ and sandbox/', () => {
    expect(FILES).toContain(CLOCK_MODULE);
    expect(FILES.filter((file) => file.startsWith('sandbox/')).length).toBeGreaterThan(50);
    expect(wallClockReads(CLOCK_MODULE, read(CLOCK_MODULE)).length).toBeGreaterThan(0);
    const reads = FILES.filter((file) => file !== CLOCK_MODULE).flatMap((file) =>
      wallClockReads(file, read(file)).map((where) => `${file}:${where}`),
    );
    expect(reads).toEqual([]);
  });
});
