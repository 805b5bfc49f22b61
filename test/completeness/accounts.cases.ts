import { randomUUID } from 'node:crypto';
import { CLIENT_PERSON, JOINT_HOLDER, THREE_BANKS, WOMAN, accountsOf } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { jalaliDaysAhead } from '../helpers/dates.js';
import type { Harness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';
import type { DocumentedOperation, GraphPath, NotInGraph, Reshaped } from './support.js';

const CARD = WOMAN.account.card;
const AYANDEH = THREE_BANKS.ayandeh;

const STATUS_OF_ANSWER: NotInGraph = {
  notInGraph:
    'the inquiry’s own success code and text (`0`, "موفق"): a failed inquiry reaches the graph as an error, so every answer shown is a success',
};
const INQUIRY_TIME: NotInGraph = {
  notInGraph: 'the moment the upstream answered this inquiry: the graph answers each field afresh, so it is always now',
};

/** Every field of a statement transaction, as the graph names them. */
const TRANSACTION_FIELDS = `recordNumber direction amount balance description bookedAt { jalali } kind counterpartyIban
  counterpartyName referenceId operationCode operationMessage chequeNumber branchNumber optionalInformation
  optionalInformation1 optionalInformation15 optionalInformation30 requestDate requestTime originKey rawOriginKey
  userId source additionalInformation
  ibanInformation { branchCode bankCode reasonDescription transactionClass name destinationIban chargeAmount payId
    chakavakInfo transactionTypeCode referenceId }
  cardInformation { branchCode bankCode transactionClass referenceNo destinationPan sourcePan acquiringNo
    transactionTypeCode deviceSerial trace billId name destinationIban payId }
  ledgerInformation { transactionClass transactionTypeCode payId permissionId reverseIndex reverseOriginKey
    reasonDescription }
  refCode transactionAmount
  keshavarzi { transactionFee transactionTeller deposit destinationNumber transactionJournal transactionTerminalType
    transactionTerminalCode transactionBrTerminal chequeType transactionCycle blockAmount blockCode blockingReason
    transactionTypes chequeInformation { chequeNumber chequeType issueDate dueDate status } }`;

const STATEMENT = `query($iban: String!, $from: String!, $to: String!, $fromTime: String, $toTime: String) { account(iban: $iban) {
  statement(from: $from, to: $to, fromTime: $fromTime, toTime: $toTime, first: 100) {
  currentBalance availableBalance
  details { iban branchCode branchName holderFirstName holderLastName openedOn { jalali } accountTypeCode subTypeCode
    effectiveBalance averageBalance backupAccountNumber }
  nodes { ${TRANSACTION_FIELDS} } } } }`;

const statementOf = async (h: Harness, iban: string, times: { fromTime?: string; toTime?: string } = {}) =>
  dataOf(await h.gql(STATEMENT, { iban, from: jalaliDaysAhead(-30), to: jalaliDaysAhead(0), ...times }));

/** An account status code as the graph's `AccountStatus`. */
const STATUS_CODE =
  'the status code, `01`…`08` (or without its leading zero), as the enum AccountStatus: 01 CLOSED, 02 ACTIVE, 03 BLOCKED_DEPOSIT_ALLOWED, 04 BLOCKED, 05 DORMANT, 06 ERROR, 07 IBAN_ERROR, 08 NO_ACCOUNT';
/** An account type code as the graph's `AccountType`. */
const ACCOUNT_TYPE_CODE =
  'the account type code as the enum AccountType: 010 CURRENT, 015 BANKS, 020 FOREIGN_CURRENCY, 025 NOTICE_DEPOSIT, 030 SHORT_TERM_DEPOSIT, 035 SPECIAL_QARZ_SAVINGS, 040 QARZ_AL_HASANEH, 045 LONG_TERM_DEPOSIT, 050 TRUST_INVESTMENT, 055 CARD_ACCOUNT, 060 LOAN_ACCOUNT';
/** A customer type code as the graph's `CustomerType`. */
const CUSTOMER_TYPE_CODE = 'the customer type code as the enum CustomerType: 01 NATURAL, 02 LEGAL, 24 JOINT';
/** Owners written as one text, each `name / status`. */
const OWNERS_TEXT =
  'the owners written as one text, each `name / status` and joint owners separated by `،` or `,`, as one holder per owner named by the part before ` / ` (the status word after it is not shown)';

/** A statement amount: 16 digits, zero-padded, in rials. */
const PADDED = 'the zero-padded amount in rials (16 digits) as its whole number, leading zeros dropped';
/** A statement amount and its sign, `C` (credit) or `D` (debit). */
const SIGNED =
  'the zero-padded amount in rials and its sign (`C` credit, `D` debit) as one signed amount: leading zeros dropped, `-` before a non-zero debit amount';
const signedAt = (path: GraphPath): Reshaped => ({ path, as: SIGNED });
/** A transaction's credit and debit amounts (one of them zero). */
const CREDIT_OR_DEBIT =
  'the credit and the debit amounts (one of them zero) as one amount, the non-zero one with leading zeros dropped; `direction` says which (DEBIT when the debit is not zero, else CREDIT)';

const CORE_MESSAGE: NotInGraph = {
  notInGraph:
    'a field of the bank core system’s message that carried this page (its transaction id, sequence, record type, acknowledgement, message number): it says nothing of the account and changes with every call',
};

const n = 'account.statement.nodes';
/** The answer's fields common to every bank's statement, where the graph gives them. */
const STATEMENT_FIELDS: Readonly<Record<string, GraphPath | Reshaped | NotInGraph>> = {
  iban: 'account.statement.details.iban',
  branchCode: 'account.statement.details.branchCode',
  branchName: 'account.statement.details.branchName',
  customerName: 'account.statement.details.holderFirstName',
  customerFamilyName: 'account.statement.details.holderLastName',
  openDate: { path: 'account.statement.details.openedOn.jalali', as: 'the Jalali date YYYYMMDD written YYYY/MM/DD' },
  accountTypeCode: 'account.statement.details.accountTypeCode',
  subTypeCode: 'account.statement.details.subTypeCode',
  // Each amount and its sign make one signed amount in the graph.
  accountCurrentBalance: signedAt('account.statement.currentBalance'),
  accountCurrentBalanceSign: signedAt('account.statement.currentBalance'),
  accountAvailableBalance: signedAt('account.statement.availableBalance'),
  accountAvailableBalanceSign: signedAt('account.statement.availableBalance'),
  effectiveAccountBalance: signedAt('account.statement.details.effectiveBalance'),
  effectiveAccountBalanceSign: signedAt('account.statement.details.effectiveBalance'),
  averageBalance: signedAt('account.statement.details.averageBalance'),
  averageBalanceSign: signedAt('account.statement.details.averageBalance'),
  // The bank's second names of the current balance and of the available balance's sign (read when the
  // first names are absent).
  currentBalance: signedAt('account.statement.currentBalance'),
  currentBalanceSign: signedAt('account.statement.currentBalance'),
  availableSign: signedAt('account.statement.availableBalance'),
  backupAccountNumber: 'account.statement.details.backupAccountNumber',
  cicsTransId: CORE_MESSAGE,
  seqNo: CORE_MESSAGE,
  dataType: CORE_MESSAGE,
  acknowledge: CORE_MESSAGE,
  msgnbr: CORE_MESSAGE,
  lastRecordNumber: {
    notInGraph:
      'where the upstream’s page of 100 ends: the subgraph follows it to read the range whole, and pages the graph by its own cursor',
  },
  transactionChain: {
    notInGraph: 'whether the upstream has another page of 100: the subgraph reads them all, `pageInfo` pages the graph',
  },
  'transactions[].operationCode.code': `${n}.operationCode`,
  'transactions[].operationCode.message': `${n}.operationMessage`,
  'transactions[].recordNumber': `${n}.recordNumber`,
  'transactions[].chequeNo': `${n}.chequeNumber`,
  // The balance and its sign make one signed balance.
  'transactions[].balance': signedAt(`${n}.balance`),
  'transactions[].balanceSign': signedAt(`${n}.balance`),
  // One of credit and debit is zero: together they are the amount and its direction.
  'transactions[].transactionAmountCredit': { path: `${n}.amount`, as: CREDIT_OR_DEBIT },
  'transactions[].transactionAmountDebit': { path: `${n}.amount`, as: CREDIT_OR_DEBIT },
  'transactions[].transactionDescription': `${n}.description`,
  'transactions[].optionalInformation30': `${n}.optionalInformation30`,
  'transactions[].optionalInformation15': `${n}.optionalInformation15`,
  'transactions[].optionalInformation1': `${n}.optionalInformation1`,
  'transactions[].optionalInformation': `${n}.optionalInformation`,
  'transactions[].branchNo': `${n}.branchNumber`,
  'transactions[].date': {
    notInGraph: 'the day of `fullDate` short of its century (YYMMDD): `bookedAt` is read from `fullDate` and `time`',
  },
  'transactions[].fullDate': {
    path: `${n}.bookedAt.jalali`,
    as: 'the Jalali date YYYYMMDD, with `time`, written YYYY/MM/DD HH:MM:SS',
  },
  'transactions[].time': {
    path: `${n}.bookedAt.jalali`,
    as: 'the time HHMMSS, with `fullDate`, as the time part of YYYY/MM/DD HH:MM:SS',
  },
  'transactions[].requestDate': `${n}.requestDate`,
  'transactions[].requestTime': `${n}.requestTime`,
  'transactions[].originKey': `${n}.originKey`,
  'transactions[].rawOriginKey': `${n}.rawOriginKey`,
  'transactions[].userID': `${n}.userId`,
  'transactions[].source': `${n}.source`,
  'transactions[].additionalInformation': {
    path: `${n}.additionalInformation`,
    as: 'the `|`-separated parts as a list, each trimmed, empty parts left out',
  },
  'transactions[].transactionClass': `${n}.kind`,
  'transactions[].ibanInformationMap.branchCode': `${n}.ibanInformation.branchCode`,
  'transactions[].ibanInformationMap.bankCode': `${n}.ibanInformation.bankCode`,
  'transactions[].ibanInformationMap.reasonDescription': `${n}.ibanInformation.reasonDescription`,
  'transactions[].ibanInformationMap.transactionClass': `${n}.ibanInformation.transactionClass`,
  'transactions[].ibanInformationMap.name': `${n}.ibanInformation.name`,
  'transactions[].ibanInformationMap.destinationIban': `${n}.ibanInformation.destinationIban`,
  'transactions[].ibanInformationMap.chargeAmount': { path: `${n}.ibanInformation.chargeAmount`, as: PADDED },
  'transactions[].ibanInformationMap.payId': `${n}.ibanInformation.payId`,
  'transactions[].ibanInformationMap.chakavakInfo': `${n}.ibanInformation.chakavakInfo`,
  'transactions[].ibanInformationMap.transactionTypeCode': `${n}.ibanInformation.transactionTypeCode`,
  'transactions[].ibanInformationMap.referenceId': `${n}.ibanInformation.referenceId`,
  'transactions[].cardInformationMap.branchCode': `${n}.cardInformation.branchCode`,
  'transactions[].cardInformationMap.bankCode': `${n}.cardInformation.bankCode`,
  'transactions[].cardInformationMap.transactionClass': `${n}.cardInformation.transactionClass`,
  'transactions[].cardInformationMap.referenceNo': `${n}.cardInformation.referenceNo`,
  'transactions[].cardInformationMap.destinationPan': `${n}.cardInformation.destinationPan`,
  'transactions[].cardInformationMap.sourcePan': `${n}.cardInformation.sourcePan`,
  'transactions[].cardInformationMap.acquiringNo': `${n}.cardInformation.acquiringNo`,
  'transactions[].cardInformationMap.transactionTypeCode': `${n}.cardInformation.transactionTypeCode`,
  'transactions[].cardInformationMap.deviceSerial': `${n}.cardInformation.deviceSerial`,
  'transactions[].cardInformationMap.trace': `${n}.cardInformation.trace`,
  'transactions[].cardInformationMap.billId': `${n}.cardInformation.billId`,
  'transactions[].cardInformationMap.name': `${n}.cardInformation.name`,
  'transactions[].cardInformationMap.destinationIban': `${n}.cardInformation.destinationIban`,
  'transactions[].cardInformationMap.payId': `${n}.cardInformation.payId`,
  'transactions[].ledgerInformationMap.transactionClass': `${n}.ledgerInformation.transactionClass`,
  'transactions[].ledgerInformationMap.transactionTypeCode': `${n}.ledgerInformation.transactionTypeCode`,
  'transactions[].ledgerInformationMap.payId': `${n}.ledgerInformation.payId`,
  'transactions[].ledgerInformationMap.permissionId': `${n}.ledgerInformation.permissionId`,
  'transactions[].ledgerInformationMap.reverseIndex': `${n}.ledgerInformation.reverseIndex`,
  'transactions[].ledgerInformationMap.reverseOriginKey': `${n}.ledgerInformation.reverseOriginKey`,
  'transactions[].ledgerInformationMap.reasonDescription': `${n}.ledgerInformation.reasonDescription`,
};

const k = `${n}.keshavarzi`;
/** Keshavarzi's own transaction fields (wire facts §4.9). */
const KESHAVARZI_FIELDS: Readonly<Record<string, GraphPath | NotInGraph>> = {
  'transactions[].transactionFee': `${k}.transactionFee`,
  'transactions[].transactionTeller': `${k}.transactionTeller`,
  'transactions[].transactionTypeList[]': `${k}.transactionTypes`,
  'transactions[].deposit': `${k}.deposit`,
  'transactions[].destinationNumber': `${k}.destinationNumber`,
  'transactions[].transactionJournal': `${k}.transactionJournal`,
  'transactions[].transactionTerminalType': `${k}.transactionTerminalType`,
  'transactions[].transactionTerminalCode': `${k}.transactionTerminalCode`,
  'transactions[].transactionBrTerminal': `${k}.transactionBrTerminal`,
  'transactions[].chequeType': `${k}.chequeType`,
  'transactions[].transactionCycle': `${k}.transactionCycle`,
  'transactions[].blockAmount': `${k}.blockAmount`,
  'transactions[].blockCode': `${k}.blockCode`,
  'transactions[].blockingReason': `${k}.blockingReason`,
  'transactions[].chequeInformationMap.chequeNo': `${k}.chequeInformation.chequeNumber`,
  'transactions[].chequeInformationMap.chequeType': `${k}.chequeInformation.chequeType`,
  'transactions[].chequeInformationMap.issueDate': `${k}.chequeInformation.issueDate`,
  'transactions[].chequeInformationMap.dueDate': `${k}.chequeInformation.dueDate`,
  'transactions[].chequeInformationMap.status': `${k}.chequeInformation.status`,
};

/** The client's own accounts at Sepah (019): the client-credential statement serves only these. */
const clientAccounts = accountsOf(CLIENT_PERSON.nationalId).filter((account) => account.bank.code === '019');

/** The Ayandeh account inquiry's fields, under `holderDetails` of the account the query reached. */
const holderDetailsFields = (root: string) => ({
  deposit: `${root}.holderDetails.accountNumber`,
  accountStatus: { path: `${root}.holderDetails.status`, as: STATUS_CODE },
  customerFirstname: `${root}.holderDetails.firstName`,
  customerLastname: `${root}.holderDetails.lastName`,
  idNumber: `${root}.holderDetails.holderId`,
  accountType: { path: `${root}.holderDetails.accountType`, as: ACCOUNT_TYPE_CODE },
  customerType: { path: `${root}.holderDetails.customerType`, as: CUSTOMER_TYPE_CODE },
});

export const accountOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'mpgCardInformationGet',
    run: async (h) => dataOf(await h.gql(`{ card(number: "${CARD}") { maskedNumber holderName bank { name } } }`)),
    inputs: ['card'],
    fields: {
      destCard: 'card.maskedNumber',
      name: 'card.holderName',
      // The same name the bank list gives the card's bank.
      bankName: 'card.bank.name',
      result: STATUS_OF_ANSWER,
      description: STATUS_OF_ANSWER,
      doTime: INQUIRY_TIME,
    },
  },
  {
    operationId: 'facilityCardToIbanGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ card(number: "${CARD}") { number iban
          account { accountNumber status bank { name } holders { fullName } } } }`),
      ),
    inputs: ['card', 'version'],
    fields: {
      IBAN: 'card.iban',
      card: 'card.number',
      deposit: 'card.account.accountNumber',
      depositStatus: { path: 'card.account.status', as: STATUS_CODE },
      // The bank's name, as the bank list names the account's bank.
      bankName: 'card.account.bank.name',
      depositOwners: 'card.account.holders.fullName',
    },
  },
  {
    operationId: 'facilityCardToDepositGet',
    run: async (h) => dataOf(await h.gql(`{ card(number: "${CARD}") { accountNumber holderName } }`)),
    inputs: ['card'],
    fields: {
      deposit: 'card.accountNumber',
      // The account's holder is the card's: the name the card inquiry gives too.
      name: 'card.holderName',
      destCard: { notInGraph: 'the card number asked, masked: `Card.number` is the whole number' },
      result: STATUS_OF_ANSWER,
      description: STATUS_OF_ANSWER,
      doTime: INQUIRY_TIME,
    },
  },
  {
    operationId: 'facilityDepositInfoGet',
    run: async (h) => dataOf(await h.gql(`{ account(iban: "${WOMAN.account.iban}") { holderName bank { name } } }`)),
    inputs: ['deposit'],
    // The bank's name, as the bank list names the account's bank.
    fields: { fullName: 'account.holderName', bankName: 'account.bank.name' },
  },
  {
    operationId: 'facilityGetAccountInfoGet',
    variant: 'by IBAN',
    run: async (h) =>
      dataOf(
        await h.gql(`{ account(iban: "${AYANDEH.iban}") { holderDetails {
          accountNumber status firstName lastName holderId accountType customerType } } }`),
      ),
    inputs: ['iban', 'bankCode'],
    fields: holderDetailsFields('account'),
  },
  {
    operationId: 'facilityGetAccountInfoGet',
    variant: 'by account number',
    run: async (h) =>
      dataOf(
        await h.gql(`{ accountByNumber(bankCode: "062", accountNumber: "${AYANDEH.deposit}") { holderDetails {
          accountNumber status firstName lastName holderId accountType customerType } } }`),
      ),
    inputs: ['deposit', 'bankCode'],
    fields: holderDetailsFields('accountByNumber'),
  },
  {
    operationId: 'facilityDepositToIbanGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ accountByNumber(bankCode: "056", accountNumber: "${WOMAN.account.deposit}") {
          iban accountNumber status bank { name } holders { fullName } } }`),
      ),
    inputs: ['deposit', 'bankCode'],
    fields: {
      // The conversion echoes the number it was sent, its groups joined by `/` as it requires (Pasargad's
      // as the bank writes them, Resalat's by `.`): the graph keeps the number as the caller wrote it.
      deposit: {
        path: 'accountByNumber.accountNumber',
        as: 'the number sent, echoed with its groups joined by `/` (by `.` for Resalat, as written for Pasargad), shown with the same digits and groups but the separators the caller wrote in `accountNumber`',
      },
      accountStatus: { path: 'accountByNumber.status', as: STATUS_CODE },
      // The bank's name, as the bank list names the account's bank.
      bankName: 'accountByNumber.bank.name',
      iban: 'accountByNumber.iban',
      depositOwners: { path: 'accountByNumber.holders.fullName', as: OWNERS_TEXT },
    },
  },
  {
    operationId: 'facilityBanksInfoGet',
    run: async (h) => dataOf(await h.gql(`{ banks { code name cardPrefixes active notice bank { code } } }`)),
    inputs: [],
    fields: {
      '[].code': 'banks.code',
      '[].name': 'banks.name',
      '[].cardPrefix': 'banks.cardPrefixes',
      // `active` and `extra.ac_token` both say whether code consents can be had: one answer in the graph.
      '[].active': 'banks.active',
      '[].extra.ac_token': 'banks.active',
      '[].extra.message': 'banks.notice',
    },
  },
  {
    operationId: 'facilityDepositOwnerVerificationGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ account(iban: "${AYANDEH.iban}") { accountNumber heldBy(holderId: "${THREE_BANKS.nationalId}") } }`,
        ),
      ),
    inputs: ['deposit', 'bank', 'nationalCode'],
    fields: {
      isOwner: 'account.heldBy',
      nid: { notInGraph: 'the `holderId` argument asked, returned as sent' },
      // The account number checked, the one the account has.
      deposit: 'account.accountNumber',
    },
  },
  {
    operationId: 'oakIbanInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(`{ account(iban: "${WOMAN.account.iban}") { iban accountNumber bank { name } status statusDescription
          description holders { firstName lastName } } }`),
      ),
    inputs: ['iban'],
    fields: {
      IBAN: 'account.iban',
      // The bank's name, as the bank list names the account's bank.
      bankName: 'account.bank.name',
      deposit: 'account.accountNumber',
      depositDescription: 'account.statusDescription',
      depositComment: 'account.description',
      'depositOwners[].firstName': 'account.holders.firstName',
      'depositOwners[].lastName': 'account.holders.lastName',
      depositStatus: { path: 'account.status', as: STATUS_CODE },
      errorDescription: {
        notInGraph:
          'the inquiry’s error text: "بدون خطا" (no error) for every account found, and for none found `status` is `NO_ACCOUNT`',
      },
    },
  },
  {
    operationId: 'oakCcStatementGet',
    variant: 'a busy account, read in two upstream pages',
    run: async (h) => {
      const [own, other] = [at(clientAccounts, 0), at(clientAccounts, 1)];
      const handle = await codeConsent(h.gql, CLIENT_PERSON.nationalId, '019');
      // More than the upstream's 100 transactions in range, so the second page is asked with `lastRecordNumber`.
      for (let i = 0; i < 101; i++) {
        await h.gql(
          'mutation($input: TransferInput!) { transfer(input: $input) { __typename } }',
          {
            input: {
              idempotencyKey: randomUUID(),
              nationalId: CLIENT_PERSON.nationalId,
              sourceAccountNumber: other.deposit,
              destination: own.deposit,
              amount: String(10_000 + i),
              description: `پرداخت ${i}`,
            },
          },
          withHandle(handle),
        );
      }
      return statementOf(h, own.iban);
    },
    inputs: ['deposit', 'fromDate', 'toDate', 'lastRecordNumber'],
    fields: STATEMENT_FIELDS,
  },
];

/** The statement of a Keshavarzi account: run against a sandbox whose client is that account's holder. */
export const keshavarziStatementOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'oakCcStatementGet',
    variant: 'a Keshavarzi account',
    run: async (h) => statementOf(h, JOINT_HOLDER.account.iban),
    inputs: ['deposit', 'fromDate', 'toDate'],
    fields: { ...STATEMENT_FIELDS, ...KESHAVARZI_FIELDS },
  },
];

/** The statement of a Pasargad account: run against a sandbox whose client is that account's holder. */
export const pasargadStatementOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'oakCcStatementGet',
    variant: 'a Pasargad account, bounded by times of day',
    run: async (h) => statementOf(h, PASARGAD_ACCOUNT, { fromTime: '00:00:00', toTime: '235959' }),
    // `count` (Pasargad only) is not sent: the statement is read whole, page by page (see the catalog notes).
    inputs: ['deposit', 'fromDate', 'toDate', 'fromTime', 'toTime'],
    fields: {
      ...STATEMENT_FIELDS,
      'transactions[].refCode': `${n}.refCode`,
      'transactions[].transactionAmount': { path: `${n}.transactionAmount`, as: PADDED },
    },
  },
];

/** A person of the sandbox's world with Pasargad (057) accounts, and one of them. */
export const PASARGAD_CLIENT = '1234001268';
const PASARGAD_ACCOUNT = 'IR260570051750301234001201';

/** The client whose own accounts the Keshavarzi statement reads. */
export const KESHAVARZI_CLIENT = JOINT_HOLDER.nationalId;

/** A person of the sandbox's world with a Khavarmianeh (078) account, and that account. */
const KHAVARMIANEH_HOLDER = '1234000075';
const KHAVARMIANEH_ACCOUNT = 'IR740780096290301234000003';

const BALANCE = `query($iban: String!) { account(iban: $iban) {
  balance { currentBalance availableBalance effectiveBalance frozenAmount accountNumber debit } } }`;

/** The balance under the holder's code consent at the account's bank. */
async function balanceOf(h: Harness, holder: string, bank: string, iban: string): Promise<unknown> {
  const handle = await codeConsent(h.gql, holder, bank, ['oak:balance:get']);
  return dataOf(await h.gql(BALANCE, { iban }, withHandle(handle)));
}

/** The balance of a Khavarmianeh account (which alone gives `freezeAmount`) and of another bank's. */
export const balanceOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'oakBalanceGet',
    variant: 'a Khavarmianeh account and an account of another bank',
    run: async (h) => [
      await balanceOf(h, KHAVARMIANEH_HOLDER, '078', KHAVARMIANEH_ACCOUNT),
      await balanceOf(h, CLIENT_PERSON.nationalId, CLIENT_PERSON.account.bankCode, CLIENT_PERSON.account.iban),
    ],
    inputs: ['deposit'],
    fields: {
      currentBalance: 'account.balance.currentBalance',
      availableBalance: 'account.balance.availableBalance',
      effectiveBalance: 'account.balance.effectiveBalance',
      freezeAmount: 'account.balance.frozenAmount',
      number: 'account.balance.accountNumber',
      debit: 'account.balance.debit',
    },
  },
];
