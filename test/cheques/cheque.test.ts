/** Query.cheque and BankAccount.chequebooks over HTTP: the views of a cheque by who asks, consent, bad input. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import {
  COMPANY_SAMPLES,
  INVALID_LEGAL_ID,
  JOINT_HOLDER,
  THREE_BANKS,
  WOMAN,
  accountsOf,
  fullNameOf,
  personOf,
  shahabCodeOf,
  chequebooksOf,
} from '../fixtures/sandbox.js';
import { smsConsent, withHandle } from '../consent/support.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { callWorld, issueCodeToken } from '../sandbox/worldSupport.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const INQUIRIES: readonly OperationId[] = [
  'creditSmsSayadChequeInquiryGet',
  'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post',
  'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post',
];
const SCOPES = INQUIRIES.map((id) => operation(id).scope);

const h = useHarness();
const drawer = THREE_BANKS.nationalId;
const account = present(
  accountsOf(drawer).find((candidate) => candidate.iban === 'IR490150007580401235200517'),
  'account',
);
const book = at(chequebooksOf(account), 0);
const sayadId = at(book.sayadIds, 0);
/** A bank cheque drawn to a company and to JOINT_HOLDER; WOMAN asks as the company's representative. */
const companyChequeId = at(book.sayadIds, 1);
const company = COMPANY_SAMPLES.active.nationalId;
const handles: Record<string, string> = {};

const party = (nid: string) => ({
  idCode: nid,
  idType: '1',
  shahabId: shahabCodeOf(nid),
  name: fullNameOf(personOf(nid)),
});

beforeAll(async () => {
  const token = await issueCodeToken(h.sandbox, drawer, '015', [operation('creditAcSayadIssueChequePost').scope]);
  const issued = await callWorld(h.sandbox, token, 'creditAcSayadIssueChequePost', {
    query: { trackId: randomUUID() },
    body: {
      accountOwners: [party(drawer)],
      receivers: [party(WOMAN.nationalId)],
      signers: [{ signer: party(drawer), legalStamp: '0' }],
      sayadId,
      seriesNo: book.seriesNo,
      serialNo: String(book.serialFrom),
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
  const toCompany = await callWorld(h.sandbox, token, 'creditAcSayadIssueChequePost', {
    query: { trackId: randomUUID() },
    body: {
      accountOwners: [party(drawer)],
      receivers: [{ idCode: company, idType: '2', name: COMPANY_SAMPLES.active.title }, party(JOINT_HOLDER.nationalId)],
      signers: [{ signer: party(drawer), legalStamp: '0' }],
      sayadId: companyChequeId,
      seriesNo: book.seriesNo,
      serialNo: String(book.serialFrom + 1),
      fromIban: account.iban,
      amount: '7000000',
      description: 'بابت خرید',
      dueDate: '14051020',
      chequeType: '2',
      chequeMedia: '2',
      reason: 'GPPC',
    },
  });
  expect(toCompany.status).toBe(200);
  handles[WOMAN.nationalId] = await smsConsent(h.gql, WOMAN.nationalId, SCOPES);
  handles[JOINT_HOLDER.nationalId] = await smsConsent(h.gql, JOINT_HOLDER.nationalId, SCOPES);
});

const CHEQUE = `query($id: String!) { cheque(sayadId: $id) {
  sayadId
  view { status statusCode amount dueDate { jalali iso } reason type media drawerAccount { iban } holders { kind name person { nationalId } } signers { name } issuedAt { jalali } }
  statusReport { awaitingAcceptance drawers { idCode kind } }
  chain { role step party { idCode } }
} }`;

describe('Query.cheque', () => {
  it('shows the receiver the cheque awaiting her acceptance, one inquiry each', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ cheque: Record<string, unknown> }>(
      CHEQUE,
      { id: sayadId },
      withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque).toMatchObject({
      sayadId,
      view: {
        status: 'AWAITING_ACCEPTANCE',
        statusCode: 7,
        amount: '42000000',
        dueDate: { jalali: '1405/10/15' },
        reason: 'SPAC',
        type: 'NORMAL',
        media: 'DIGITAL',
        drawerAccount: { iban: account.iban },
        holders: [{ kind: 'NATURAL', person: { nationalId: WOMAN.nationalId } }],
      },
      statusReport: { awaitingAcceptance: true, drawers: [{ idCode: drawer, kind: 'NATURAL' }] },
      chain: [{ role: 'DRAWER', step: 0, party: { idCode: drawer } }],
    });
    expect(callCounts(h)).toEqual(Object.fromEntries(INQUIRIES.map((id) => [id, 1])));
  });

  it('gives the holder inquiry’s bank, branch, block, guarantee and currency, and the status report’s status', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ cheque: Record<string, unknown> }>(
      `query($id: String!) { cheque(sayadId: $id) {
        view { bank { code } branchCode currencyCode blockStatusCode guaranteeStatusCode lockerBank { code } lockerBranchCode referenceId
          locked signers { legalStamp } }
        statusReport { status statusCode }
      } }`,
      { id: sayadId },
      withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque).toEqual({
      view: {
        bank: { code: account.bank.code },
        branchCode: expect.stringMatching(/^\d+$/),
        currencyCode: 1,
        blockStatusCode: 0,
        guaranteeStatusCode: 1,
        lockerBank: null,
        lockerBranchCode: null,
        referenceId: expect.any(String),
        // The upstream's 0/1 integers.
        locked: false,
        signers: [{ legalStamp: false }],
      },
      statusReport: { status: 'AWAITING_ACCEPTANCE', statusCode: 7 },
    });
  });

  it('shows a company’s cheque to its representative, asked as the legal person', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ cheque: Record<string, unknown> }>(
      `query($id: String!, $legal: String!) { cheque(sayadId: $id) {
        view(legalId: $legal) { type holders { kind company { nationalId } } }
      } }`,
      { id: companyChequeId, legal: company },
      withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque).toEqual({
      view: {
        type: 'BANK',
        holders: [
          { kind: 'LEGAL', company: { nationalId: company } },
          { kind: 'NATURAL', company: null },
        ],
      },
    });
    const view = at(h.upstreamCalls('creditSmsSayadChequeInquiryGet'), 0);
    expect(view.query).toMatchObject({ idType: '2', idCode: company });
    expect(view.path).toContain(`/users/${WOMAN.nationalId}/`);
  });

  it('shows a company’s cheque status and chain to its representative, asked as the legal person', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ cheque: Record<string, unknown> }>(
      `query($id: String!, $legal: String!) { cheque(sayadId: $id) {
        view(legalId: $legal) { type }
        statusReport(legalId: $legal) { status awaitingAcceptance drawers { idCode } }
        chain(legalId: $legal) { role party { idCode } }
      } }`,
      { id: companyChequeId, legal: company },
      withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque).toEqual({
      view: { type: 'BANK' },
      statusReport: { status: 'AWAITING_ACCEPTANCE', awaitingAcceptance: true, drawers: [{ idCode: drawer }] },
      chain: [{ role: 'DRAWER', party: { idCode: drawer } }],
    });
    // One call each: the chain's kind is the company view's, from the one holder's inquiry.
    expect(callCounts(h)).toEqual(Object.fromEntries(INQUIRIES.map((id) => [id, 1])));
    for (const id of INQUIRIES.slice(1)) {
      expect(at(h.upstreamCalls(id), 0).body).toMatchObject({
        sayadId: companyChequeId,
        nationalCode: WOMAN.nationalId,
        idType: '2',
        idCode: company,
      });
    }
    expect(at(h.upstreamCalls(INQUIRIES[2] as OperationId), 0).body).toMatchObject({ chequeType: '2' });
  });

  it('asks the status and chain as the person, by default, and hides a cheque the company is not in', async () => {
    h.sandbox.clearCalls();
    const mine = await h.gql<{ cheque: Record<string, unknown> }>(
      `query($id: String!) { cheque(sayadId: $id) { statusReport { statusCode } chain(type: NORMAL) { step } } }`,
      { id: sayadId },
      withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
    );
    expect(mine.errors).toBeUndefined();
    expect(dataOf(mine).cheque).toEqual({ statusReport: { statusCode: 7 }, chain: [{ step: 0 }] });
    for (const id of INQUIRIES.slice(1)) {
      expect(at(h.upstreamCalls(id), 0).body).toMatchObject({ idType: '1', idCode: WOMAN.nationalId });
    }
    // The first cheque is drawn to WOMAN, not to the company: asked as the company, nothing shows.
    h.sandbox.clearCalls();
    const theirs = await h.gql<{ cheque: Record<string, unknown> }>(
      `query($id: String!, $legal: String!) { cheque(sayadId: $id) {
        statusReport(legalId: $legal) { statusCode } chain(legalId: $legal, type: NORMAL) { step } } }`,
      { id: sayadId, legal: company },
      withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
    );
    expect(theirs.errors).toBeUndefined();
    expect(dataOf(theirs).cheque).toEqual({ statusReport: null, chain: null });
    expect(callCounts(h)).toEqual({ [INQUIRIES[1] as string]: 1, [INQUIRIES[2] as string]: 1 });
  });

  it('sends the person’s Shahab code with the holder’s inquiry when given; the sandbox refuses another', async () => {
    h.sandbox.clearCalls();
    const ask = (code: string) =>
      h.gql<{ cheque: { view: { status: string } | null } }>(
        `query($id: String!, $code: String!) { cheque(sayadId: $id) { view(shahabCode: $code) { status } } }`,
        { id: sayadId, code },
        withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
      );
    const right = await ask(shahabCodeOf(WOMAN.nationalId));
    expect(right.errors).toBeUndefined();
    expect(dataOf(right).cheque.view).toEqual({ status: 'AWAITING_ACCEPTANCE' });
    expect(at(h.upstreamCalls('creditSmsSayadChequeInquiryGet'), 0).query).toMatchObject({
      idType: '1',
      idCode: WOMAN.nationalId,
      shahabId: shahabCodeOf(WOMAN.nationalId),
    });
    const wrong = await ask(shahabCodeOf(JOINT_HOLDER.nationalId));
    expect(firstError(wrong).extensions).toMatchObject({ code: 'UPSTREAM_REJECTED' });
  });

  it('gives the chequebook leaf behind a Sayad id under client credentials, null for no leaf', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ cheque: { leaf: Record<string, unknown> | null } }>(
      `query($id: String!) { cheque(sayadId: $id) { leaf { iban account { iban } serialNumber seriesNumber media holderName } } }`,
      { id: sayadId },
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque.leaf).toEqual({
      iban: account.iban,
      account: { iban: account.iban },
      serialNumber: String(book.serialFrom),
      seriesNumber: book.seriesNo,
      media: book.mediaType,
      holderName: fullNameOf(personOf(drawer)),
    });
    expect(callCounts(h)).toEqual({ creditSayadSerialInquiryGet: 1 });
    const none = await h.gql<{ cheque: { leaf: unknown } }>(
      `{ cheque(sayadId: "9999999999999999") { leaf { iban } } }`,
    );
    expect(none.errors).toBeUndefined();
    expect(dataOf(none).cheque.leaf).toBeNull();
  });

  it('sends the chain inquiry the cheque’s own kind, read from the holder’s inquiry', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql<{ cheque: Record<string, unknown> }>(
      `query($id: String!) { cheque(sayadId: $id) { view { type } chain { role party { idCode } } } }`,
      { id: companyChequeId },
      withHandle(present(handles[JOINT_HOLDER.nationalId], 'handles[JOINT_HOLDER.nationalId]')),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque).toEqual({
      view: { type: 'BANK' },
      chain: [{ role: 'DRAWER', party: { idCode: drawer } }],
    });
    // A bank cheque: chequeType 2, not a fixed 1; the holder's inquiry is the one `view` also used.
    expect(at(h.upstreamCalls(INQUIRIES[2] as OperationId), 0).body).toMatchObject({ chequeType: '2' });
    expect(callCounts(h)).toEqual({ [INQUIRIES[0] as string]: 1, [INQUIRIES[2] as string]: 1 });
  });

  it('sends the kind the caller gives to the chain inquiry, without the holder’s inquiry', async () => {
    h.sandbox.clearCalls();
    const ask = (type: string) =>
      h.gql<{ cheque: { chain: unknown[] | null } }>(
        `query($id: String!) { cheque(sayadId: $id) { chain(type: ${type}) { role } } }`,
        { id: companyChequeId },
        withHandle(present(handles[JOINT_HOLDER.nationalId], 'handles[JOINT_HOLDER.nationalId]')),
      );
    const right = await ask('BANK');
    expect(right.errors).toBeUndefined();
    expect(dataOf(right).cheque.chain).toEqual([{ role: 'DRAWER' }]);
    expect(callCounts(h)).toEqual({ [INQUIRIES[2] as string]: 1 });
    // Asked as another kind, the (sandbox's) upstream refuses: the kind given is the kind sent.
    const wrong = await ask('NORMAL');
    expect(firstError(wrong).extensions).toMatchObject({ code: 'UPSTREAM_REJECTED' });
    expect(at(h.upstreamCalls(INQUIRIES[2] as OperationId), 1).body).toMatchObject({ chequeType: '1' });
  });

  it.each([
    ['view(legalId: "123")', 'legalId'],
    [`view(legalId: "${INVALID_LEGAL_ID}")`, 'legalId'],
    ['chain(type: OTHER)', 'type'],
    ['statusReport(legalId: "123")', 'legalId'],
    ['view(shahabCode: "12345")', 'shahabCode'],
    [`view(legalId: "${company}", shahabCode: "${shahabCodeOf(WOMAN.nationalId)}")`, 'shahabCode'],
    [`chain(legalId: "${INVALID_LEGAL_ID}")`, 'legalId'],
  ])('refuses %s before any upstream call', async (field, path) => {
    h.sandbox.clearCalls();
    const res = await h.gql(
      `query($id: String!) { cheque(sayadId: $id) { ${field} { __typename } } }`,
      { id: sayadId },
      withHandle(present(handles[WOMAN.nationalId], 'handles[WOMAN.nationalId]')),
    );
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('shows nothing, and no error, to someone the cheque does not involve', async () => {
    const res = await h.gql<{ cheque: Record<string, unknown> }>(
      CHEQUE,
      { id: sayadId },
      withHandle(present(handles[JOINT_HOLDER.nationalId], 'handles[JOINT_HOLDER.nationalId]')),
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).cheque).toEqual({ sayadId, view: null, statusReport: null, chain: null });
  });

  it('needs a consent, and asks nothing upstream without one', async () => {
    h.sandbox.clearCalls();
    const res = await h.gql(`{ cheque(sayadId: "${sayadId}") { sayadId view { status } } }`);
    expect(firstError(res)).toMatchObject({ path: ['cheque', 'view'], extensions: { code: 'CONSENT_REQUIRED' } });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it.each(['12345', '01512352005108511', 'abcdefghijklmnop'])(
    'refuses the Sayad id %j before any upstream call',
    async (id) => {
      h.sandbox.clearCalls();
      const res = await h.gql(`query($id: String!) { cheque(sayadId: $id) { sayadId } }`, { id });
      expect(firstError(res)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath: 'sayadId' } });
      expect(h.upstreamCalls()).toEqual([]);
    },
  );

  it('resolves cheques as entities by Sayad id, null for an invalid one', async () => {
    const res = await h.gql<{ _entities: unknown[] }>(
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Cheque { sayadId } } }',
      {
        r: [
          { __typename: 'Cheque', sayadId },
          { __typename: 'Cheque', sayadId: '123' },
        ],
      },
    );
    expect(partialDataOf(res)._entities).toEqual([{ sayadId }, null]);
  });
});

describe('BankAccount.chequebooks', () => {
  it('gives every field of the book the inquiry answers, and links the book to its account', async () => {
    const res = await h.gql<{ account: { chequebooks: Array<Record<string, unknown>> } }>(
      `{ account(iban: "${account.iban}") { chequebooks {
          iban accountNumber branchCode branchName branchCodeAndName deliveryBranchCode
          customerName customerNumber customerType customerId state large issuanceDate { jalali }
          account { iban accountNumber bank { code } }
      } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(at(dataOf(res).account.chequebooks, 0)).toEqual({
      iban: account.iban,
      accountNumber: account.deposit,
      branchCode: account.branch,
      branchName: `شعبه ${account.branch}`,
      branchCodeAndName: `${account.branch} - شعبه ${account.branch}`,
      deliveryBranchCode: account.branch,
      customerName: fullNameOf(personOf(drawer)),
      customerNumber: account.key,
      customerType: account.joint ? '24' : '01',
      customerId: drawer,
      state: 'فعال',
      large: book.sheets > 50,
      issuanceDate: { jalali: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/) },
      account: { iban: account.iban, accountNumber: account.deposit, bank: { code: account.iban.slice(4, 7) } },
    });
    // The account is the book's own: no call beyond the IBAN inquiry for the number and the book inquiry.
    expect(callCounts(h)).toEqual({ oakIbanInquiryGet: 1, creditChequebookInquiryGet: 1 });
  });

  it('lists the account’s book with its leaves as cheques', async () => {
    const res = await h.gql<{ account: { chequebooks: Array<Record<string, unknown>> } }>(
      `{ account(iban: "${account.iban}") { chequebooks { sheets media firstSerial lastSerial issuedOn { jalali } expiresOn { jalali } cheques { sayadId } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).account.chequebooks).toEqual([
      {
        sheets: book.sheets,
        media: book.mediaType,
        firstSerial: String(book.serialFrom),
        lastSerial: String(book.serialFrom + book.sheets - 1),
        issuedOn: { jalali: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/) },
        expiresOn: { jalali: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2}$/) },
        cheques: book.sayadIds.map((id) => ({ sayadId: id })),
      },
    ]);
  });
});
