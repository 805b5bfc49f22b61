import type { Dice } from './dice.js';

export interface Province {
  readonly name: string;
  readonly city: string;
}

export const PROVINCES: readonly Province[] = [
  { name: 'تهران', city: 'تهران' },
  { name: 'اصفهان', city: 'اصفهان' },
  { name: 'خراسان رضوی', city: 'مشهد' },
  { name: 'فارس', city: 'شیراز' },
  { name: 'آذربایجان شرقی', city: 'تبریز' },
  { name: 'البرز', city: 'کرج' },
  { name: 'خوزستان', city: 'اهواز' },
  { name: 'گیلان', city: 'رشت' },
  { name: 'مازندران', city: 'ساری' },
  { name: 'کرمان', city: 'کرمان' },
  { name: 'یزد', city: 'یزد' },
  { name: 'قم', city: 'قم' },
  { name: 'همدان', city: 'همدان' },
  { name: 'کرمانشاه', city: 'کرمانشاه' },
];

const FIRST_NAMES = [
  'علی',
  'محمد',
  'حسین',
  'رضا',
  'مهدی',
  'امیر',
  'حمید',
  'سعید',
  'زهرا',
  'فاطمه',
  'مریم',
  'سارا',
  'نرگس',
  'لیلا',
  'مینا',
  'پریسا',
] as const;

const FAMILY_NAMES = [
  'محمدی',
  'حسینی',
  'احمدی',
  'رضایی',
  'کریمی',
  'موسوی',
  'جعفری',
  'صادقی',
  'رحیمی',
  'کاظمی',
  'هاشمی',
  'نوری',
  'قاسمی',
  'طاهری',
  'اکبری',
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

export interface Person {
  readonly firstName: string;
  readonly lastName: string;
}

export function person(dice: Dice): Person {
  return { firstName: dice.pick(FIRST_NAMES), lastName: dice.pick(FAMILY_NAMES) };
}

export function address(dice: Dice, province: Province): string {
  return `${province.city}، خیابان ${dice.pick(STREETS)}، کوچه ${dice.pick(ALLEYS)}، پلاک ${dice.int(1, 180)}`;
}

/** Iranian postal codes: 10 digits, no 0 or 2 among the first five. */
export function postalCode(dice: Dice): string {
  const leading = ['1', '3', '4', '5', '6', '7', '8', '9'] as const;
  let code = '';
  for (let i = 0; i < 5; i++) code += dice.pick(leading);
  for (let i = 0; i < 5; i++) code += String(dice.int(0, 9));
  return code;
}
