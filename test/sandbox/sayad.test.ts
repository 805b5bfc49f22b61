/** The sandbox's Sayad cheques over HTTP: the life cycle, who may act, the inquiries, the chequebook. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import {
  JOINT_HOLDER,
  THREE_BANKS,
  WOMAN,
  accountsOf,
  fullNameOf,
  personOf,
  shahabCodeOf,
} from '../../sandbox/world/index.js';
import { chequebooksOf } from '../../sandbox/world/chequebooks.js';
import { errorOf, issueToken, resultOf, type Json } from './support.js';
import { callWorld, issueCodeToken, issueSmsToken } from './worldSupport.js';
import { at, present } from '../helpers/responses.js';

const SMS_OPERATIONS: readonly OperationId[] = [
  'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
  'creditSmsSayadAcceptChequePost',
  'creditSmsSayadCancelChequePost',
  'creditSmsSayadChequeInquiryGet',
  'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post',
  'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post',
];
const smsScopes = SMS_OPERATIONS.map((id) => operation(id).scope);

const drawer = THREE_BANKS.nationalId;
const account = present(
  accountsOf(drawer).find((candidate) => candidate.iban === 'IR490150007580401235200517'),
  'account',
);
const book = at(chequebooksOf(account), 0);

let sandbox: Sandbox;
const tokens: Record<string, string> = {};
let clientToken = '';
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  tokens['drawerCode'] = await issueCodeToken(sandbox, drawer, '015', [
    operation('creditAcSayadIssueChequePost').scope,
  ]);
  for (const nid of [drawer, WOMAN.nationalId, JOINT_HOLDER.nationalId])
    tokens[nid] = await issueSmsToken(sandbox, nid, smsScopes);
  clientToken = (await issueToken(sandbox, [operation('creditChequebookInquiryGet').scope])).value;
});
afterAll(() => sandbox.close());

const party = (nid: string) => ({
  idCode: nid,
  idType: '1',
  shahabId: shahabCodeOf(nid),
  name: fullNameOf(personOf(nid)),
});
const call = (
  token: string,
  id: OperationId,
  request: { path?: Record<string, string>; query?: Record<string, string>; body?: unknown },
) => callWorld(sandbox, token, id, { ...request, query: { trackId: randomUUID(), ...request.query } });

function issue(leaf: number, receivers: string[] = [WOMAN.nationalId], overrides: Record<string, unknown> = {}) {
  const sayadId = at(book.sayadIds, leaf);
  return call(present(tokens['drawerCode'], "tokens['drawerCode']"), 'creditAcSayadIssueChequePost', {
    body: {
      accountOwners: [party(drawer)],
      receivers: receivers.map(party),
      signers: [{ signer: party(drawer), legalStamp: '0' }],
      sayadId,
      seriesNo: book.seriesNo,
      serialNo: String(book.serialFrom + leaf),
      fromIban: account.iban,
      amount: '25000000',
      description: 'بابت خرید',
      dueDate: '14050920',
      bankCode: '15',
      branchCode: `15${account.branch}`,
      chequeType: '1',
      chequeMedia: '2',
      reason: 'GPPC',
      ...overrides,
    },
  });
}
const answer = (nid: string, sayadId: string, accept: '0' | '1') =>
  call(present(tokens[nid], 'tokens[nid]'), 'creditSmsSayadAcceptChequePost', {
    path: { user: nid },
    body: { sayadId, accept, acceptDescription: 'تایید', acceptor: party(nid) },
  });
const transfer = (holder: string, sayadId: string, receivers: string[], giveBack = '0') =>
  call(
    present(tokens[holder], 'tokens[holder]'),
    'credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post',
    {
      body: {
        holder: party(holder),
        receivers: receivers.map(party),
        signers: [{ signer: party(holder), legalStamp: '0' }],
        sayadId,
        description: 'انتقال',
        reason: 'GPPC',
        giveBack,
      },
    },
  );
const inquiry = async (nid: string, sayadId: string) =>
  resultOf(
    await call(present(tokens[nid], 'tokens[nid]'), 'creditSmsSayadChequeInquiryGet', {
      path: { user: nid },
      query: { sayadId, idType: '1' },
    }),
  );

describe('a cheque’s life', () => {
  it('is issued awaiting its receiver, accepted, transferred, accepted again, and given back to the drawer', async () => {
    const sayadId = at(book.sayadIds, 0);
    expect(resultOf(await issue(0))).toMatchObject({
      message: expect.any(String),
      referenceId: expect.stringMatching(/^\d+$/),
    });
    expect(await inquiry(drawer, sayadId)).toMatchObject({
      chequeStatus: 7,
      amount: 25_000_000,
      fromIban: account.iban,
      holders: [{ idCode: WOMAN.nationalId }],
    });
    expect(resultOf(await answer(WOMAN.nationalId, sayadId, '1'))).toMatchObject({ resultCode: 4 });
    expect(await inquiry(WOMAN.nationalId, sayadId)).toMatchObject({
      chequeStatus: 1,
      holders: [{ idCode: WOMAN.nationalId }],
    });

    expect(resultOf(await transfer(WOMAN.nationalId, sayadId, [JOINT_HOLDER.nationalId]))).toMatchObject({
      resultCode: 2,
    });
    expect((await inquiry(WOMAN.nationalId, sayadId))['chequeStatus']).toBe(8);
    await answer(JOINT_HOLDER.nationalId, sayadId, '1');
    expect(await inquiry(JOINT_HOLDER.nationalId, sayadId)).toMatchObject({
      chequeStatus: 1,
      holders: [{ idCode: JOINT_HOLDER.nationalId }],
    });

    await transfer(JOINT_HOLDER.nationalId, sayadId, [drawer], '1');
    await answer(drawer, sayadId, '1');
    expect(await inquiry(drawer, sayadId)).toMatchObject({ chequeStatus: 1, holders: [{ idCode: drawer }] });

    const chain = resultOf(
      await call(
        present(tokens[drawer], 'tokens[drawer]'),
        'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post',
        {
          body: { sayadId, nationalCode: drawer },
        },
      ),
    );
    expect((chain['chain'] as Json[]).map((p) => [p['idCode'], p['role']])).toEqual([
      [drawer, 'DRAWER'],
      [WOMAN.nationalId, 'RECEIVER'],
      [JOINT_HOLDER.nationalId, 'TRANSFEREE'],
      [drawer, 'TRANSFEREE'],
    ]);
  });

  it('voids a cheque its receiver rejects, and one its drawer cancels before acceptance, but not after', async () => {
    const [rejected, cancelled, accepted] = [at(book.sayadIds, 1), at(book.sayadIds, 2), at(book.sayadIds, 3)];
    await issue(1);
    await answer(WOMAN.nationalId, rejected, '0');
    expect((await inquiry(drawer, rejected))['chequeStatus']).toBe(3);

    await issue(2);
    const cancel = (sayadId: string) =>
      call(present(tokens[drawer], 'tokens[drawer]'), 'creditSmsSayadCancelChequePost', {
        path: { user: drawer },
        body: { sayadId, cancelDescription: 'انصراف', canceller: party(drawer) },
      });
    expect((await cancel(cancelled)).status).toBe(200);
    expect((await inquiry(drawer, cancelled))['chequeStatus']).toBe(3);

    await issue(3);
    await answer(WOMAN.nationalId, accepted, '1');
    expect(errorOf(await cancel(accepted))).toMatchObject({
      status: 400,
      message: 'cheque can no longer be cancelled',
    });
  });
});

describe('who may act', () => {
  it('refuses a leaf issued twice, a leaf of another account, and a receiver who is the drawer', async () => {
    await issue(4);
    expect(errorOf(await issue(4))).toMatchObject({ status: 400, message: 'cheque already issued' });
    expect(errorOf(await issue(5, [WOMAN.nationalId], { fromIban: WOMAN.account.iban })).message).toBe(
      'invalid fromIban',
    );
    expect(errorOf(await issue(5, [drawer])).message).toBe('invalid receivers');
    expect(errorOf(await issue(5, [WOMAN.nationalId], { reason: 'NOPE' })).message).toBe('invalid reason');
    const wrongShahab = { ...party(WOMAN.nationalId), shahabId: '1000000000000000' };
    expect(errorOf(await issue(5, [WOMAN.nationalId], { receivers: [wrongShahab] })).message).toBe('invalid receivers');
  });

  it('refuses an answer from someone who is not a receiver, and a transfer by someone who is not the holder', async () => {
    const sayadId = at(book.sayadIds, 6);
    await issue(6);
    expect(errorOf(await answer(JOINT_HOLDER.nationalId, sayadId, '1')).message).toBe(
      'acceptor is not a receiver of the cheque',
    );
    await answer(WOMAN.nationalId, sayadId, '1');
    expect(errorOf(await transfer(JOINT_HOLDER.nationalId, sayadId, [drawer])).message).toBe(
      'holder is not the holder of the cheque',
    );
  });

  it('hides a cheque from people not involved in it', async () => {
    const sayadId = at(book.sayadIds, 7);
    await issue(7);
    const stranger = await call(
      present(tokens[JOINT_HOLDER.nationalId], 'tokens[JOINT_HOLDER.nationalId]'),
      'creditSmsSayadChequeInquiryGet',
      {
        path: { user: JOINT_HOLDER.nationalId },
        query: { sayadId, idType: '1' },
      },
    );
    expect(errorOf(stranger).status).toBe(404);
    const status = resultOf(
      await call(
        present(tokens[WOMAN.nationalId], 'tokens[WOMAN.nationalId]'),
        'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post',
        {
          body: { sayadId, nationalCode: WOMAN.nationalId },
        },
      ),
    );
    expect(status).toMatchObject({ onGoing: true, chequeStatus: 7, customers: [{ idCode: drawer }] });
  });
});

describe('the issuer inquiry (client credentials)', () => {
  it('shows the drawer where the cheque stands and who it awaits, and hides it from anyone else', async () => {
    const token = (await issueToken(sandbox, [operation('creditCcSayadIssuerInquiryChequePost').scope])).value;
    const sayadId = at(book.sayadIds, 8);
    await issue(8);
    const ask = (nid: string) =>
      call(token, 'creditCcSayadIssuerInquiryChequePost', {
        path: { user: nid },
        body: { sayadId, customerAuthStatus: '2', ...party(nid) },
      });
    expect(resultOf(await ask(drawer))['inquiryResult']).toMatchObject({
      sayadId,
      chequeStatus: 7,
      receivers: [{ idCode: WOMAN.nationalId }],
    });
    await answer(WOMAN.nationalId, sayadId, '1');
    expect(resultOf(await ask(drawer))['inquiryResult']).toMatchObject({
      chequeStatus: 1,
      receivers: [{ idCode: WOMAN.nationalId }],
    });
    expect(errorOf(await ask(WOMAN.nationalId)).status).toBe(404);
  });
});

describe('chequebookInquiry', () => {
  it('lists the account’s book with its Sayad ids as one comma-separated string', async () => {
    const answer = resultOf(
      await callWorld(sandbox, clientToken, 'creditChequebookInquiryGet', { query: { deposit: account.deposit } }),
    );
    const [details] = answer['chequeDetails'] as Json[];
    expect(details).toMatchObject({
      accountNo: account.deposit,
      iban: account.iban,
      sheetCount: String(book.sheets),
      serialNumbers: book.sayadIds.join(','),
    });
  });
});
