/**
 * The everyday movements of the world's accounts: each day, drawn from the account and the day,
 * none to a few card purchases, incoming Paya transfers, and a salary on the first of the month.
 */
import type { JalaliDate } from '../calendar.js';
import { ibanOfDigits, type Account } from './accounts.js';
import { BANKS } from './banks.js';
import { Dice } from './dice.js';

export type MovementClass = 'CARD' | 'IBAN' | 'LEDGER';

export interface WorldMovement {
  /** Signed, in rials: negative for a debit. */
  readonly amount: bigint;
  /** `HHMMSS`, Tehran time. */
  readonly time: string;
  readonly description: string;
  readonly transactionClass: MovementClass;
  readonly operationCode: string;
  readonly counterpartyIban: string | null;
  readonly counterpartyName: string | null;
  /** A cheque paid from the account (Keshavarzi accounts only): its number, issue and due days (`YYYYMMDD`). */
  readonly cheque?: { readonly number: string; readonly issueDate: string; readonly dueDate: string };
}

const SHOPS = ['فروشگاه شهروند', 'داروخانه دکتر رازی', 'پمپ بنزین آزادی', 'رستوران سنتی', 'کتابفروشی ققنوس'] as const;
/** The few payers of the world's incoming Paya transfers: accounts of other banks, by IBAN and holder's name. */
const PAYERS = [
  { iban: ibanOfDigits(BANKS[0]!, '01234567890123456'), name: 'شرکت پخش البرز' },
  { iban: ibanOfDigits(BANKS[1]!, '00098765432101234'), name: 'مریم احمدی' },
  { iban: ibanOfDigits(BANKS[2]!, '00011122233344455'), name: 'صندوق رفاه کارکنان' },
] as const;
const pad = (n: number) => String(n).padStart(2, '0');

export function movementsOf(account: Pick<Account, 'iban'>, day: JalaliDate): WorldMovement[] {
  const dice = new Dice(`statement|${account.iban}|${day.jy}-${day.jm}-${day.jd}`);
  const movements: WorldMovement[] = [];
  const time = () => `${pad(dice.int(7, 22))}${pad(dice.int(0, 59))}${pad(dice.int(0, 59))}`;
  if (day.jd === 1 && dice.chance(0.7)) {
    movements.push({
      amount: BigInt(dice.int(80, 400)) * 1_000_000n,
      time: '080000',
      description: 'واریز حقوق',
      transactionClass: 'LEDGER',
      operationCode: '0101',
      counterpartyIban: null,
      counterpartyName: null,
    });
  }
  const count = dice.pick([0, 0, 1, 1, 2, 3]);
  for (let i = 0; i < count; i++) {
    if (dice.chance(0.8)) {
      movements.push({
        amount: -BigInt(dice.int(5, 500)) * 10_000n,
        time: time(),
        description: `خرید از ${dice.pick(SHOPS)}`,
        transactionClass: 'CARD',
        operationCode: '0214',
        counterpartyIban: null,
        counterpartyName: null,
      });
    } else {
      const payer = dice.pick(PAYERS);
      movements.push({
        amount: BigInt(dice.int(1, 300)) * 100_000n,
        time: time(),
        description: 'واریز پایا',
        transactionClass: 'IBAN',
        operationCode: '0361',
        counterpartyIban: payer.iban,
        counterpartyName: payer.name,
      });
    }
  }
  // Keshavarzi accounts also pay cheques now and then, from a dice of their own so others' days stay as they were.
  const cheques = new Dice(`cheque|${account.iban}|${day.jy}-${day.jm}-${day.jd}`);
  if (account.iban.slice(4, 7) === KESHAVARZI && cheques.chance(0.3)) {
    const dueDate = `${day.jy}${pad(day.jm)}${pad(day.jd)}`;
    movements.push({
      amount: -BigInt(cheques.int(10, 900)) * 100_000n,
      time: `${pad(cheques.int(8, 14))}${pad(cheques.int(0, 59))}00`,
      description: 'پرداخت چک',
      transactionClass: 'LEDGER',
      operationCode: '0301',
      counterpartyIban: null,
      counterpartyName: null,
      cheque: { number: cheques.digits(6), issueDate: `${day.jy - 1}${pad(day.jm)}${pad(day.jd)}`, dueDate },
    });
  }
  return movements.sort((a, b) => a.time.localeCompare(b.time));
}

const KESHAVARZI = '016';
