import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPlateNumber,
  decodePlate,
  isValidPlateNumber,
  letterCode,
  parseMotorcyclePlateNumber,
  parsePlateNumber,
  PLATE_LETTERS,
  plateNumberFromText,
  plateText,
} from '../../src/validation/plates.js';
import { anyDigitScript, digitString, expectBadUserInput, toPersianDigits } from './support.js';

const codeOf = (index: number): string => String(index + 1).padStart(2, '0');

/** Any valid 9-digit plate number, with the index of its letter. */
const validPlate = fc
  .record({
    twoDigits: fc.integer({ min: 10, max: 99 }),
    letter: fc.integer({ min: 0, max: PLATE_LETTERS.length - 1 }),
    threeDigits: fc.integer({ min: 100, max: 999 }),
    region: fc.integer({ min: 10, max: 99 }),
  })
  .map(({ twoDigits, letter, threeDigits, region }) => ({
    plate: `${twoDigits}${codeOf(letter)}${threeDigits}${region}`,
    letter,
  }));

const NINE_DIGITS =
  'plateNumber: expected a plate number of exactly 9 digits: two digits, the letter code, three digits, the region';
const NOT_VALID =
  'plateNumber: not a valid plate number: the first two digits must be 10–99, the letter code 01–34, the next three digits 100–999 and the region 10–99';

describe('parsePlateNumber', () => {
  it('accepts a plate with region 10–99, also in Persian digits', () => {
    expect(parsePlateNumber('552411188', 'plateNumber')).toBe('552411188');
    expect(parsePlateNumber(toPersianDigits(' 552411110 '), 'plateNumber')).toBe('552411110');
  });

  it('accepts every plate of the rule, with every letter code 01–34', () => {
    fc.assert(
      fc.property(validPlate, ({ plate }) => {
        expect(isValidPlateNumber(` ${toPersianDigits(plate)} `)).toBe(true);
        expect(parsePlateNumber(plate, 'plateNumber')).toBe(plate);
      }),
    );
  });

  it('refuses every 9-digit plate whose region is 00–09', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), (region) => {
        const plate = `5524111${String(region).padStart(2, '0')}`;
        expect(isValidPlateNumber(plate)).toBe(false);
        expectBadUserInput(() => parsePlateNumber(plate, 'plateNumber'), 'plateNumber');
      }),
    );
  });

  it.each([
    ['first two digits 00–09', '052411188'],
    ['letter code 00', '550011188'],
    ['letter code 35', '553511188'],
    ['three digits under 100', '552409988'],
  ])('refuses %s, saying the rule', (_, plate) => {
    expect(isValidPlateNumber(plate)).toBe(false);
    expect(expectBadUserInput(() => parsePlateNumber(plate, 'plateNumber'), 'plateNumber')).toBe(NOT_VALID);
  });

  it.each([
    ['eight digits', '55241118'],
    ['ten digits', '5524111888'],
    ['a letter among the digits', '55ق111188'],
  ])('refuses %s, asking for 9 digits', (_, plate) => {
    expect(isValidPlateNumber(plate)).toBe(false);
    expect(expectBadUserInput(() => parsePlateNumber(plate, 'plateNumber'), 'plateNumber')).toBe(NINE_DIGITS);
  });
});

describe('letterCode', () => {
  it('gives each letter its code, 01 الف to 34 تشریفات', () => {
    PLATE_LETTERS.forEach((letter, index) => expect(letterCode(letter)).toBe(codeOf(index)));
    expect(letterCode('الف')).toBe('01');
    expect(letterCode('ی')).toBe('32');
    expect(letterCode('معلولین')).toBe('33');
    expect(letterCode('تشریفات')).toBe('34');
  });

  it.each([
    ['ا', '01'],
    ['آ', '01'],
    ['ي', '32'],
    ['ى', '32'],
    ['ك', '25'],
    ['ة', '31'],
    ['ہ', '31'],
    [' ب ', '02'],
    ['ب\u200c', '02'],
    ['معلو\u200cلین', '33'],
  ])('reads the spelling %j as %s', (spelling, code) => {
    expect(letterCode(spelling)).toBe(code);
  });

  it.each(['', 'x', 'B', 'بب', '1', 'ایران'])('knows no letter %j', (text) => {
    expect(letterCode(text)).toBeUndefined();
  });
});

describe('decodePlate and plateText', () => {
  it('splits a plate into its parts and writes it as the upstream does', () => {
    const parts = decodePlate('552411188');
    expect(parts).toEqual({ twoDigits: '55', letter: 'ق', letterCode: '24', threeDigits: '111', region: '88' });
    expect(plateText(parts)).toBe('ایران 88 - 111 ق 55');
    expect(decodePlate('103312310')).toMatchObject({ letter: 'معلولین', letterCode: '33' });
    expect(decodePlate('993499999').letter).toBe('تشریفات');
  });

  it('reads back every plate from the text it writes', () => {
    fc.assert(
      fc.property(validPlate, ({ plate, letter }) => {
        const parts = decodePlate(plate);
        expect(parts.letter).toBe(PLATE_LETTERS[letter]);
        expect(plateNumberFromText(plateText(parts))).toBe(plate);
      }),
    );
  });

  it.each([
    ['letter code 00', '550011188'],
    ['letter code 35', '553511188'],
    ['region 05', '552411105'],
    ['8 digits', '55241118'],
  ])('throws a RangeError for %s', (_, plate) => {
    expect(() => decodePlate(plate)).toThrow(new RangeError(`${plate} is not a valid plate number`));
  });
});

describe('plateNumberFromText', () => {
  it.each([
    ['ایران 40 - 123 ص 51', '511712340'],
    ['ایران40-123ص51', '511712340'],
    ['  ایران   ۴۰  -  ۱۲۳  ص  ۵۱  ', '511712340'],
    ['\u200fایران 40 - 123 ص 51\u200e', '511712340'],
    ['ایران 40 - 123 ص\u200c 51', '511712340'],
    ['ایران\n40 -\t123 ص 51', '511712340'],
    ['ایران 88 - 111 ي 55', '553211188'],
    ['ایران 10 - 123 تشریفات 10', '103412310'],
  ])('reads %j as %s', (text, plate) => {
    expect(plateNumberFromText(text)).toBe(plate);
  });

  it.each([
    ['no «ایران»', '40 - 123 ص 51'],
    ['two-digit middle part', 'ایران 40 - 12 ص 51'],
    ['no letter', 'ایران 40 - 123 51'],
    ['a region split by a space', 'ایران 4 0 - 123 ص 51'],
    ['an unknown letter', 'ایران 40 - 123 X 51'],
    ['region 05', 'ایران 05 - 123 ص 51'],
    ['first digits 05', 'ایران 40 - 123 ص 05'],
    ['something after', 'ایران 40 - 123 ص 51 x'],
    ['something before', 'x ایران 40 - 123 ص 51'],
    ['nothing', ''],
  ])('gives null for %s', (_, text) => {
    expect(plateNumberFromText(text)).toBeNull();
  });
});

describe('buildPlateNumber', () => {
  const good = { twoDigits: '55', letter: 'ق', threeDigits: '111', region: '88' };

  it('builds the number from the parts, the letter written or given by its code', () => {
    expect(buildPlateNumber(good, 'plate')).toBe('552411188');
    expect(buildPlateNumber({ ...good, letter: '24' }, 'plate')).toBe('552411188');
    expect(buildPlateNumber({ ...good, letter: ' 2 ' }, 'plate')).toBe('550211188');
    expect(buildPlateNumber({ ...good, letter: '۳۴' }, 'plate')).toBe('553411188');
    expect(buildPlateNumber({ ...good, letter: 'ي' }, 'plate')).toBe('553211188');
    expect(
      buildPlateNumber(
        { twoDigits: ' ۱۰ ', letter: ' الف ', threeDigits: ' ۱۰۰ ', region: toPersianDigits(' 99 ') },
        'plate',
      ),
    ).toBe('100110099');
  });

  it('builds the number of every plate of the rule from its parts', () => {
    fc.assert(
      fc.property(validPlate, ({ plate, letter }) => {
        const input = {
          twoDigits: plate.slice(0, 2),
          letter: PLATE_LETTERS[letter] ?? '',
          threeDigits: plate.slice(4, 7),
          region: plate.slice(7),
        };
        expect(buildPlateNumber(input, 'plate')).toBe(plate);
      }),
    );
  });

  it.each([
    ['twoDigits', { twoDigits: '05' }, 'expected the two digits on the left of the plate, 10–99'],
    ['twoDigits', { twoDigits: '155' }, 'expected the two digits on the left of the plate, 10–99'],
    ['threeDigits', { threeDigits: '099' }, 'expected the three digits after the letter, 100–999'],
    ['threeDigits', { threeDigits: '1234' }, 'expected the three digits after the letter, 100–999'],
    ['region', { region: '08' }, 'expected the two-digit region code next to «ایران», 10–99'],
    ['region', { region: '8' }, 'expected the two-digit region code next to «ایران», 10–99'],
    ['region', { region: '123' }, 'expected the two-digit region code next to «ایران», 10–99'],
    ['letter', { letter: 'X' }, 'expected the plate letter in Persian (for example `ب`) or its code 01–34'],
    ['letter', { letter: '0' }, 'expected the plate letter in Persian (for example `ب`) or its code 01–34'],
    ['letter', { letter: '35' }, 'expected the plate letter in Persian (for example `ب`) or its code 01–34'],
    ['letter', { letter: '024' }, 'expected the plate letter in Persian (for example `ب`) or its code 01–34'],
    ['letter', { letter: '' }, 'expected the plate letter in Persian (for example `ب`) or its code 01–34'],
  ])('refuses a bad %s on its own path', (name, change, expected) => {
    expect(
      expectBadUserInput(() => buildPlateNumber({ ...good, ...change }, 'input.plate'), `input.plate.${name}`),
    ).toBe(`input.plate.${name}: ${expected}`);
  });
});

describe('parseMotorcyclePlateNumber', () => {
  it('takes exactly 8 digits in any digit script, trimmed', () => {
    fc.assert(
      fc.property(
        digitString(8).chain((plate) => fc.tuple(fc.constant(plate), anyDigitScript(plate))),
        ([plate, written]) => {
          expect(parseMotorcyclePlateNumber(` ${written} `, 'plateNumber')).toBe(plate);
        },
      ),
    );
  });

  it.each([
    ['7 digits', '1234567'],
    ['9 digits', '123456789'],
    ['a letter', '1234567a'],
  ])('refuses %s', (_, value) => {
    expect(expectBadUserInput(() => parseMotorcyclePlateNumber(value, 'plateNumber'), 'plateNumber')).toBe(
      'plateNumber: expected a motorcycle plate number of exactly 8 digits',
    );
  });
});
