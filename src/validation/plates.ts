/**
 * Iranian car plates. A plate reads `AA L BBB | ایران RR`; the upstream's 9-digit plate number is
 * `AA` + the letter's two-digit code + `BBB` + `RR` (e.g. `55 ق 111 ایران 88` → `552411188`).
 *
 * The rule applied here: `AA` 10–99, letter code 01–34 (01 الف … 32 ی, 33 the disabled drivers' plate,
 * 34 the protocol plate), `BBB` 100–999, region `RR` 10–99. Persian and Arabic-Indic digits are
 * accepted and normalised. Motorcycle plate numbers are 8 digits; their encoding is not documented, so
 * only their length is checked.
 */
import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';

/** The letters by code: index 0 is code 01. Codes 33 and 34 are written as words on the plate text. */
export const PLATE_LETTERS = [
  'الف',
  'ب',
  'پ',
  'ت',
  'ث',
  'ج',
  'چ',
  'ح',
  'خ',
  'د',
  'ذ',
  'ر',
  'ز',
  'ژ',
  'س',
  'ش',
  'ص',
  'ض',
  'ط',
  'ظ',
  'ع',
  'غ',
  'ف',
  'ق',
  'ک',
  'گ',
  'ل',
  'م',
  'ن',
  'و',
  'ه',
  'ی',
  'معلولین',
  'تشریفات',
] as const;

export const DISABLED_LETTER_CODE = '33';
export const PROTOCOL_LETTER_CODE = '34';

/** The parts of a plate, each as digits except `letter`. */
export interface PlateParts {
  readonly twoDigits: string;
  /** The Persian letter (or `معلولین` / `تشریفات` for codes 33 / 34). */
  readonly letter: string;
  /** `01`–`34`. */
  readonly letterCode: string;
  readonly threeDigits: string;
  readonly region: string;
}

/** The structured plate a caller gives; every part is text so Persian digits pass. */
export interface PlatePartsInput {
  readonly twoDigits: string;
  readonly letter: string;
  readonly threeDigits: string;
  readonly region: string;
}

/** Other spellings of letters met in user input and upstream text: Arabic forms, the bare alef. */
const LETTER_VARIANTS: Readonly<Record<string, string>> = {
  ا: 'الف',
  آ: 'الف',
  ي: 'ی',
  ى: 'ی',
  ك: 'ک',
  ة: 'ه',
  ہ: 'ه',
};

const PLATE_NUMBER = /^([1-9]\d)(\d{2})([1-9]\d{2})([1-9]\d)$/;

function letterOfCode(code: string): string | undefined {
  return PLATE_LETTERS[Number(code) - 1];
}

/** The two-digit code of a letter written in Persian (or a variant spelling); undefined when it is none. */
export function letterCode(letter: string): string | undefined {
  const text = letter.trim().replace(/\u200c/g, '');
  const canonical = LETTER_VARIANTS[text] ?? text;
  const index = PLATE_LETTERS.indexOf(canonical as (typeof PLATE_LETTERS)[number]);
  return index < 0 ? undefined : String(index + 1).padStart(2, '0');
}

export function isValidPlateNumber(value: string): boolean {
  const match = PLATE_NUMBER.exec(normalizeDigits(value.trim()));
  return match !== null && letterOfCode(match[2] ?? '') !== undefined;
}

export function parsePlateNumber(value: string, argumentPath: string): string {
  const plate = normalizeDigits(value.trim());
  if (!/^\d{9}$/.test(plate)) {
    throw new BadUserInputError(
      argumentPath,
      'expected a plate number of exactly 9 digits: two digits, the letter code, three digits, the region',
    );
  }
  if (!isValidPlateNumber(plate)) {
    throw new BadUserInputError(
      argumentPath,
      'not a valid plate number: the first two digits must be 10–99, the letter code 01–34, the next three digits 100–999 and the region 10–99',
    );
  }
  return plate;
}

/** The parts of a valid 9-digit plate number. Throws for an invalid one: callers validate first. */
export function decodePlate(plateNumber: string): PlateParts {
  const match = PLATE_NUMBER.exec(plateNumber);
  const letter = match ? letterOfCode(match[2] ?? '') : undefined;
  if (!match || letter === undefined) throw new RangeError(`${plateNumber} is not a valid plate number`);
  return {
    twoDigits: match[1] ?? '',
    letter,
    letterCode: match[2] ?? '',
    threeDigits: match[3] ?? '',
    region: match[4] ?? '',
  };
}

/** The plate as the upstream writes it: `ایران RR - BBB L AA`. */
export function plateText(parts: PlateParts): string {
  return `ایران ${parts.region} - ${parts.threeDigits} ${parts.letter} ${parts.twoDigits}`;
}

/** Builds the 9-digit plate number from its parts; each bad part is reported on `argumentPath.<part>`. */
export function buildPlateNumber(input: PlatePartsInput, argumentPath: string): string {
  const part = (name: keyof PlatePartsInput, pattern: RegExp, expected: string): string => {
    const text = normalizeDigits(input[name].trim());
    if (!pattern.test(text)) throw new BadUserInputError(`${argumentPath}.${name}`, expected);
    return text;
  };
  const twoDigits = part('twoDigits', /^[1-9]\d$/, 'expected the two digits on the left of the plate, 10–99');
  const letterText = normalizeDigits(input.letter.trim());
  const code = /^\d{1,2}$/.test(letterText) ? letterText.padStart(2, '0') : letterCode(letterText);
  if (code === undefined || letterOfCode(code) === undefined) {
    throw new BadUserInputError(
      `${argumentPath}.letter`,
      'expected the plate letter in Persian (for example `ب`) or its code 01–34',
    );
  }
  const threeDigits = part('threeDigits', /^[1-9]\d{2}$/, 'expected the three digits after the letter, 100–999');
  const region = part('region', /^[1-9]\d$/, 'expected the two-digit region code next to «ایران», 10–99');
  return `${twoDigits}${code}${threeDigits}${region}`;
}

/**
 * The 9-digit plate number of a plate text as the upstream writes it (`ایران 40 - 123 ص 51`, Persian
 * digits and extra spaces allowed); null when the text is no plate.
 */
export function plateNumberFromText(text: string): string | null {
  const compact = normalizeDigits(text)
    .replace(/[\u200c\u200e\u200f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const match = /^ایران ?(\d{2}) ?- ?(\d{3}) ?([^\d\s-]+) ?(\d{2})$/.exec(compact);
  if (!match) return null;
  const code = letterCode(match[3] ?? '');
  if (code === undefined) return null;
  const plate = `${match[4]}${code}${match[2]}${match[1]}`;
  return isValidPlateNumber(plate) ? plate : null;
}

export function parseMotorcyclePlateNumber(value: string, argumentPath: string): string {
  const plate = normalizeDigits(value.trim());
  if (!/^\d{8}$/.test(plate))
    throw new BadUserInputError(argumentPath, 'expected a motorcycle plate number of exactly 8 digits');
  return plate;
}
