import { describe, expect, it } from 'vitest';
import { leafPaths, upstreamPath, valuesAt } from './support.js';

describe('the completeness harness', () => {
  it('names the leaves of an answer, through lists, a top-level list included', () => {
    expect(leafPaths({ a: 1, b: { c: null }, d: [{ e: 'x' }, { f: 2 }], g: [] })).toEqual([
      'a',
      'b.c',
      'd[].e',
      'd[].f',
      'g[]',
    ]);
    expect(leafPaths([{ trace: 't' }])).toEqual(['[].trace']);
  });

  it('reads a listed field back from the answer, a top-level list included', () => {
    const answers = [[{ trace: 't1' }, { trace: 't2' }]];
    expect(valuesAt(answers, upstreamPath('[].trace'))).toEqual(['t1', 't2']);
    expect(valuesAt([{ d: [{ e: 'x' }] }], upstreamPath('d[].e'))).toEqual(['x']);
  });
});
