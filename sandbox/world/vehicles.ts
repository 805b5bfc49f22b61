/**
 * The cars of the fictional world, one per valid plate and a pure function of it: what the police
 * registry (Naja) and the insurers record, the plate's history, and the current third-party cover.
 * Every inquiry about a plate reads the same vehicle, so the registry, the history and the insurance
 * agree on make, model, dates and insurer.
 */
import { addDays, type JalaliDate } from '../calendar.js';
import { Dice } from './dice.js';
import { REFERENCE_DAY } from './records.js';

interface Make {
  readonly system: string;
  readonly systemCode: string;
  readonly tips: readonly string[];
  readonly capacity: number;
  readonly cylinders: number;
  readonly vinPrefix: string;
}

const MAKES: readonly Make[] = [
  {
    system: 'پژو',
    systemCode: '1021',
    tips: ['206 تیپ 2', '206 تیپ 5', '405 جی ال ایکس', 'پارس'],
    capacity: 5,
    cylinders: 4,
    vinPrefix: 'NAAM',
  },
  {
    system: 'سایپا',
    systemCode: '1043',
    tips: ['پراید 131', 'پراید 111', 'تیبا 2', 'ساینا'],
    capacity: 5,
    cylinders: 4,
    vinPrefix: 'NAS4',
  },
  {
    system: 'ایران خودرو',
    systemCode: '1022',
    tips: ['سمند ال ایکس', 'دنا پلاس', 'رانا'],
    capacity: 5,
    cylinders: 4,
    vinPrefix: 'NAAN',
  },
  { system: 'کیا', systemCode: '2110', tips: ['سراتو', 'اسپورتیج'], capacity: 5, cylinders: 4, vinPrefix: 'KNAF' },
  {
    system: 'تویوتا',
    systemCode: '2205',
    tips: ['کرولا', 'کمری', 'لندکروزر'],
    capacity: 5,
    cylinders: 6,
    vinPrefix: 'JTDB',
  },
];

const COLOURS = ['سفید', 'مشکی', 'نقره ای', 'خاکستری', 'سفید روغنی', 'آبی'] as const;

/** Insurers by their Central Insurance code. */
export const INSURERS = [
  { code: 1, title: 'بیمه ایران' },
  { code: 2, title: 'بیمه آسیا' },
  { code: 3, title: 'بیمه البرز' },
  { code: 4, title: 'بیمه دانا' },
  { code: 11, title: 'بیمه پارسیان' },
] as const;

export interface WorldVehicle {
  readonly plateNumber: string;
  readonly make: Make;
  readonly tip: string;
  /** Persian-calendar model year. */
  readonly modelYear: number;
  readonly mainColour: string;
  readonly secondColour: string;
  readonly vin: string;
  readonly engineNumber: string;
  readonly chassisNumber: string;
  readonly plateInstalledOn: JalaliDate;
  readonly insurance: WorldCover;
  /** An earlier car the plate was on, taken off when this one got it. */
  readonly previous: {
    readonly make: Make;
    readonly tip: string;
    readonly modelYear: number;
    readonly installedOn: JalaliDate;
  } | null;
}

/** The current third-party cover of a vehicle. */
export interface WorldCover {
  readonly insurer: (typeof INSURERS)[number];
  readonly uniqueCode: string;
  readonly printNumber: string;
  readonly issuedOn: JalaliDate;
  readonly startsOn: JalaliDate;
  readonly endsOn: JalaliDate;
  /** Claim-free years per cover; each year earns 5% up to 70%. */
  readonly claimFreeYears: { readonly financial: number; readonly life: number; readonly person: number };
  readonly financialLosses: number;
  readonly personLosses: number;
  readonly healthLosses: number;
}

const JALALI_DAYS_PER_YEAR = 365;

function coverOf(dice: Dice, ownedForYears: number): WorldCover {
  const startsOn = addDays(REFERENCE_DAY, -dice.int(10, 350));
  const years = () => Math.min(ownedForYears, dice.int(0, 14));
  return {
    insurer: dice.pick(INSURERS),
    uniqueCode: dice.digits(16),
    printNumber: `${dice.int(1400, 1404)}/${dice.digits(8)}`,
    issuedOn: addDays(startsOn, -dice.int(0, 3)),
    startsOn,
    endsOn: addDays(startsOn, JALALI_DAYS_PER_YEAR - 1),
    claimFreeYears: { financial: years(), life: years(), person: years() },
    financialLosses: dice.chance(0.2) ? dice.int(1, 2) : 0,
    personLosses: dice.chance(0.05) ? 1 : 0,
    healthLosses: dice.chance(0.05) ? 1 : 0,
  };
}

/** The car carrying a valid 9-digit plate. */
export function vehicleOf(plateNumber: string): WorldVehicle {
  const dice = new Dice(`vehicle|${plateNumber}`);
  const make = dice.pick(MAKES);
  const modelYear = dice.int(1385, 1403);
  const ownedDays = dice.int(60, (REFERENCE_DAY.jy - modelYear + 1) * JALALI_DAYS_PER_YEAR);
  const plateInstalledOn = addDays(REFERENCE_DAY, -ownedDays);
  const hadPrevious = dice.chance(0.3);
  const previousMake = dice.pick(MAKES);
  return {
    plateNumber,
    make,
    tip: dice.pick(make.tips),
    modelYear,
    mainColour: dice.pick(COLOURS),
    secondColour: '',
    vin: `${make.vinPrefix}${dice.digits(2)}F${dice.digits(10)}`,
    engineNumber: `${dice.int(10, 99)}${dice.digits(9)}`,
    chassisNumber: `${make.vinPrefix}${dice.digits(11)}`,
    plateInstalledOn,
    insurance: coverOf(dice, Math.floor(ownedDays / JALALI_DAYS_PER_YEAR)),
    previous: hadPrevious
      ? {
          make: previousMake,
          tip: dice.pick(previousMake.tips),
          modelYear: Math.max(1370, modelYear - dice.int(3, 12)),
          installedOn: addDays(plateInstalledOn, -dice.int(400, 3000)),
        }
      : null,
  };
}

/** Discount percentage earned by claim-free years: 5% a year, at most 70%. */
export const discountPercent = (years: number): number => Math.min(70, years * 5);
