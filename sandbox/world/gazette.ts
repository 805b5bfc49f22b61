/**
 * The official-gazette notices of a company of the world, derived from the company: its registration,
 * capital increases ending at the current capital, board appointments every term (the newest is the
 * one the board members' `byNewsId` and the signing-rights notice name) and, for a company that is
 * dissolved or being wound up, the dissolution notice.
 */
import { j2d, jalaaliMonthLength } from 'jalaali-js';
import { addDays, daysBetween, formatSlashed, type JalaliDate } from '../calendar.js';
import { addressOf } from './addresses.js';
import { companyOf, type BoardSeat, type WorldCompany } from './companies.js';
import { Dice } from './dice.js';
import { fullNameOf, personOf } from './persons.js';
import { REFERENCE_DAY } from './records.js';

export type NoticeKind = 'registration' | 'capital' | 'board' | 'dissolution';

export interface WorldNotice {
  readonly kind: NoticeKind;
  readonly newsId: number;
  readonly title: string;
  readonly description: string;
  /** Rials after the change (registration: the initial capital); null for other notices. */
  readonly capitalTo: number | null;
  /** Jalali `YYYY/MM/DD`: publication, and the registry letter it publishes. */
  readonly newspaperDate: string;
  readonly newsletterDate: string;
  readonly newspaperNumber: string;
  readonly newspaperCity: string;
  readonly pageNumber: number;
  readonly indicatorNumber: string;
}

export interface CompanyGazette {
  /** Oldest first. */
  readonly notices: readonly WorldNotice[];
  /** The notice that appointed the current board and set its signing rights. */
  readonly appointment: WorldNotice;
}

const TERM_YEARS = 2;
const EARLIER_TERMS = 4;
const MILLION = 1_000_000;
/** The gazette's first issue counted here: issue numbers grow by one a day from it. */
const FIRST_ISSUE_DAY = j2d(1330, 1, 1);

interface Draft {
  readonly kind: NoticeKind;
  readonly letter: JalaliDate;
  readonly title: string;
  readonly description: string;
  readonly capitalTo: number | null;
}

const parseSlashed = (text: string): JalaliDate => {
  const [jy, jm, jd] = text.split('/').map(Number);
  return { jy: jy ?? 0, jm: jm ?? 1, jd: jd ?? 1 };
};

const later = (a: JalaliDate, b: JalaliDate): boolean => daysBetween(a, b) < 0;

/** The same day `years` earlier (the last day of Esfand where that year has no 30th). */
function yearsBefore(date: JalaliDate, years: number): JalaliDate {
  const jy = date.jy - years;
  return { jy, jm: date.jm, jd: Math.min(date.jd, jalaaliMonthLength(jy, date.jm)) };
}

/** The capitals the company went through, oldest first, ending at its current capital. */
function capitalsOf(dice: Dice, current: number): number[] {
  const capitals = [current];
  const increases = dice.int(0, 3);
  for (let i = 0; i < increases; i++) {
    const previous = Math.max(MILLION, Math.floor(capitals[0]! / dice.int(2, 4) / MILLION) * MILLION);
    if (previous >= capitals[0]!) break;
    capitals.unshift(previous);
  }
  return capitals;
}

const rial = (amount: number): string => amount.toLocaleString('en-US');

function seatLine(seat: BoardSeat): string {
  const person = personOf(seat.nationalId);
  const honorific = person.gender === 'مرد' ? 'آقای' : 'خانم';
  return `${honorific} ${fullNameOf(person)} به شماره ملی ${seat.nationalId} به سمت ${seat.title}`;
}

/** The signing-rights clause of the appointment notice, naming the signatories by position. */
export function signingClauseOf(company: WorldCompany): string {
  const titles = (kinds: readonly string[]) =>
    company.board.filter((seat) => seat.signature !== null && kinds.includes(seat.signature)).map((seat) => seat.title);
  const obligatory = titles(['obligatory', 'obligatoryAndNormal']).join(' و ');
  const normal = [...new Set(titles(['normal', 'obligatoryAndNormal']))].join(' یا ');
  return (
    `کلیه اوراق و اسناد بهادار و تعهدآور شرکت از قبیل چک، سفته، بروات، قراردادها و عقود اسلامی با امضای ${obligatory} ` +
    `همراه با مهر شرکت معتبر است و نامه‌های عادی و اداری با امضای ${normal} همراه با مهر شرکت معتبر می‌باشد.`
  );
}

function draftsOf(company: WorldCompany, dice: Dice): { drafts: Draft[]; appointment: Draft } {
  const capitals = capitalsOf(dice, Number(company.capital));
  const registered = company.registration;
  const drafts: Draft[] = [
    {
      kind: 'registration',
      letter: registered,
      title: `آگهی تاسیس ${company.title}`,
      description:
        `${company.title} در تاریخ ${company.registrationDate} به شماره ثبت ${company.registrationNo} و شناسه ملی ` +
        `${company.nationalId} ثبت گردید. سرمایه شرکت مبلغ ${rial(capitals[0]!)} ریال است.`,
      capitalTo: capitals[0]!,
    },
  ];

  const termStart = parseSlashed(company.board[0]!.startDate);
  const appointment: Draft = {
    kind: 'board',
    letter: termStart,
    title: `آگهی تغییرات ${company.title}`,
    description:
      `اعضای هیئت مدیره برای مدت ${TERM_YEARS} سال انتخاب شدند: ${company.board.map(seatLine).join('، ')}. ` +
      signingClauseOf(company),
    capitalTo: null,
  };
  for (let term = EARLIER_TERMS; term >= 1; term--) {
    const start = yearsBefore(termStart, TERM_YEARS * term);
    if (!later(start, addDays(registered, 60))) continue;
    drafts.push({
      kind: 'board',
      letter: start,
      title: `آگهی تغییرات ${company.title}`,
      description: `اعضای هیئت مدیره برای مدت ${TERM_YEARS} سال انتخاب شدند و دارندگان حق امضا تعیین گردیدند.`,
      capitalTo: null,
    });
  }
  drafts.push(appointment);

  // A company that is no longer active raised its capital before its last board was appointed.
  const until = company.status === 'فعال' ? addDays(REFERENCE_DAY, -30) : addDays(termStart, -10);
  const span = daysBetween(registered, until) - 60;
  const increaseDays = capitals
    .slice(1)
    .map(() => dice.int(60, 60 + Math.max(span, 1)))
    .sort((a, b) => a - b);
  capitals.slice(1).forEach((capital, index) => {
    drafts.push({
      kind: 'capital',
      letter: addDays(registered, increaseDays[index]! + index),
      title: `آگهی افزایش سرمایه ${company.title}`,
      description: `سرمایه شرکت از مبلغ ${rial(capitals[index]!)} ریال به مبلغ ${rial(capital)} ریال افزایش یافت.`,
      capitalTo: capital,
    });
  });

  if (company.status !== 'فعال') {
    const after = addDays(termStart, 25);
    const dissolved = addDays(after, dice.int(0, Math.max(daysBetween(after, REFERENCE_DAY) - 25, 0)));
    drafts.push({
      kind: 'dissolution',
      letter: dissolved,
      title: `آگهی انحلال ${company.title}`,
      description:
        company.status === 'منحل شده'
          ? 'شرکت منحل و پس از تسویه حساب‌ها ختم تصفیه آن اعلام گردید.'
          : 'شرکت منحل اعلام و مدیر تصفیه برای انجام امور تصفیه انتخاب گردید.',
      capitalTo: null,
    });
  }
  return { drafts, appointment };
}

const cache = new Map<string, CompanyGazette>();
const CACHE_LIMIT = 2000;

/** The gazette notices of the company a valid legal id names. Throws for an invalid one. */
export function gazetteOf(nationalId: string): CompanyGazette {
  const cached = cache.get(nationalId);
  if (cached) return cached;
  const company = companyOf(nationalId);
  const dice = new Dice(`gazette|${nationalId}`);
  const city = addressOf(company.postalCode)?.LocalityName ?? 'تهران';
  const { drafts, appointment } = draftsOf(company, dice);
  const ordered = [...drafts].sort((a, b) => daysBetween(b.letter, a.letter));
  let lastNewsId = 0;
  let appointed: WorldNotice | undefined;
  const notices = ordered.map((draft) => {
    const drawn = addDays(draft.letter, dice.int(5, 20));
    const published = later(drawn, REFERENCE_DAY) ? REFERENCE_DAY : drawn;
    const day = j2d(published.jy, published.jm, published.jd);
    lastNewsId = Math.max(lastNewsId + 1, day * 100 + dice.int(0, 99));
    const notice: WorldNotice = {
      kind: draft.kind,
      newsId: lastNewsId,
      title: draft.title,
      description: draft.description,
      capitalTo: draft.capitalTo,
      newspaperDate: formatSlashed(published),
      newsletterDate: formatSlashed(draft.letter),
      newspaperNumber: String(day - FIRST_ISSUE_DAY),
      newspaperCity: city,
      pageNumber: dice.int(1, 120),
      indicatorNumber: `${published.jy}${dice.digits(14)}`,
    };
    if (draft === appointment) appointed = notice;
    return notice;
  });
  if (!appointed) throw new Error('a company without an appointment notice');
  const gazette = { notices, appointment: appointed };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(nationalId, gazette);
  return gazette;
}
