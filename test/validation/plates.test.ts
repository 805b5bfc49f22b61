import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPlateNumber, isValidPlateNumber, parsePlateNumber } from '../../src/validation/plates.js';
import { expectBadUserInput, toPersianDigits } from './support.js';

describe('parsePlateNumber', () => {
  it('accepts a plate with region 10–99, also in Persian digits', () => {
    expect(parsePlateNumber('552411188', 'plateNumber')).toBe('552411188');
    expect(parsePlateNumber(toPersianDigits('552411110'), 'plateNumber')).toBe('552411110');
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
    ['eight digits', '55241118'],
  ])('refuses %s', (_, plate) => {
    expectBadUserInput(() => parsePlateNumber(plate, 'plateNumber'), 'plateNumber');
  });

  it('refuses a region 00–09 given as plate parts', () => {
    expectBadUserInput(
      () => buildPlateNumber({ twoDigits: '55', letter: 'ق', threeDigits: '111', region: '08' }, 'plate'),
      'plate.region',
    );
  });
});
