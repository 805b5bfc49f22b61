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

/** The sentence the upstream writes for each verdict (the documented wording, one sentence each). */
export const TRANSACTION_CREDIT_MESSAGES: Readonly<Record<TransactionCreditVerdictKind, string>> = {
  NO_NEGATIVE_RECORD: 'شخص فاقد سابقه منفی است',
  TRANSACTION_BANNED: 'شخص ممنوع المعامله است (محجور، مفقود الاثر، فرض موت یا ورشکسته)',
  REFER_TO_JUDICIAL_AUTHORITIES: 'شخص متواری است؛ به مراجع قضایی مراجعه نمایید',
  INSOLVENCY_RECORD: 'شخص دارای سابقه اعسار است',
  EXECUTED_FINANCIAL_CONVICTION: 'شخص دارای محکومیت مالی اجرا شده است',
  UNEXECUTED_FINANCIAL_CONVICTION: 'شخص دارای محکومیت مالی اجرا نشده است',
  NOT_VERIFIED_IN_JUDICIARY: 'شخص در قوه قضاییه احراز هویت نشده است (فاقد کد ثنا)',
};

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
  return { kind, message: TRANSACTION_CREDIT_MESSAGES[kind] };
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
