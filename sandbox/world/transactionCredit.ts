/**
 * The judiciary's "transaction credit" verdict on a person (wire facts §4.7: one Persian sentence, no
 * structured fields), drawn from the rest of the world: death, Sana registration, the central bank
 * blacklist, doubtful loans and bounced cheques. Designed; the upstream documents only the sentences.
 */
import { bouncedChequesOf, chequeColourOf } from './creditCheques.js';
import { facilitiesOf } from './creditFacilities.js';
import { Dice } from './dice.js';
import { personOf } from './persons.js';
import { blacklistingOf, sanaRegisteredOf } from './records.js';

export type TransactionCreditVerdictKind =
  | 'NO_NEGATIVE_RECORD'
  | 'TRANSACTION_BANNED'
  | 'REFER_TO_JUDICIAL_AUTHORITIES'
  | 'INSOLVENCY_RECORD'
  | 'EXECUTED_FINANCIAL_CONVICTION'
  | 'UNEXECUTED_FINANCIAL_CONVICTION'
  | 'NOT_VERIFIED_IN_JUDICIARY';

/**
 * The sentence the upstream writes for each verdict about the person with `nationalId`, in the
 * documentation's words: its sample answer for the first, its list of sentences ("کد ملی ... …") for
 * the rest. The sample's `\` between the two clauses is kept as the character it shows.
 */
export function transactionCreditMessage(kind: TransactionCreditVerdictKind, nationalId: string): string {
  const person = `کد ملی ${nationalId}`;
  switch (kind) {
    case 'NO_NEGATIVE_RECORD':
      return `${person}در قوه قضائیه احراز شده است \\ در مورد این شخص،سابقه منفی یافت نشد`;
    case 'TRANSACTION_BANNED':
      return `${person} ممنوع المعامله است.`;
    case 'REFER_TO_JUDICIAL_AUTHORITIES':
      return `${person} باید به مراجع قضایی مراجعه نماید.`;
    case 'INSOLVENCY_RECORD':
      return `${person} دارای سابقه اعسار است.`;
    case 'EXECUTED_FINANCIAL_CONVICTION':
      return `${person} دارای محکومیت مالی اجرا شده است.`;
    case 'UNEXECUTED_FINANCIAL_CONVICTION':
      return `${person} دارای محکومیت مالی اجرا نشده است.`;
    case 'NOT_VERIFIED_IN_JUDICIARY':
      return `${person} در قوه قضائیه احراز نشده است.`;
  }
}

/** Every verdict kind, in the documentation's order. */
export const TRANSACTION_CREDIT_VERDICT_KINDS: readonly TransactionCreditVerdictKind[] = [
  'NO_NEGATIVE_RECORD',
  'TRANSACTION_BANNED',
  'REFER_TO_JUDICIAL_AUTHORITIES',
  'INSOLVENCY_RECORD',
  'UNEXECUTED_FINANCIAL_CONVICTION',
  'EXECUTED_FINANCIAL_CONVICTION',
  'NOT_VERIFIED_IN_JUDICIARY',
];

export interface TransactionCreditVerdict {
  readonly kind: TransactionCreditVerdictKind;
  readonly message: string;
}

/**
 * The first that applies: dead → banned; no Sana code → not verified; blacklisted → banned; a doubtful
 * loan → insolvency; bounced cheques rated brown or red → unexecuted conviction, orange → executed;
 * 2% of the rest are fugitives; everyone else has no negative record.
 */
export function transactionCreditOf(nationalId: string): TransactionCreditVerdict {
  const kind = verdictKindOf(nationalId);
  return { kind, message: transactionCreditMessage(kind, nationalId) };
}

function verdictKindOf(nationalId: string): TransactionCreditVerdictKind {
  if (!personOf(nationalId).alive) return 'TRANSACTION_BANNED';
  if (!sanaRegisteredOf(nationalId)) return 'NOT_VERIFIED_IN_JUDICIARY';
  if (blacklistingOf(nationalId).isBlocked) return 'TRANSACTION_BANNED';
  if (facilitiesOf(nationalId).some((f) => f.standing === 'doubtful')) return 'INSOLVENCY_RECORD';
  const cheques = bouncedChequesOf(nationalId);
  if (cheques.length > 0) {
    const colour = chequeColourOf(cheques);
    if (colour === '4' || colour === '5') return 'UNEXECUTED_FINANCIAL_CONVICTION';
    if (colour === '3') return 'EXECUTED_FINANCIAL_CONVICTION';
  }
  if (new Dice(`transaction-credit|${nationalId}`).chance(0.02)) return 'REFER_TO_JUDICIAL_AUTHORITIES';
  return 'NO_NEGATIVE_RECORD';
}

/** People of the world with each verdict, for tests and demos (test/sandbox checks them). */
export const TRANSACTION_CREDIT_SAMPLES = {
  clean: '0000010006',
  notVerified: '0000010081',
  fugitive: '0000010103',
  unexecutedConviction: '0000010154',
  banned: '0000010197',
  executedConviction: '0000010261',
  insolvent: '0000010464',
} as const satisfies Record<string, string>;
