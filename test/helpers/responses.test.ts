import { describe, expect, it } from 'vitest';
import { at, dataOf, errorCode, errorsOf, extensionsOf, firstError, partialDataOf, present } from './responses.js';

const refused = { status: 200, errors: [{ message: 'no', extensions: { code: 'BAD_USER_INPUT' } }] };

describe('response helpers', () => {
  it('dataOf answers the data, and fails on errors or on no data', () => {
    expect(dataOf({ data: { a: 1 } })).toEqual({ a: 1 });
    expect(() => dataOf({ data: { a: 1 }, ...refused })).toThrow(/expected no errors, got .*BAD_USER_INPUT/);
    expect(() => dataOf({ data: null })).toThrow('expected data');
    expect(() => dataOf({})).toThrow('expected data');
  });

  it('partialDataOf answers the data despite errors, and fails only on no data', () => {
    expect(partialDataOf({ data: { a: null }, ...refused })).toEqual({ a: null });
    expect(() => partialDataOf({ data: null, ...refused })).toThrow(/expected data, got .*BAD_USER_INPUT/);
  });

  it('errorsOf, firstError and errorCode fail when there is no error', () => {
    expect(errorsOf(refused)).toEqual(refused.errors);
    expect(firstError(refused).message).toBe('no');
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(() => errorsOf({ data: { a: 1 } })).toThrow(/expected errors, got .*"a":1/);
    expect(() => errorsOf({ errors: [] })).toThrow('expected errors');
    expect(() => firstError({ data: null })).toThrow('expected errors');
    expect(() => errorCode({ errors: [{ message: 'bare' }] })).toThrow(/expected extensions on the error .*bare/);
  });

  it('extensionsOf answers the extensions, and fails when there are none', () => {
    expect(extensionsOf({ message: 'x', extensions: { code: 'C' } })).toEqual({ code: 'C' });
    expect(() => extensionsOf({ message: 'x' })).toThrow('expected extensions');
  });

  it('at answers the element, counting back from the end for a negative index, and fails when it is absent', () => {
    expect(at([1, 2, 3], 0)).toBe(1);
    expect(at([1, 2, 3], -1)).toBe(3);
    expect(at([0], 0)).toBe(0);
    expect(() => at([], 0)).toThrow('expected an element at index 0 of a list of 0');
    expect(() => at([1], 1)).toThrow('expected an element at index 1 of a list of 1');
    expect(() => at([null], 0)).toThrow('expected an element at index 0');
  });

  it('present answers the value, falsy ones too, and fails naming what is absent', () => {
    expect(present(0, 'a count')).toBe(0);
    expect(present('', 'a name')).toBe('');
    expect(() => present(undefined, 'the call')).toThrow('expected the call, got undefined');
    expect(() => present(null, 'the call')).toThrow('expected the call, got null');
  });
});
