/** Shared parts of the cheque action tests: the world's drawer and chequebook, consents, documents. */
import { randomUUID } from 'node:crypto';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { THREE_BANKS, accountsOf, fullNameOf, personOf, shahabCodeOf, chequebooksOf } from '../fixtures/sandbox.js';
import { codeConsent, smsConsent, withHandle } from '../consent/support.js';
import { jalaliDaysAhead } from '../helpers/dates.js';
import type { Harness } from '../helpers/harness.js';
import { at } from '../helpers/responses.js';

export const DRAWER = THREE_BANKS.nationalId;
export const DRAWER_ACCOUNT = accountsOf(DRAWER).find((candidate) => candidate.iban === 'IR490150007580401235200517')!;
export const BOOK = at(chequebooksOf(DRAWER_ACCOUNT), 0);
/** The bank of the drawer's account, where the authorization-code consent is granted. */
export const DRAWER_BANK = '015';

/** Operations under the SMS grant: transfer, answer, cancel, and the holder's inquiry to look. */
const SMS_OPERATIONS: readonly OperationId[] = [
  'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
  'creditSmsSayadAcceptChequePost',
  'creditSmsSayadCancelChequePost',
  'creditSmsSayadChequeInquiryGet',
];
export const SMS_SCOPES = SMS_OPERATIONS.map((id) => operation(id).scope);
export const ISSUE_SCOPE = operation('creditAcSayadIssueChequePost').scope;
export const AC_TRANSFER_SCOPE = operation('creditAcSayadTransferChequePost').scope;

/** The consents of a cheque's parties: `code` the drawer's authorization code to issue, the rest SMS, by national id. */
export async function chequeConsents(
  h: Pick<Harness, 'gql'>,
  people: readonly string[],
): Promise<{ code: string; sms: Record<string, string> }> {
  const code = await codeConsent(h.gql, DRAWER, DRAWER_BANK, [ISSUE_SCOPE]);
  const sms: Record<string, string> = {};
  for (const nid of people) sms[nid] = await smsConsent(h.gql, nid, SMS_SCOPES);
  return { code, sms };
}

export const actorOf = (nid: string) => ({
  nationalId: nid,
  shahabCode: shahabCodeOf(nid),
  name: fullNameOf(personOf(nid)),
});
export const partyOf = (nid: string) => ({ id: nid, name: fullNameOf(personOf(nid)), shahabCode: shahabCodeOf(nid) });

export const RESULT = `__typename
  ... on ChequeActionCompleted { action { id status type actorNationalId actor { nationalId } idempotencyKey receipt { referenceId message transferState } } cheque { sayadId } }
  ... on ChequeActionPending { action { id status } }
  ... on ChequeActionRejected { code reason message action { id status failure { code } } }`;

export interface ChequeOutcome {
  __typename: 'ChequeActionCompleted' | 'ChequeActionPending' | 'ChequeActionRejected';
  action: {
    id: string;
    status: string;
    type?: string;
    receipt?: { referenceId: string | null; transferState: string | null } | null;
  };
  cheque?: { sayadId: string };
  reason?: string;
  code?: string;
  message?: string;
}

export const MUTATIONS = {
  issueCheque: 'IssueChequeInput',
  transferCheque: 'TransferChequeInput',
  acceptCheque: 'AnswerChequeInput',
  rejectCheque: 'AnswerChequeInput',
  cancelCheque: 'CancelChequeInput',
} as const;
export type ChequeMutation = keyof typeof MUTATIONS;

/** Runs a cheque mutation with the consent's handle. */
export function act(
  h: Pick<Harness, 'gql'>,
  mutation: ChequeMutation,
  input: Record<string, unknown>,
  handle?: string,
) {
  return h.gql<Record<string, ChequeOutcome>>(
    `mutation($input: ${MUTATIONS[mutation]}!) { ${mutation}(input: $input) { ${RESULT} } }`,
    { input },
    handle ? withHandle(handle) : {},
  );
}

/** The due date of the cheques the tests issue: a month ahead. */
export const DUE_DATE = jalaliDaysAhead(30);
export { jalaliDaysAhead };

export const issueInput = (leaf: number, receivers: readonly string[], overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  drawer: actorOf(DRAWER),
  sayadId: at(BOOK.sayadIds, leaf),
  receivers: receivers.map(partyOf),
  amount: '25000000',
  dueDate: DUE_DATE,
  description: 'بابت خرید',
  reason: 'GOODS',
  ...overrides,
});

export const answerInput = (nid: string, sayadId: string, overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  receiver: { nationalId: nid, shahabCode: shahabCodeOf(nid) },
  sayadId,
  description: 'تایید',
  ...overrides,
});

export const transferInput = (
  holder: string,
  sayadId: string,
  receivers: readonly string[],
  overrides: Record<string, unknown> = {},
) => ({
  idempotencyKey: randomUUID(),
  holder: actorOf(holder),
  sayadId,
  receivers: receivers.map(partyOf),
  description: 'انتقال',
  reason: 'SERVICES',
  ...overrides,
});

export const cancelInput = (sayadId: string, overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  drawer: { nationalId: DRAWER, shahabCode: shahabCodeOf(DRAWER) },
  sayadId,
  description: 'ابطال',
  ...overrides,
});

export const HOLDER_VIEW = `query($id: String!) { cheque(sayadId: $id) { view { status holders { idCode } } } }`;
