/**
 * The address behind every postal code (wire facts §4.3) and its coordinates. A person's home address
 * is the address of their postal code, so the two can never disagree.
 */
import { Dice } from './dice.js';
import { PROVINCES } from './namesAndPlaces.js';

/** The postalCode answer, keys and casing exactly as the upstream sends them (`BuilidingName` sic). */
export interface PostalAddress {
  readonly Province: string;
  readonly TownShip: string;
  readonly Zone: string;
  readonly Village: string;
  readonly LocalityType: string;
  readonly LocalityName: string;
  readonly LocalityCode: number;
  readonly SubLocality: string;
  readonly street: string;
  readonly street2: string;
  readonly HouseNumber: number;
  readonly Floor: string;
  readonly SideFloor: string;
  readonly BuilidingName: string;
  readonly Description: string;
  readonly PostCode: string;
}

export interface Coordinates {
  readonly lat: number;
  readonly lng: number;
}

const CENTRES: Readonly<Record<string, Coordinates>> = {
  تهران: { lat: 35.6892, lng: 51.389 },
  اصفهان: { lat: 32.6539, lng: 51.666 },
  'خراسان رضوی': { lat: 36.2605, lng: 59.6168 },
  فارس: { lat: 29.5918, lng: 52.5837 },
  'آذربایجان شرقی': { lat: 38.0962, lng: 46.2738 },
  البرز: { lat: 35.84, lng: 50.9391 },
  خوزستان: { lat: 31.3183, lng: 48.6706 },
  گیلان: { lat: 37.2808, lng: 49.5832 },
  مازندران: { lat: 36.5633, lng: 53.0601 },
  کرمان: { lat: 30.2839, lng: 57.0834 },
  یزد: { lat: 31.8974, lng: 54.3569 },
  قم: { lat: 34.6416, lng: 50.8746 },
  همدان: { lat: 34.7989, lng: 48.5146 },
  کرمانشاه: { lat: 34.3142, lng: 47.065 },
};

const NEIGHBOURHOODS = [
  'کوی فرهنگیان',
  'شهرک بهاران',
  'محله امیریه',
  'کوی ولیعصر',
  'شهرک گلستان',
  'محله سرچشمه',
  'کوی دانشگاه',
  'شهرک مهدیه',
] as const;
const STREETS = [
  'ولیعصر',
  'انقلاب',
  'آزادی',
  'شریعتی',
  'بهار',
  'امام خمینی',
  'فردوسی',
  'حافظ',
  'سعدی',
  'کارگر',
  'مطهری',
  'نیاوران',
] as const;
const ALLEYS = ['لاله', 'نسترن', 'یاس', 'سرو', 'بنفشه', 'اقاقیا', 'شقایق', 'نارون', 'دوم', 'هفتم'] as const;
const BUILDINGS = ['ساختمان آرش', 'مجتمع مهر', 'برج نگین', 'ساختمان پارس'] as const;
const SIDES = ['شمالی', 'جنوبی', 'شرقی', 'غربی'] as const;

/** Iranian postal codes: 10 digits, with neither 0 nor 2 among the first five. */
export const isValidPostalCode = (code: string): boolean => /^[13-9]{5}\d{5}$/.test(code);

/** The address of a postal code; undefined when the code is not a valid one. */
export function addressOf(postalCode: string): PostalAddress | undefined {
  if (!isValidPostalCode(postalCode)) return undefined;
  const dice = new Dice(`postal|${postalCode}`);
  const province = dice.pick(PROVINCES);
  const floor = dice.int(0, 8);
  const apartment = dice.chance(0.6);
  return {
    Province: province.name,
    TownShip: province.city,
    Zone: `منطقه ${dice.int(1, 12)}`,
    Village: '',
    LocalityType: 'شهر',
    LocalityName: province.city,
    LocalityCode: dice.int(1000, 99_999),
    SubLocality: dice.pick(NEIGHBOURHOODS),
    street: `خیابان ${dice.pick(STREETS)}`,
    street2: `کوچه ${dice.pick(ALLEYS)}`,
    HouseNumber: dice.int(1, 250),
    Floor: floor === 0 ? 'همکف' : String(floor),
    SideFloor: apartment ? dice.pick(SIDES) : '',
    BuilidingName: apartment ? dice.pick(BUILDINGS) : '',
    Description: apartment ? `واحد ${dice.int(1, 30)}` : '',
    PostCode: postalCode,
  };
}

/** One line of Persian, the way the address is written on a letter. */
export function addressText(address: PostalAddress): string {
  const parts = [
    `استان ${address.Province}`,
    address.LocalityName,
    address.SubLocality,
    address.street,
    address.street2,
    `پلاک ${address.HouseNumber}`,
    address.Floor === 'همکف' ? 'طبقه همکف' : `طبقه ${address.Floor}`,
    address.Description,
  ];
  return parts.filter((part) => part !== '').join('، ');
}

/** A point near the centre of the postal code's city, 6 decimals. */
export function coordinatesOf(postalCode: string): Coordinates | undefined {
  const address = addressOf(postalCode);
  if (!address) return undefined;
  const centre = CENTRES[address.Province] ?? { lat: 35.6892, lng: 51.389 };
  const dice = new Dice(`coordinates|${postalCode}`);
  const jitter = () => (dice.next() - 0.5) * 0.1;
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round(centre.lat + jitter()), lng: round(centre.lng + jitter()) };
}
