/** Cheque.drawerReport over HTTP: the cheque as its drawer sees it under client credentials, null for anyone else, bad input. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { operation } from '../../src/datasources/upstream/operations.js';
import {
  THREE_BANKS,
  WOMAN,
  accountsOf,
  fullNameOf,
  personOf,
  shahabCodeOf,
  chequebooksOf,
} from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { callWorld, issueCodeToken, issueSmsToken } from '../sandbox/worldSupport.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const INQUIRY = 'creditCcSayadIssuerInquiryChequePost';

const h = useHarness();
const drawer = THREE_BANKS.nationalId;
const account = present(
  accountsOf(drawer).find((candidate) => candidate.iban === 'IR490150007580401235200517'),
  'account',
);
const book = at(chequebooksOf(account), 0);
const awaiting = at(book.sayadIds, 0);
const accepted = at(book.sayadIds, 1);

const party = (nid: string) => ({
  idCode: nid,
  idType: '1',
  shahabId: shahabCodeOf(nid),
  name: fullNameOf(personOf(nid)),
});
const actor = (nid: string) => ({ nationalId: nid, shahabCode: shahabCodeOf(nid) });

beforeAll(async () => {
  const token = await issueCodeToken(h.sandbox, drawer, '015', [operation('creditAcSayadIssueChequePost').scope]);
  for (const [leaf, sayadId] of [awaiting, accepted].entries()) {
    const issued = await callWorld(h.sandbox, token, 'creditAcSayadIssueChequePost', {
      query: { trackId: randomUUID() },
      body: {
        accountOwners: [party(drawer)],
        receivers: [party(WOMAN.nationalId)],
        signers: [{ signer: party(drawer), legalStamp: '0' }],
        sayadId,
        seriesNo: book.seriesNo,
        serialNo: String(book.serialFrom + leaf),
        fromIban: account.iban,
        amount: '42000000',
        description: 'بابت قرارداد',
        dueDate: '14051015',
        chequeType: '1',
        chequeMedia: '2',
        reason: 'SPAC',
      },
    });
    expect(issued.status).toBe(200);
  }
  const womanToken = await issueSmsToken(h.sandbox, WOMAN.nationalId, [
    operation('creditSmsSayadAcceptChequePost').scope,
  ]);
  const answered = await callWorld(h.sandbox, womanToken, 'creditSmsSayadAcceptChequePost', {
    query: { trackId: randomUUID() },
    path: { user: WOMAN.nationalId },
    body: { sayadId: accepted, accept: '1', acceptDescription: 'تایید', acceptor: party(WOMAN.nationalId) },
  });
  expect(answered.status).toBe(200);
});

const REPORT = `query($id: String!, $drawer: ChequeActorInput!) { cheque(sayadId: $id) { sayadId drawerReport(drawer: $drawer) {
  status statusCode amount dueDate { jalali } type media drawerAccount { iban }
  receivers { idCode kind name person { nationalId } } issuedAt { jalali }
} } }`;

type Report = { cheque: { sayadId: string; drawerReport: Record<string, unknown> | null } | null };

describe('Cheque.drawerReport', () => {
  it('shows the drawer, without a consent, the cheque awaiting its receiver, in one inquiry', async () => {
    const res = await h.gql<Report>(REPORT, { id: awaiting, drawer: actor(drawer) });
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).cheque, 'cheque').drawerReport).toEqual({
      status: 'AWAITING_ACCEPTANCE',
      statusCode: 7,
      amount: '42000000',
      dueDate: { jalali: '1405/10/15' },
      type: 'NORMAL',
      media: 'DIGITAL',
      drawerAccount: { iban: account.iban },
      receivers: [
        {
          idCode: WOMAN.nationalId,
          kind: 'NATURAL',
          name: fullNameOf(personOf(WOMAN.nationalId)),
          person: { nationalId: WOMAN.nationalId },
        },
      ],
      issuedAt: { jalali: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}(:\d{2})?$/) },
    });
    expect(callCounts(h)).toEqual({ [INQUIRY]: 1 });
    const call = at(h.upstreamCalls(INQUIRY), 0);
    expect(call.path).toContain(`/users/${drawer}/`);
    expect(call.body).toEqual({
      sayadId: awaiting,
      customerAuthStatus: '2',
      idCode: drawer,
      shahabId: shahabCodeOf(drawer),
      idType: '1',
    });
  });

  it('gives the rest of the issuer inquiry: bank, branch, leaf, purpose, currency, block, guarantee, lock', async () => {
    const res = await h.gql<Report>(
      `query($id: String!, $drawer: ChequeActorInput!) { cheque(sayadId: $id) { sayadId drawerReport(drawer: $drawer) {
        bank { code } branchCode description serialNumber seriesNumber reason currencyCode blockStatusCode
        guaranteeStatusCode locked referenceId
      } } }`,
      { id: awaiting, drawer: actor(drawer) },
    );
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).cheque, 'cheque').drawerReport).toEqual({
      bank: { code: account.bank.code },
      branchCode: expect.stringMatching(/^\d+$/),
      description: 'بابت قرارداد',
      serialNumber: String(book.serialFrom),
      seriesNumber: book.seriesNo,
      reason: 'SPAC',
      currencyCode: 1,
      blockStatusCode: 0,
      guaranteeStatusCode: 1,
      locked: false,
      referenceId: expect.any(String),
    });
    expect(callCounts(h)).toEqual({ [INQUIRY]: 1 });
  });

  it('shows the holders of an accepted cheque as its receivers', async () => {
    const res = await h.gql<Report>(REPORT, { id: accepted, drawer: actor(drawer) });
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).cheque, 'cheque').drawerReport).toMatchObject({
      status: 'ISSUED',
      statusCode: 1,
      receivers: [{ person: { nationalId: WOMAN.nationalId } }],
    });
  });

  it('is null, and no error, for someone who did not draw the cheque', async () => {
    const res = await h.gql<Report>(REPORT, { id: awaiting, drawer: actor(WOMAN.nationalId) });
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque).toEqual({ sayadId: awaiting, drawerReport: null });
    expect(callCounts(h)).toEqual({ [INQUIRY]: 1 });
  });

  const wrongCheckDigit = `${drawer.slice(0, 9)}${(Number(drawer[9]) + 1) % 10}`;
  it.each([
    ['drawer.shahabCode', { nationalId: drawer, shahabCode: '12345' }],
    ['drawer.shahabCode', { nationalId: drawer, shahabCode: `${shahabCodeOf(drawer)}0` }],
    ['drawer.nationalId', { nationalId: wrongCheckDigit, shahabCode: shahabCodeOf(drawer) }],
    ['drawer.nationalId', { nationalId: drawer.slice(1), shahabCode: shahabCodeOf(drawer) }],
  ])('refuses a bad drawer on %s before any upstream call (%j)', async (argumentPath, input) => {
    const res = await h.gql<Report>(REPORT, { id: awaiting, drawer: input });
    expect(res.errors).toHaveLength(1);
    expect(firstError(res)).toMatchObject({
      path: ['cheque', 'drawerReport'],
      extensions: { code: 'BAD_USER_INPUT', argumentPath },
    });
    expect(partialDataOf(res).cheque).toEqual({ sayadId: awaiting, drawerReport: null });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it.each(['', 'شعبه', 'a'.repeat(51), 'user 1'])(
    'refuses the branch user %j before any upstream call, and sends one given',
    async (branchUser) => {
      const ask = (callerBranchCode: string) =>
        h.gql<Report>(
          `query($id: String!, $drawer: ChequeActorInput!, $branch: String) { cheque(sayadId: $id) { drawerReport(drawer: $drawer, callerBranchCode: $branch) { statusCode } } }`,
          { id: awaiting, drawer: { nationalId: drawer, shahabCode: shahabCodeOf(drawer) }, branch: callerBranchCode },
        );
      h.sandbox.clearCalls();
      const bad = await ask(branchUser);
      expect(firstError(bad).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'callerBranchCode' });
      expect(h.upstreamCalls()).toEqual([]);
      const good = await ask('teller_015.7');
      expect(good.errors).toBeUndefined();
      expect(at(h.upstreamCalls('creditCcSayadIssuerInquiryChequePost'), 0).body).toMatchObject({
        callerBranchCode: 'teller_015.7',
      });
    },
  );
});
