import { COMPANY_SAMPLES, JOINT_HOLDER, WOMAN, shahabCodeOf } from '../fixtures/sandbox.js';
import { codeConsent } from '../consent/support.js';
import {
  AC_TRANSFER_SCOPE,
  BOOK,
  DRAWER,
  DRAWER_ACCOUNT,
  act,
  actorOf,
  answerInput,
  cancelInput,
  chequeConsents,
  issueInput,
  partyOf,
  transferInput,
  type ChequeMutation,
} from '../cheques/support.js';
import type { Harness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';
import type { DocumentedOperation, Reshaped } from './support.js';

interface Consents {
  readonly code: string;
  readonly sms: Record<string, string>;
  /** WOMAN's authorization-code consent to transfer. */
  readonly womanCode: string;
}

/**
 * The consents of each harness (a file's subgraph and sandbox): another file sharing this module in a
 * worker has a harness, and consents, of its own.
 */
const taken = new WeakMap<Harness, Promise<Consents>>();

function consents(h: Harness): Promise<Consents> {
  let ready = taken.get(h);
  ready ??= (async () => {
    const { code, sms } = await chequeConsents(h, [DRAWER, WOMAN.nationalId, JOINT_HOLDER.nationalId]);
    const womanCode = await codeConsent(h.gql, WOMAN.nationalId, '056', [AC_TRANSFER_SCOPE]);
    return { code, sms, womanCode };
  })();
  taken.set(h, ready);
  return ready;
}

/** Runs a cheque mutation; fails unless the Sayad system applied it. */
async function applied(
  h: Harness,
  mutation: ChequeMutation,
  input: Record<string, unknown>,
  handle: string,
): Promise<Record<string, unknown>> {
  const data = dataOf(await act(h, mutation, input, handle));
  if (data[mutation]?.__typename !== 'ChequeActionCompleted') throw new Error(JSON.stringify(data));
  return data;
}

const smsOf = (c: Consents, nid: string): string => c.sms[nid] ?? '';

/** A cheque issued from `leaf` to WOMAN, which she accepted when `accepted`. */
async function issuedToWoman(h: Harness, leaf: number, accepted: boolean): Promise<string> {
  const c = await consents(h);
  const sayadId = at(BOOK.sayadIds, leaf);
  await applied(h, 'issueCheque', issueInput(leaf, [WOMAN.nationalId]), c.code);
  if (accepted) await applied(h, 'acceptCheque', answerInput(WOMAN.nationalId, sayadId), smsOf(c, WOMAN.nationalId));
  return sayadId;
}

const receipt = (mutation: ChequeMutation) => ({
  message: `${mutation}.action.receipt.message`,
  referenceId: `${mutation}.action.receipt.referenceId`,
});

/** The Sayad system's state of a transfer after the action, as the schema's enum. */
const transferState = (mutation: ChequeMutation): Reshaped => ({
  path: `${mutation}.action.receipt.transferState`,
  as: 'the code 1/2/3/4/5 as the enum TRANSFERRED/AWAITING_ACCEPTANCE/APPROVAL_REGISTERED/COMPLETED/CANCELLED (OTHER for any other code)',
});

const transferFields = {
  ...receipt('transferCheque'),
  resultCode: transferState('transferCheque'),
};

const TRANSFER_INPUTS = [
  'holder',
  'receivers',
  'signers',
  'sayadId',
  'toIban',
  'transferDate',
  'description',
  'reason',
  'giveBack',
  'acceptTransfer',
];

export const chequeActionCases: readonly DocumentedOperation[] = [
  {
    operationId: 'creditAcSayadIssueChequePost',
    run: async (h) => {
      const c = await consents(h);
      return applied(
        h,
        'issueCheque',
        issueInput(0, [WOMAN.nationalId, JOINT_HOLDER.nationalId], {
          toIban: DRAWER_ACCOUNT.iban,
          type: 'CODED',
          media: 'PAPER',
          signers: [{ party: partyOf(DRAWER), legalStamp: true }],
        }),
        c.code,
      );
    },
    inputs: [
      'accountOwners',
      'receivers',
      'signers',
      'sayadId',
      'seriesNo',
      'serialNo',
      'fromIban',
      'amount',
      'description',
      'dueDate',
      'toIban',
      'bankCode',
      'branchCode',
      'chequeType',
      'chequeMedia',
      'reason',
    ],
    fields: receipt('issueCheque'),
  },
  {
    operationId: 'creditAcSayadTransferChequePost',
    run: async (h) => {
      const sayadId = await issuedToWoman(h, 1, true);
      const c = await consents(h);
      return applied(
        h,
        'transferCheque',
        transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId], { toIban: DRAWER_ACCOUNT.iban }),
        c.womanCode,
      );
    },
    inputs: TRANSFER_INPUTS,
    fields: transferFields,
  },
  {
    operationId: 'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
    run: async (h) => {
      const sayadId = await issuedToWoman(h, 2, true);
      const c = await consents(h);
      return applied(
        h,
        'transferCheque',
        transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId], { toIban: DRAWER_ACCOUNT.iban }),
        smsOf(c, WOMAN.nationalId),
      );
    },
    inputs: TRANSFER_INPUTS,
    fields: transferFields,
  },
  {
    operationId: 'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
    variant: 'for a company, by its representative',
    run: async (h) => {
      const c = await consents(h);
      const sayadId = at(BOOK.sayadIds, 6);
      const company = { id: COMPANY_SAMPLES.active.nationalId, kind: 'COMPANY', name: COMPANY_SAMPLES.active.title };
      const woman = smsOf(c, WOMAN.nationalId);
      await applied(h, 'issueCheque', issueInput(6, [], { receivers: [company] }), c.code);
      await applied(h, 'acceptCheque', answerInput(WOMAN.nationalId, sayadId, { company: company.id }), woman);
      return applied(
        h,
        'transferCheque',
        transferInput(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId], { company, toIban: DRAWER_ACCOUNT.iban }),
        woman,
      );
    },
    inputs: TRANSFER_INPUTS,
    fields: transferFields,
  },
  {
    operationId: 'creditSmsSayadAcceptChequePost',
    variant: 'by an agent',
    run: async (h) => {
      const sayadId = await issuedToWoman(h, 3, false);
      const c = await consents(h);
      return applied(
        h,
        'acceptCheque',
        answerInput(WOMAN.nationalId, sayadId, { agent: actorOf(JOINT_HOLDER.nationalId) }),
        smsOf(c, JOINT_HOLDER.nationalId),
      );
    },
    inputs: ['user', 'sayadId', 'accept', 'acceptDescription', 'acceptor', 'acceptorAgent'],
    fields: { ...receipt('acceptCheque'), resultCode: transferState('acceptCheque') },
  },
  {
    operationId: 'creditSmsSayadAcceptChequePost',
    variant: 'for a company, by its representative',
    run: async (h) => {
      const c = await consents(h);
      const sayadId = at(BOOK.sayadIds, 5);
      const company = COMPANY_SAMPLES.active.nationalId;
      await applied(
        h,
        'issueCheque',
        issueInput(5, [], { receivers: [{ id: company, kind: 'COMPANY', name: COMPANY_SAMPLES.active.title }] }),
        c.code,
      );
      return applied(
        h,
        'acceptCheque',
        answerInput(WOMAN.nationalId, sayadId, { company }),
        smsOf(c, WOMAN.nationalId),
      );
    },
    inputs: ['user', 'sayadId', 'accept', 'acceptDescription', 'acceptor', 'acceptorAgent'],
    fields: { ...receipt('acceptCheque'), resultCode: transferState('acceptCheque') },
  },
  {
    operationId: 'creditSmsSayadCancelChequePost',
    variant: 'by an agent',
    run: async (h) => {
      const sayadId = await issuedToWoman(h, 4, false);
      const c = await consents(h);
      return applied(
        h,
        'cancelCheque',
        cancelInput(sayadId, {
          agent: { nationalId: JOINT_HOLDER.nationalId, shahabCode: shahabCodeOf(JOINT_HOLDER.nationalId) },
        }),
        smsOf(c, JOINT_HOLDER.nationalId),
      );
    },
    inputs: ['user', 'sayadId', 'cancelDescription', 'canceller', 'cancellerAgent'],
    fields: receipt('cancelCheque'),
  },
];
