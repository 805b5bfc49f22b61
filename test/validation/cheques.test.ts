import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChequeActor, parseShahabCode, SAYAD_TEXT_MAX, sayadText } from '../../src/validation/cheques.js';
import { anyDigitScript, digitString, expectBadUserInput, toPersianDigits } from './support.js';

const NATIONAL_ID = '0013542419';
const SHAHAB = '1234567890123456';

describe('parseShahabCode', () => {
  it('takes 16 digits in any digit script, trimmed', () => {
    fc.assert(
      fc.property(
        digitString(16).chain((code) => fc.tuple(fc.constant(code), anyDigitScript(code))),
        ([code, written]) => {
          expect(parseShahabCode(` ${written} `, 'shahabCode')).toBe(code);
        },
      ),
    );
  });

  it.each([
    ['15 digits', '1'.repeat(15)],
    ['17 digits', '1'.repeat(17)],
    ['a letter', `${'1'.repeat(15)}x`],
    ['a space inside', '12345678 90123456'],
  ])('refuses %s', (_, value) => {
    expect(expectBadUserInput(() => parseShahabCode(value, 'input.shahabCode'), 'input.shahabCode')).toBe(
      'input.shahabCode: expected a 16-digit Shahab code',
    );
  });
});

describe('sayadText', () => {
  it('takes letters, digits, punctuation and spaces, up to 100 characters, spaces made one', () => {
    expect(sayadText('  بابت   قسط ۳، آبان. ', 'description')).toBe('بابت قسط ۳، آبان.');
    expect(sayadText('ب'.repeat(SAYAD_TEXT_MAX), 'description')).toBe('ب'.repeat(SAYAD_TEXT_MAX));
  });

  it.each([
    ['nothing', '  ', 'description: expected 1–100 characters'],
    ['101 characters', 'ب'.repeat(101), 'description: expected 1–100 characters'],
    ['a symbol', 'قسط 💸', 'description: expected letters, digits, punctuation and spaces'],
  ])('refuses %s', (_, value, expected) => {
    expect(expectBadUserInput(() => sayadText(value, 'description'), 'description')).toBe(expected);
  });
});

describe('parseChequeActor', () => {
  it('reads a natural person: national id, Shahab code, no name when none is needed', () => {
    expect(
      parseChequeActor(
        { nationalId: toPersianDigits(NATIONAL_ID), shahabCode: ` ${SHAHAB} `, name: 'علی' },
        'input.receiver',
        false,
      ),
    ).toEqual({ idCode: NATIONAL_ID, idType: 1, shahabId: SHAHAB, name: '' });
  });

  it('keeps the name, checked as a Sayad text, when the action needs it', () => {
    expect(
      parseChequeActor({ nationalId: NATIONAL_ID, shahabCode: SHAHAB, name: '  علی   رضایی ' }, 'input.receiver', true),
    ).toEqual({ idCode: NATIONAL_ID, idType: 1, shahabId: SHAHAB, name: 'علی رضایی' });
  });

  it.each([null, undefined])('refuses a needed name given as %s, on the name’s path', (name) => {
    const message = expectBadUserInput(
      () => parseChequeActor({ nationalId: NATIONAL_ID, shahabCode: SHAHAB, name }, 'input.receiver', true),
      'input.receiver.name',
    );
    expect(message).toBe('input.receiver.name: the name is needed for this action');
  });

  it('refuses each bad part on its own path', () => {
    expectBadUserInput(
      () => parseChequeActor({ nationalId: '0013542418', shahabCode: SHAHAB }, 'input.receiver', false),
      'input.receiver.nationalId',
    );
    expectBadUserInput(
      () => parseChequeActor({ nationalId: NATIONAL_ID, shahabCode: '123' }, 'input.receiver', false),
      'input.receiver.shahabCode',
    );
    expectBadUserInput(
      () => parseChequeActor({ nationalId: NATIONAL_ID, shahabCode: SHAHAB, name: '' }, 'input.receiver', true),
      'input.receiver.name',
    );
  });
});
