/** Postal parcels (the designed parcelTracking operation): every well-formed tracking code is one parcel. */
import { addDays, formatSlashed } from '../calendar.js';
import { Dice } from './dice.js';
import { PROVINCES } from './namesAndPlaces.js';
import { REFERENCE_DAY } from './records.js';

export interface ParcelEvent {
  /** Jalali `YYYY/MM/DD HH:mm`. */
  readonly date: string;
  readonly location: string;
  readonly description: string;
}

export interface Parcel {
  readonly trackingCode: string;
  readonly status: string;
  /** Newest first. */
  readonly events: readonly ParcelEvent[];
}

export const isValidParcelCode = (code: string): boolean => /^\d{20,24}$/.test(code);

const STAGES = [
  { status: 'پذیرش شده', description: 'مرسوله در باجه پستی پذیرش شد', at: 'origin' },
  { status: 'در حال ارسال', description: 'مرسوله از مبدا ارسال شد', at: 'origin' },
  { status: 'در حال ارسال', description: 'مرسوله وارد مرکز مبادلات شد', at: 'destination' },
  { status: 'در حال توزیع', description: 'مرسوله تحویل نامه رسان شد', at: 'destination' },
  { status: 'تحویل شده', description: 'مرسوله به گیرنده تحویل شد', at: 'destination' },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const MINUTES_PER_DAY = 24 * 60;

export function parcelOf(trackingCode: string): Parcel | undefined {
  if (!isValidParcelCode(trackingCode)) return undefined;
  const dice = new Dice(`parcel|${trackingCode}`);
  const origin = dice.pick(PROVINCES).city;
  const destination = dice.pick(PROVINCES).city;
  const reached = dice.int(1, STAGES.length);
  // Far enough back that even the slowest parcel's last event is before the reference day.
  const start = addDays(REFERENCE_DAY, -dice.int(7, 20));
  let elapsed = dice.int(8 * 60, 11 * 60);
  const events: ParcelEvent[] = [];
  for (const stage of STAGES.slice(0, reached)) {
    const minutes = elapsed % MINUTES_PER_DAY;
    events.push({
      date: `${formatSlashed(addDays(start, Math.floor(elapsed / MINUTES_PER_DAY)))} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`,
      location: stage.at === 'origin' ? origin : destination,
      description: stage.description,
    });
    elapsed += dice.int(60, 30 * 60);
  }
  events.reverse();
  return { trackingCode, status: STAGES[reached - 1]!.status, events };
}
