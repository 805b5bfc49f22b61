import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/context.js';
import { lazyField } from '../../src/resolvers/shared/lazyField.js';

const context = {} as Context;

describe('lazyField', () => {
  it('loads once for all the fields of one parent, and again for another parent', async () => {
    const loaded: string[] = [];
    const load = (parent: { code: string }) => {
      loaded.push(parent.code);
      return Promise.resolve({ a: `${parent.code}-a`, b: `${parent.code}-b` });
    };
    const a = lazyField(load, 'a');
    const b = lazyField(load, 'b');
    const first = { code: '1' };
    const second = { code: '2' };
    expect(await Promise.all([a(first, {}, context), b(first, {}, context), a(second, {}, context)])).toEqual([
      '1-a',
      '1-b',
      '2-a',
    ]);
    expect(await b(first, {}, context)).toBe('1-b');
    expect(loaded).toEqual(['1', '2']);
  });

  it('keeps the loads of different loaders apart on one parent', async () => {
    const parent = { code: '1' };
    const left = lazyField(() => Promise.resolve({ v: 'left' }), 'v');
    const right = lazyField(() => Promise.resolve({ v: 'right' }), 'v');
    expect([await left(parent, {}, context), await right(parent, {}, context)]).toEqual(['left', 'right']);
  });

  it('loads again for the same parent object in another operation', async () => {
    let calls = 0;
    const field = lazyField(() => Promise.resolve({ n: ++calls }), 'n');
    const parent = { code: '1' };
    expect(await field(parent, {}, {} as Context)).toBe(1);
    expect(await field(parent, {}, {} as Context)).toBe(2);
  });

  it('gives every field of the parent the failure of its load', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.reject(new Error('upstream down'));
    };
    const parent = {};
    const a = lazyField(load, 'x' as never);
    const b = lazyField(load, 'y' as never);
    await expect(a(parent, {}, context)).rejects.toThrow('upstream down');
    await expect(b(parent, {}, context)).rejects.toThrow('upstream down');
    expect(calls).toBe(1);
  });
});
