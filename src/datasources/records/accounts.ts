/** The accounts and cards answers (`/facility`, `/oak`, `/mpg`), as the upstream writes them. */
import { z } from 'zod';
import { flag, flagOf, list, optionalRecord, record, rial, text, textOf, word } from '../shared/shapes.js';
import { ACCOUNT_STATUS, ACCOUNT_TYPE, CUSTOMER_TYPE, type HolderName } from '../types/accounts.js';

/** Account status codes arrive as `"02"` or `"2"`. */
export const accountStatus = word(ACCOUNT_STATUS, (code) => code.padStart(2, '0'));

/** An IBAN, upper-cased. */
const ibanText = text.transform((iban) => iban?.toUpperCase() ?? null);

/** One owner of `depositOwners`; one without a name is left out. */
const Owner = record({ firstName: text, lastName: text });

/**
 * Owners as an array of `{firstName, lastName}` or, in some answers, one string: each owner as
 * `name / status`, joint owners separated by `،` or `,` (the name is what comes before ` / `).
 * Absent or null: none.
 */
export const holderNames = z.union([
  z.string().transform((names): HolderName[] =>
    names.split(/[،,]/).flatMap((owner): HolderName[] => {
      const fullName = textOf(owner.split(' / ')[0]);
      return fullName ? [{ firstName: null, lastName: null, fullName }] : [];
    }),
  ),
  list(Owner).transform((owners) =>
    owners.flatMap(({ firstName, lastName }): HolderName[] => {
      const fullName = [firstName, lastName].filter(Boolean).join(' ');
      return fullName ? [{ firstName, lastName, fullName }] : [];
    }),
  ),
]);

/** `facilityCardToIbanGet` (version 2). */
export const CardAccountAnswer = record({
  IBAN: ibanText,
  deposit: text,
  bankName: text,
  depositStatus: accountStatus,
  depositOwners: holderNames,
});

/** `facilityCardToDepositGet`. */
export const CardDepositAnswer = record({ deposit: text, name: text });

/** `facilityDepositInfoGet`. */
export const AccountHolderAnswer = record({ bankName: text, fullName: text });

/** `facilityGetAccountInfoGet`. */
export const AccountInfoAnswer = record({
  deposit: text,
  accountStatus,
  customerFirstname: text,
  customerLastname: text,
  idNumber: text,
  accountType: word(ACCOUNT_TYPE),
  customerType: word(CUSTOMER_TYPE),
});

/** Sepah's code: the bank that took over Ansar, Ghavamin, Hekmat Iranian, Kowsar and Mehr Eqtesad. */
const SEPAH = '015';
const MERGED_INTO_SEPAH: ReadonlySet<string> = new Set(['052', '063', '065', '073', '079']);

/**
 * Whether an IBAN the upstream gave for an account of bank `bankCode` can be that account's: the IBAN
 * names the bank in its fifth to seventh characters, and an account of a bank merged into Sepah
 * converts to a Sepah IBAN.
 */
export function ibanFitsBank(iban: string, bankCode: string): boolean {
  const ibanBank = iban.slice(4, 7);
  return ibanBank === bankCode || (ibanBank === SEPAH && MERGED_INTO_SEPAH.has(bankCode));
}

/** `facilityDepositToIbanGet`. The IBAN comes as `iban` or `IBAN`, the status as `accountStatus` or `depositStatus`. */
export const AccountIbanAnswer = record({
  deposit: text,
  iban: ibanText,
  IBAN: ibanText,
  bankName: text,
  accountStatus,
  depositStatus: accountStatus,
  depositOwners: holderNames,
});

/** `facilityBanksInfoGet`: a list of banks; a bank is active unless its flag says no (`false`, `"false"`, `0`). */
export const BanksAnswer = list(
  record({
    code: text,
    name: text,
    cardPrefix: text,
    // Active unless the bank list says no (false, "false", 0): a missing flag is no reason to hide a bank.
    active: z
      .unknown()
      .optional()
      .transform((active) => flagOf(active) !== false),
    extra: optionalRecord({
      ac_token: z
        .unknown()
        .optional()
        .transform((token) => flagOf(token) !== false),
      message: text,
    }),
  }),
);

/** `facilityDepositOwnerVerificationGet`. */
export const AccountOwnerAnswer = record({ isOwner: flag });

/** `oakIbanInquiryGet`. */
export const IbanAnswer = record({
  IBAN: ibanText,
  deposit: text,
  bankName: text,
  depositStatus: accountStatus,
  depositDescription: text,
  depositComment: text,
  depositOwners: holderNames,
});

/** `mpgCardInformationGet`. */
export const CardHolderAnswer = record({ destCard: text, name: text, bankName: text });

/**
 * A statement transaction's counterparty: an object, or anything else (ignored) in answers without
 * one; an array is malformed.
 */
const classMap = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((value) => (typeof value === 'object' ? value : null), optionalRecord(shape));

const IbanInformation = classMap({
  branchCode: text,
  bankCode: text,
  reasonDescription: text,
  transactionClass: text,
  name: text,
  destinationIban: ibanText,
  chargeAmount: rial,
  payId: text,
  chakavakInfo: text,
  transactionTypeCode: text,
  referenceId: text,
});

/** A card transaction's details (`cardInformationMap`). */
const CardInformation = classMap({
  branchCode: text,
  bankCode: text,
  transactionClass: text,
  referenceNo: text,
  destinationPan: text,
  sourcePan: text,
  acquiringNo: text,
  transactionTypeCode: text,
  deviceSerial: text,
  trace: text,
  billId: text,
  name: text,
  destinationIban: ibanText,
  payId: text,
});

/** A ledger transaction's details (`ledgerInformationMap`). */
const LedgerInformation = classMap({
  transactionClass: text,
  transactionTypeCode: text,
  payId: text,
  permissionId: text,
  reverseIndex: text,
  reverseOriginKey: text,
  reasonDescription: text,
});

/** A Keshavarzi cheque transaction's details (`chequeInformationMap`; the shape is designed, no source shows it). */
const ChequeInformation = classMap({
  chequeNo: text,
  chequeType: text,
  issueDate: text,
  dueDate: text,
  status: text,
});

/** One transaction of a statement page; a balance's sign is `D` for a debit balance. */
export const StatementTransaction = record({
  transactionAmountCredit: rial,
  transactionAmountDebit: rial,
  balance: rial,
  balanceSign: text,
  transactionDescription: text,
  fullDate: text,
  time: text,
  recordNumber: text,
  transactionClass: text,
  ibanInformationMap: IbanInformation,
  cardInformationMap: CardInformation,
  ledgerInformationMap: LedgerInformation,
  operationCode: classMap({ code: text, message: text }),
  chequeNo: text,
  optionalInformation30: text,
  optionalInformation15: text,
  optionalInformation1: text,
  optionalInformation: text,
  branchNo: text,
  requestDate: text,
  requestTime: text,
  originKey: text,
  rawOriginKey: text,
  userID: text,
  source: text,
  additionalInformation: text,
  refCode: text,
  transactionAmount: rial,
  transactionFee: rial,
  transactionTeller: text,
  transactionTypeList: z
    .unknown()
    .optional()
    .transform((value) =>
      Array.isArray(value)
        ? value.flatMap((code) => (typeof code === 'string' || typeof code === 'number' ? [String(code)] : []))
        : null,
    ),
  deposit: text,
  destinationNumber: text,
  transactionJournal: text,
  transactionTerminalType: text,
  transactionTerminalCode: text,
  transactionBrTerminal: text,
  chequeType: text,
  transactionCycle: text,
  blockAmount: rial,
  blockCode: text,
  blockingReason: text,
  chequeInformationMap: ChequeInformation,
});

/** `oakCcStatementGet`: one page; `transactionChain` is `M` while more pages follow `lastRecordNumber`. */
export const StatementAnswer = record({
  accountCurrentBalance: rial,
  accountCurrentBalanceSign: text,
  accountAvailableBalance: rial,
  accountAvailableBalanceSign: text,
  currentBalance: rial,
  currentBalanceSign: text,
  availableSign: text,
  backupAccountNumber: text,
  effectiveAccountBalance: rial,
  effectiveAccountBalanceSign: text,
  averageBalance: rial,
  averageBalanceSign: text,
  iban: ibanText,
  branchCode: text,
  branchName: text,
  customerName: text,
  customerFamilyName: text,
  openDate: text,
  accountTypeCode: text,
  subTypeCode: text,
  transactions: list(StatementTransaction),
  lastRecordNumber: text,
  transactionChain: text,
});

/**
 * `oakBalanceGet`: the balances as JSON numbers (signed), `freezeAmount` from Khavarmianeh only, `number`
 * the account, `debit` true when the available balance is negative.
 */
export const BalanceAnswer = record({
  currentBalance: rial,
  availableBalance: rial,
  effectiveBalance: rial,
  freezeAmount: rial,
  number: text,
  debit: flag,
});
