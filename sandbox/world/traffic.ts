/**
 * What the traffic police and the toll operators hold about a plate in the fictional world: car
 * offenses (with camera images for some), Tehran traffic-zone charges, highway tolls, and the fines of
 * a motorcycle. All are pure functions of the plate. An offense id is the plate followed by a
 * three-digit serial, so the image inquiry can find the offense an id names.
 */
import { formatSlashed } from '../calendar.js';
import { Dice } from './dice.js';
import { dayOf, isoLikeDateTime, momentsNewestFirst, usDateTime } from './wallClock.js';

export interface WorldOffense {
  readonly id: string;
  readonly type: string;
  readonly description: string;
  readonly code: string;
  readonly price: number;
  readonly city: string | null;
  readonly location: string;
  /** Jalali `YYYY/MM/DD - HH:mm`, Tehran time. */
  readonly date: string;
  /** The same moment, Gregorian `YYYY-MM-DD HH:mm:ss`. */
  readonly normalizedDate: string;
  readonly billId: number;
  readonly paymentId: number;
  readonly isPayable: boolean;
  readonly policemanCode: string | null;
  readonly hasImage: boolean;
}

const OFFENSES = [
  { code: '2002', type: 'تجاوز از سرعت مجاز (بیش از 30 تا 50 کیلومتر)', price: 1_500_000 },
  { code: '2050', type: 'عبور از چراغ قرمز راهنمایی و رانندگی در شب', price: 2_000_000 },
  { code: '2056', type: 'توقف در محل ممنوع', price: 300_000 },
  { code: '2105', type: 'عدم استفاده از کمربند ایمنی', price: 500_000 },
  { code: '2116', type: 'استفاده از تلفن همراه در حین رانندگی', price: 1_000_000 },
  { code: '2168', type: 'ورود به محدوده طرح ترافیک بدون مجوز', price: 1_200_000 },
] as const;

const PLACES = [
  { city: 'تهران', location: 'بزرگراه همت - غرب به شرق' },
  { city: 'تهران', location: 'خیابان انقلاب - تقاطع ولیعصر' },
  { city: 'کرج', location: 'آزادراه تهران کرج - کیلومتر 12' },
  { city: null, location: 'محور قزوین رشت' },
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The car offenses of a plate, newest first. */
export function offensesOf(plateNumber: string): WorldOffense[] {
  const dice = new Dice(`offenses|${plateNumber}`);
  const count = dice.pick([0, 0, 1, 2, 3, 5, 8]);
  return momentsNewestFirst(dice, count, 900, { from: 6, to: 23 }).map((moment, index) => {
    const offense = dice.pick(OFFENSES);
    const place = dice.pick(PLACES);
    const camera = dice.chance(0.6);
    return {
      id: `${plateNumber}${pad(index + 1, 3)}`,
      type: offense.type,
      description: camera ? 'ثبت توسط دوربین' : 'ثبت توسط مامور',
      code: offense.code,
      price: offense.price,
      city: place.city,
      location: place.location,
      date: `${formatSlashed(dayOf(moment))} - ${pad(moment.hour)}:${pad(moment.minute)}`,
      normalizedDate: isoLikeDateTime(moment),
      billId: Number(`${dice.digits(9)}${offense.code.slice(-2)}`),
      paymentId: Number(`${Math.round(offense.price / 1000)}${dice.digits(5)}`),
      isPayable: dice.chance(0.9),
      policemanCode: camera ? null : dice.digits(6),
      hasImage: camera && dice.chance(0.8),
    };
  });
}

/** The offense an id names; undefined when the id names none. */
export function offenseById(offenseId: string): WorldOffense | undefined {
  if (!/^\d{12}$/.test(offenseId)) return undefined;
  return offensesOf(offenseId.slice(0, 9)).find((offense) => offense.id === offenseId);
}

export interface WorldTrafficToll {
  readonly uniqueId: string;
  readonly amount: number;
  readonly fee: number;
  /** Gregorian `MM/DD/YYYY HH:mm:ss`, Tehran time. */
  readonly date: string;
  readonly paymentStatus: 'Unpaid' | 'Paid';
}

/** Tehran traffic-zone charges of a plate, newest first. */
export function trafficTollsOf(plateNumber: string): WorldTrafficToll[] {
  const dice = new Dice(`traffic-tolls|${plateNumber}`);
  const count = dice.pick([0, 0, 1, 2, 4, 6]);
  return momentsNewestFirst(dice, count, 120, { from: 6, to: 19 }).map((moment) => ({
    uniqueId: dice.digits(14),
    amount: dice.pick([450_000, 620_000, 900_000]),
    fee: 15_000,
    date: usDateTime(moment),
    paymentStatus: dice.chance(0.3) ? 'Paid' : 'Unpaid',
  }));
}

export interface WorldFreewayToll {
  readonly paymentId: string;
  readonly price: number;
  /** Gregorian `YYYY-MM-DD HH:mm:ss`, Tehran time. */
  readonly date: string;
  readonly gateway: string | null;
  readonly freeway: string;
}

const FREEWAYS = ['101', '103', '105', '201', '310'] as const;

/** The unpaid highway tolls of a plate, newest first. */
export function freewayTollsOf(plateNumber: string): WorldFreewayToll[] {
  const dice = new Dice(`freeway-tolls|${plateNumber}`);
  const count = dice.pick([0, 1, 2, 3, 5]);
  return momentsNewestFirst(dice, count, 200).map((moment) => ({
    paymentId: dice.digits(13),
    price: dice.pick([80_000, 120_000, 250_000, 310_000]),
    date: isoLikeDateTime(moment),
    gateway: dice.chance(0.7) ? dice.digits(3) : null,
    freeway: dice.pick(FREEWAYS),
  }));
}

export interface WorldMotorcycleFines {
  readonly Amount: number;
  readonly BillID: string;
  readonly PaymentID: string;
  readonly ComplaintCode: string;
  readonly ComplaintStatus: string;
  readonly PlateNumber: string;
}

/** The fines of an 8-digit motorcycle plate, summed into one bill; a clean plate owes 0 with blank ids. */
export function motorcycleFinesOf(plateNumber: string): WorldMotorcycleFines {
  const dice = new Dice(`riding-offenses|${plateNumber}`);
  const fined = dice.chance(0.6);
  const amount = fined ? dice.int(1, 12) * 250_000 : 0;
  const complained = fined && dice.chance(0.2);
  return {
    Amount: amount,
    BillID: fined ? dice.digits(13) : '',
    PaymentID: fined ? `${amount / 1000}${dice.digits(5)}` : '',
    ComplaintCode: complained ? dice.digits(8) : '',
    ComplaintStatus: complained ? 'در حال بررسی' : '',
    PlateNumber: plateNumber,
  };
}
