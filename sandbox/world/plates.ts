/**
 * The plates of the fictional world. A person's plates are drawn from their national id: 0–3 active
 * car plates, sometimes one revoked, and sometimes a motorcycle. Ownership is checked one way only:
 * a plate is a person's when it is among the plates drawn from their id.
 *
 * The sandbox keeps its own copy of the plate encoding (upstream-wire-facts §4.5) so that it checks
 * the subgraph's plates independently.
 */
import { Dice } from './dice.js';
import { usDateTimeBefore } from './wallClock.js';

/** Letter by two-digit code: index 0 is code 01; 33 disabled, 34 protocol. */
const LETTERS = [
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

/** Codes of the letters private cars carry. */
const PRIVATE_LETTER_CODES = ['02', '06', '10', '15', '17', '19', '24', '27', '28', '29', '30', '31', '32'] as const;

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** `AA` 10–99, letter code 01–34, `BBB` 100–999, region 10–99. */
export function isPlateNumber(value: string): boolean {
  const match = /^([1-9]\d)(\d{2})([1-9]\d{2})([1-9]\d)$/.exec(value);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= LETTERS.length;
}

export const isMotorcyclePlateNumber = (value: string): boolean => /^\d{8}$/.test(value);

/**
 * A plate as the upstream writes it, `ایران RR - BBB L AA`. Some registries write Persian digits and a
 * double space before the last group; which one a plate gets is drawn from the plate.
 */
export function plateTextOf(plate: string): string {
  const [aa, code, bbb, rr] = [plate.slice(0, 2), plate.slice(2, 4), plate.slice(4, 7), plate.slice(7, 9)];
  const letter = LETTERS[Number(code) - 1] ?? '?';
  if (!new Dice(`plate-text|${plate}`).chance(0.3)) return `ایران ${rr} - ${bbb} ${letter} ${aa}`;
  const persian = (digits: string) => digits.replace(/\d/g, (d) => PERSIAN_DIGITS[Number(d)] ?? d);
  return `ایران ${persian(rr)} - ${persian(bbb)} ${letter}  ${persian(aa)}`;
}

export interface PlateRegistration {
  readonly plateNumber: string;
  readonly revoked: boolean;
  /** Gregorian `MM/DD/YYYY HH:mm:ss`, Tehran time. */
  readonly revokedDateTime: string | null;
  readonly revokedDescription: string | null;
  readonly serialNumber: string;
}

function drawPlate(dice: Dice): string {
  return `${dice.int(10, 99)}${dice.pick(PRIVATE_LETTER_CODES)}${dice.int(100, 999)}${dice.int(10, 99)}`;
}

/** Every plate registration of a person, revoked ones included. */
export function plateRegistrationsOf(nationalId: string): PlateRegistration[] {
  const dice = new Dice(`plates|${nationalId}`);
  const count = dice.pick([0, 1, 1, 2, 2, 3]);
  const registrations: PlateRegistration[] = [];
  for (let i = 0; i < count; i++) {
    registrations.push({
      plateNumber: drawPlate(dice),
      revoked: false,
      revokedDateTime: null,
      revokedDescription: null,
      serialNumber: dice.digits(10),
    });
  }
  if (dice.chance(0.25)) {
    registrations.push({
      plateNumber: drawPlate(dice),
      revoked: true,
      revokedDateTime: usDateTimeBefore(dice.int(30, 1500), dice),
      revokedDescription: dice.pick(['فک پلاک به علت فروش خودرو', 'فک پلاک به علت اسقاط', 'فک پلاک به علت تعویض پلاک']),
      serialNumber: dice.digits(10),
    });
  }
  return registrations;
}

/** The person's active (not revoked) car plates. */
export const platesOf = (nationalId: string): string[] =>
  plateRegistrationsOf(nationalId)
    .filter((registration) => !registration.revoked)
    .map((registration) => registration.plateNumber);

export const ownsPlate = (nationalId: string, plate: string): boolean => platesOf(nationalId).includes(plate);

/** The person's motorcycle plates (8 digits): none or one. */
export function motorcyclesOf(nationalId: string): string[] {
  const dice = new Dice(`motorcycles|${nationalId}`);
  return dice.chance(0.3) ? [dice.digits(8)] : [];
}

export const ownsMotorcycle = (nationalId: string, plate: string): boolean => motorcyclesOf(nationalId).includes(plate);
