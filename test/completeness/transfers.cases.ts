import { randomUUID } from 'node:crypto';
import { THREE_BANKS, WOMAN, accountsOf } from '../fixtures/sandbox.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { DRAWER, act, chequeConsents, issueInput } from '../cheques/support.js';
import { eventually } from '../helpers/eventually.js';
import type { Harness } from '../helpers/harness.js';
import { dataOf, present } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';
import type { DocumentedOperation, NotInGraph } from './support.js';

const { rich } = transferAccounts();
/** A person of the sandbox's world with Pasargad (057) accounts. */
const PASARGAD_PERSON = '1234001268';

const RECEIPT = `amount rail sourceNumber destinationNumber destinationFirstName destinationLastName bookedAt { jalali }
  inquiryDate inquiryTime inquirySequence refCode description message paymentNumber reasonDescription sourceFirstName
  sourceLastName transactionId endToEndId trackId`;
const RESULT = `__typename
  ... on TransferCompleted { transfer { status } receipt { ${RECEIPT} } }
  ... on TransferPending { transfer { status } }
  ... on TransferRejected { reason }`;

/** A Paya transfer from the Ayandeh source to another bank's IBAN, with every field the body takes. */
const order = () => ({
  idempotencyKey: randomUUID(),
  nationalId: THREE_BANKS.nationalId,
  sourceAccountNumber: rich.deposit,
  destination: WOMAN.account.iban,
  amount: '150000',
  description: 'قسط',
  destinationFirstName: WOMAN.firstName,
  destinationLastName: WOMAN.lastName,
  paymentNumber: '1234567',
  reasonDescription: '1',
  sourceFirstName: THREE_BANKS.firstName,
  sourceLastName: THREE_BANKS.lastName,
  secondPassword: '483920',
  merchantName: 'فروشگاه نمونه',
  merchantIban: WOMAN.account.iban,
});

async function transfer(h: Harness, handle: string, input: ReturnType<typeof order>) {
  return h.gql(
    `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`,
    { input },
    withHandle(handle),
  );
}

const r = 'transfer.receipt';

/** The receipt's fields every bank answers, where the order's receipt gives them. */
const RECEIPT_FIELDS = {
  amount: `${r}.amount`,
  description: `${r}.description`,
  destinationFirstname: `${r}.destinationFirstName`,
  destinationLastname: `${r}.destinationLastName`,
  destinationNumber: `${r}.destinationNumber`,
  inquiryDate: `${r}.inquiryDate`,
  inquiryTime: `${r}.inquiryTime`,
  inquirySequence: `${r}.inquirySequence`,
  message: `${r}.message`,
  paymentNumber: `${r}.paymentNumber`,
  refCode: `${r}.refCode`,
  sourceFirstname: `${r}.sourceFirstName`,
  sourceLastname: `${r}.sourceLastName`,
  sourceNumber: `${r}.sourceNumber`,
  type: `${r}.rail`,
  reasonDescription: `${r}.reasonDescription`,
} as const;

export const transferOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'oakTransferToDepositPost',
    run: async (h) => {
      const handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
      return dataOf(await transfer(h, handle, order()));
    },
    inputs: [
      'amount',
      'description',
      'destinationFirstname',
      'destinationLastname',
      'destinationNumber',
      'paymentNumber',
      'reasonDescription',
      'deposit',
      'sourceFirstName',
      'sourceLastName',
      'secondPassword',
      'merchantName',
      'merchantIban',
    ],
    fields: RECEIPT_FIELDS,
  },
  {
    operationId: 'oakTransferToDepositPost',
    variant: 'from a Pasargad account, whose receipt has the bank’s own identifiers',
    run: async (h) => {
      const [source, destination] = accountsOf(PASARGAD_PERSON).filter((account) => account.bank.code === '057');
      const handle = await codeConsent(h.gql, PASARGAD_PERSON, '057');
      const input = {
        idempotencyKey: randomUUID(),
        nationalId: PASARGAD_PERSON,
        sourceAccountNumber: present(source, 'a Pasargad account').deposit,
        destination: present(destination, 'another Pasargad account').deposit,
        amount: '150000',
        description: 'قسط',
      };
      return dataOf(
        await h.gql(
          `mutation($input: TransferInput!) { transfer(input: $input) { ${RESULT} } }`,
          { input },
          withHandle(handle),
        ),
      );
    },
    inputs: ['amount', 'description', 'destinationNumber', 'deposit'],
    fields: {
      ...RECEIPT_FIELDS,
      transactionId: `${r}.transactionId`,
      endToEndId: `${r}.endToEndId`,
    },
  },
  {
    operationId: 'oakTransferInquiryGet',
    variant: 'a transfer whose answer was lost after the bank applied it',
    run: async (h) => {
      const handle = await codeConsent(h.gql, THREE_BANKS.nationalId, '062');
      h.sandbox.injectFault({ operationId: 'oakTransferToDepositPost', status: 408, afterEffect: true });
      const input = order();
      await transfer(h, handle, input);
      return eventually(
        async () => {
          const data = dataOf(
            await h.gql<{ transfer: { __typename: string } | null }>(
              `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`,
              { nid: input.nationalId, key: input.idempotencyKey },
              withHandle(handle),
            ),
          );
          return data.transfer?.__typename === 'TransferCompleted' ? data : undefined;
        },
        { what: 'the transfer settled through the inquiry', timeoutMs: 10_000 },
      );
    },
    inputs: ['inquiryTrackId'],
    fields: {
      transferStatus: {
        path: 'transfer.transfer.status',
        as: 'the inquiry’s word, in any case, as the transfer job’s status: `DONE` or `SUCCESS` (applied) as SUCCESS with the receipt, `FAILED` as FAILED (refused by the bank), any other word as PENDING while the transfer may still settle',
      },
      transactionAmount: `${r}.amount`,
      sourceNumber: `${r}.sourceNumber`,
      destinationNumber: `${r}.destinationNumber`,
      inquiryDate: `${r}.inquiryDate`,
      inquiryTime: `${r}.inquiryTime`,
      inquirySequence: `${r}.inquirySequence`,
      transferTrackId: `${r}.trackId`,
      type: `${r}.rail`,
      refCode: `${r}.refCode`,
    },
  },
];

const CALL_BILLING: NotInGraph = {
  notInGraph:
    'the client’s bill for the call (fee, tariff, scope, service, caller, time, account): the call log is the client’s own billing record across all its users, read only to settle an action’s outcome, and shown to no one',
};

/**
 * The call log settles an action with no inquiry of its own (a cheque issue whose answer was lost). Only its
 * lookup by `trackId` is sent: the listing filters (`fromDate`, `toDate`, `status`, `limit`, `offset`) serve
 * a browse of the client's whole log, which the graph does not offer (see `CALL_BILLING`).
 */
export const callLogOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'devWagesGet',
    variant: 'a cheque issue whose answer was lost after it was applied',
    run: async (h) => {
      const { code } = await chequeConsents(h, []);
      h.sandbox.injectFault({ operationId: 'creditAcSayadIssueChequePost', status: 408, afterEffect: true });
      const input = issueInput(0, [WOMAN.nationalId]);
      await act(h, 'issueCheque', input, code);
      return eventually(
        async () => {
          const data = dataOf(
            await h.gql<{ chequeAction: { __typename: string } | null }>(
              `query($nid: String!, $key: String!) { chequeAction(nationalId: $nid, idempotencyKey: $key) {
                __typename ... on ChequeActionCompleted { action { status trackId } } } }`,
              { nid: DRAWER, key: input.idempotencyKey },
              withHandle(code),
            ),
          );
          return data.chequeAction?.__typename === 'ChequeActionCompleted' ? data : undefined;
        },
        { what: 'the cheque issue settled through the call log', timeoutMs: 10_000 },
      );
    },
    // The trackId here names the call looked up, not this call's own.
    inputs: ['trackId'],
    fields: {
      'wages[].trackId': 'chequeAction.action.trackId',
      'wages[].status': {
        path: 'chequeAction.action.status',
        as: 'the call’s word, in any case, as the cheque action’s status: `DONE` (applied) as SUCCESS, `FAILED` as FAILED, `PENDING` or `UNKNOWN` as PENDING',
      },
      'wages[].amount': CALL_BILLING,
      'wages[].transactionAmount': CALL_BILLING,
      'wages[].tariffName': CALL_BILLING,
      'wages[].scopeName': CALL_BILLING,
      'wages[].serviceName': CALL_BILLING,
      'wages[].uid': CALL_BILLING,
      'wages[].date': CALL_BILLING,
      'wages[].deposit': CALL_BILLING,
      total: { notInGraph: 'how many calls matched the lookup: one, the call of the trackId asked' },
    },
  },
];
