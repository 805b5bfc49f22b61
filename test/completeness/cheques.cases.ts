import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { COMPANY_SAMPLES, JOINT_HOLDER, WOMAN, shahabCodeOf } from '../fixtures/sandbox.js';
import { smsConsent, withHandle } from '../consent/support.js';
import { BOOK, DRAWER, DRAWER_ACCOUNT, act, chequeConsents, issueInput, partyOf } from '../cheques/support.js';
import type { Harness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';
import type { DocumentedOperation, Reshaped } from './support.js';

const COMPANY = COMPANY_SAMPLES.active.nationalId;
/** A cheque drawn to WOMAN, to be paid into the drawer's own account. */
const PERSON_CHEQUE = at(BOOK.sayadIds, 0);
/** A bank cheque drawn to a company and JOINT_HOLDER; WOMAN asks as the company's representative. */
const COMPANY_CHEQUE = at(BOOK.sayadIds, 1);

const INQUIRIES: readonly OperationId[] = [
  'creditSmsSayadChequeInquiryGet',
  'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post',
  'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post',
];

interface World {
  /** WOMAN's SMS consent for the three inquiries. */
  readonly handle: string;
}

/**
 * The world of each harness (a file's subgraph and sandbox): another file sharing this module in a
 * worker has a harness, and cheques and consents, of its own.
 */
const worlds = new WeakMap<Harness, Promise<World>>();

/** Issues the two cheques through the graph once per harness, and takes WOMAN's consent for the inquiries. */
function world(h: Harness): Promise<World> {
  let ready = worlds.get(h);
  ready ??= (async () => {
    const { code } = await chequeConsents(h, []);
    const toWoman = await act(
      h,
      'issueCheque',
      issueInput(0, [WOMAN.nationalId], { toIban: DRAWER_ACCOUNT.iban, media: 'PAPER' }),
      code,
    );
    const toCompany = await act(
      h,
      'issueCheque',
      issueInput(1, [], {
        receivers: [
          { id: COMPANY, kind: 'COMPANY', name: COMPANY_SAMPLES.active.title },
          partyOf(JOINT_HOLDER.nationalId),
        ],
        type: 'BANK',
      }),
      code,
    );
    for (const res of [toWoman, toCompany]) {
      if (dataOf(res).issueCheque?.__typename !== 'ChequeActionCompleted') throw new Error(JSON.stringify(res));
    }
    const handle = await smsConsent(
      h.gql,
      WOMAN.nationalId,
      INQUIRIES.map((id) => operation(id).scope),
    );
    return { handle };
  })();
  worlds.set(h, ready);
  return ready;
}

const PARTY = 'idCode kind name';
const VIEW = `view(legalId: $legal) {
  status statusCode amount dueDate { jalali } description serialNumber seriesNumber reason type media locked
  drawerAccount { iban } destinationAccount { iban } holders { ${PARTY} } signers { name legalStamp }
  issuedAt { jalali } bank { code } branchCode currencyCode blockStatusCode guaranteeStatusCode
  lockerBank { code } lockerBranchCode referenceId
}`;

async function inquire(h: Harness, sayadId: string, fields: string, legalId: string | null): Promise<unknown> {
  const { handle } = await world(h);
  h.sandbox.clearCalls();
  return dataOf(
    await h.gql(
      `query($id: String!${legalId ? ', $legal: String' : ''}) { cheque(sayadId: $id) { sayadId ${fields} } }`,
      { id: sayadId, ...(legalId && { legal: legalId }) },
      withHandle(handle),
    ),
  );
}

const DATE = 'the Jalali date YYYYMMDD written YYYY/MM/DD';
const reshaped = (path: string, as: string): Reshaped => ({ path, as });
const date = (path: string): Reshaped => reshaped(`${path}.jalali`, DATE);
const dateTime = (path: string): Reshaped =>
  reshaped(`${path}.jalali`, 'the Jalali date and time YYYYMMDDHHmmss written YYYY/MM/DD HH:mm:ss');
const bankCode = (path: string): Reshaped =>
  reshaped(`${path}.code`, 'the bank code zero-padded to three digits (15 → 015)');
const chequeType = (path: string): Reshaped => reshaped(path, 'the code 1/2/3/4 as the enum NORMAL/BANK/CODED/AD_HOC');
const chequeMedia = (path: string): Reshaped => reshaped(path, 'the code 1/2 as the enum PAPER/DIGITAL');
const partyKind = (path: string): Reshaped =>
  reshaped(path, 'the code 1/2/3/4 as the enum NATURAL/LEGAL/FOREIGN_NATURAL/FOREIGN_LEGAL');
const flag = (path: string): Reshaped => reshaped(path, 'the flag 0/1 as the boolean false/true');

const viewFields = {
  message: { notInGraph: 'the upstream’s fixed success sentence, which says nothing of the cheque' },
  referenceId: 'cheque.view.referenceId',
  sayadId: 'cheque.sayadId',
  branchCode: 'cheque.view.branchCode',
  bankCode: bankCode('cheque.view.bank'),
  amount: 'cheque.view.amount',
  dueDate: date('cheque.view.dueDate'),
  description: 'cheque.view.description',
  serialNo: 'cheque.view.serialNumber',
  seriesNo: 'cheque.view.seriesNumber',
  fromIban: 'cheque.view.drawerAccount.iban',
  toIban: 'cheque.view.destinationAccount.iban',
  reason: 'cheque.view.reason',
  currency: 'cheque.view.currencyCode',
  chequeStatus: 'cheque.view.statusCode',
  chequeType: chequeType('cheque.view.type'),
  chequeMedia: chequeMedia('cheque.view.media'),
  blockStatus: 'cheque.view.blockStatusCode',
  guaranteeStatus: 'cheque.view.guaranteeStatusCode',
  locked: flag('cheque.view.locked'),
  lockerBankCode: 'cheque.view.lockerBank.code',
  lockerBranchCode: 'cheque.view.lockerBranchCode',
  'holders[].idCode': 'cheque.view.holders.idCode',
  'holders[].idType': partyKind('cheque.view.holders.kind'),
  'holders[].name': 'cheque.view.holders.name',
  'signers[].name': 'cheque.view.signers.name',
  'signers[].legalStamp': flag('cheque.view.signers.legalStamp'),
  issueDate: dateTime('cheque.view.issuedAt'),
} as const;

const statusFields = {
  sayadId: 'cheque.sayadId',
  onGoing: 'cheque.statusReport.awaitingAcceptance',
  chequeStatus: 'cheque.statusReport.statusCode',
  'customers[].idCode': 'cheque.statusReport.drawers.idCode',
  'customers[].idType': partyKind('cheque.statusReport.drawers.kind'),
  'customers[].name': 'cheque.statusReport.drawers.name',
} as const;

const chainFields = {
  sayadId: 'cheque.sayadId',
  'chain[].idCode': 'cheque.chain.party.idCode',
  'chain[].idType': partyKind('cheque.chain.party.kind'),
  'chain[].name': 'cheque.chain.party.name',
  'chain[].role': 'cheque.chain.role',
  'chain[].step': 'cheque.chain.step',
  'chain[].date': dateTime('cheque.chain.at'),
} as const;

export const chequeInquiries: readonly DocumentedOperation[] = [
  {
    operationId: 'creditSmsSayadChequeInquiryGet',
    variant: 'a person',
    run: (h) =>
      inquire(
        h,
        PERSON_CHEQUE,
        VIEW.replace('legalId: $legal', `shahabCode: "${shahabCodeOf(WOMAN.nationalId)}"`),
        null,
      ),
    inputs: ['user', 'sayadId', 'idType', 'idCode', 'shahabId'],
    fields: viewFields,
  },
  {
    operationId: 'creditSmsSayadChequeInquiryGet',
    variant: 'a company',
    run: (h) => inquire(h, COMPANY_CHEQUE, VIEW, COMPANY),
    inputs: ['user', 'sayadId', 'idType', 'idCode'],
    fields: viewFields,
  },
  {
    operationId: 'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post',
    variant: 'a person',
    run: (h) => inquire(h, PERSON_CHEQUE, `statusReport { statusCode awaitingAcceptance drawers { ${PARTY} } }`, null),
    inputs: ['sayadId', 'nationalCode', 'idType', 'idCode'],
    fields: statusFields,
  },
  {
    operationId: 'credit_v2_clients_clientId_sms_chequeStatusInquiry_post_inquiry_post',
    variant: 'a company',
    run: (h) =>
      inquire(
        h,
        COMPANY_CHEQUE,
        `statusReport(legalId: $legal) { statusCode awaitingAcceptance drawers { ${PARTY} } }`,
        COMPANY,
      ),
    inputs: ['sayadId', 'nationalCode', 'idType', 'idCode'],
    fields: statusFields,
  },
  {
    operationId: 'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post',
    variant: 'a person',
    run: (h) => inquire(h, PERSON_CHEQUE, `chain(type: NORMAL) { role step at { jalali } party { ${PARTY} } }`, null),
    inputs: ['sayadId', 'chequeType', 'nationalCode', 'idType', 'idCode'],
    fields: chainFields,
  },
  {
    operationId: 'credit_v2_clients_clientId_sms_sayadTransfersChainInquiry_post_inquiry_post',
    variant: 'a company',
    run: (h) =>
      inquire(
        h,
        COMPANY_CHEQUE,
        `chain(legalId: $legal, type: BANK) { role step at { jalali } party { ${PARTY} } }`,
        COMPANY,
      ),
    inputs: ['sayadId', 'chequeType', 'nationalCode', 'idType', 'idCode'],
    fields: chainFields,
  },
  {
    operationId: 'creditCcSayadIssuerInquiryChequePost',
    run: async (h) => {
      await world(h);
      h.sandbox.clearCalls();
      return dataOf(
        await h.gql(
          `query($id: String!, $drawer: ChequeActorInput!) { cheque(sayadId: $id) { sayadId
            drawerReport(drawer: $drawer, callerBranchCode: "0150123") {
              status statusCode amount dueDate { jalali } type media drawerAccount { iban } receivers { ${PARTY} }
              issuedAt { jalali } bank { code } branchCode description serialNumber seriesNumber reason
              currencyCode blockStatusCode guaranteeStatusCode locked referenceId } } }`,
          { id: PERSON_CHEQUE, drawer: { nationalId: DRAWER, shahabCode: shahabCodeOf(DRAWER) } },
        ),
      );
    },
    inputs: ['user', 'sayadId', 'callerBranchCode', 'customerAuthStatus', 'idCode', 'shahabId', 'idType'],
    fields: {
      referenceId: 'cheque.drawerReport.referenceId',
      'inquiryResult.sayadId': 'cheque.sayadId',
      'inquiryResult.amount': 'cheque.drawerReport.amount',
      'inquiryResult.dueDate': date('cheque.drawerReport.dueDate'),
      'inquiryResult.fromIban': 'cheque.drawerReport.drawerAccount.iban',
      'inquiryResult.chequeStatus': 'cheque.drawerReport.statusCode',
      'inquiryResult.chequeType': chequeType('cheque.drawerReport.type'),
      'inquiryResult.chequeMedia': chequeMedia('cheque.drawerReport.media'),
      'inquiryResult.receivers[].idCode': 'cheque.drawerReport.receivers.idCode',
      'inquiryResult.receivers[].idType': partyKind('cheque.drawerReport.receivers.kind'),
      'inquiryResult.receivers[].name': 'cheque.drawerReport.receivers.name',
      'inquiryResult.issueDate': dateTime('cheque.drawerReport.issuedAt'),
      'inquiryResult.branchCode': 'cheque.drawerReport.branchCode',
      'inquiryResult.bankCode': bankCode('cheque.drawerReport.bank'),
      'inquiryResult.description': 'cheque.drawerReport.description',
      'inquiryResult.serialNo': 'cheque.drawerReport.serialNumber',
      'inquiryResult.seriesNo': 'cheque.drawerReport.seriesNumber',
      'inquiryResult.reason': 'cheque.drawerReport.reason',
      'inquiryResult.currency': 'cheque.drawerReport.currencyCode',
      'inquiryResult.blockStatus': 'cheque.drawerReport.blockStatusCode',
      'inquiryResult.guaranteeStatus': 'cheque.drawerReport.guaranteeStatusCode',
      'inquiryResult.locked': flag('cheque.drawerReport.locked'),
    },
  },
  {
    operationId: 'creditSayadSerialInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `query($id: String!) { cheque(sayadId: $id) { sayadId leaf {
            iban account { iban } serialNumber seriesNumber issuedOn { jalali } expiresOn { jalali } media
            branchCode holderName } } }`,
          { id: at(BOOK.sayadIds, 2) },
        ),
      ),
    inputs: ['sayadId'],
    fields: {
      iban: 'cheque.leaf.iban',
      issuedDate: date('cheque.leaf.issuedOn'),
      expirationDate: date('cheque.leaf.expiresOn'),
      serialNo: 'cheque.leaf.serialNumber',
      seriesNo: 'cheque.leaf.seriesNumber',
      mediaType: 'cheque.leaf.media',
      branchCode: 'cheque.leaf.branchCode',
      name: 'cheque.leaf.holderName',
      returnedCheques: {
        notInGraph:
          'documented only as a nullable member, with no type or meaning in any source; the bounced cheques of the book’s holder are Person.bouncedCheques',
      },
    },
  },
  {
    operationId: 'creditSayadIdBySerialGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `query($serial: String!, $series: String!) { chequeLeafBySerial(serialNumber: $serial, seriesNumber: $series) {
            iban account { iban } issuedOn { jalali } expiresOn { jalali } serialNumber seriesNumber sayadId
            cheque { sayadId } media branchCode } }`,
          { serial: String(BOOK.serialFrom + 1), series: BOOK.seriesNo },
        ),
      ),
    inputs: ['serialNo', 'seriesNo'],
    fields: {
      iban: 'chequeLeafBySerial.iban',
      issuedDate: date('chequeLeafBySerial.issuedOn'),
      expirationDate: date('chequeLeafBySerial.expiresOn'),
      serialNo: 'chequeLeafBySerial.serialNumber',
      seriesNo: 'chequeLeafBySerial.seriesNumber',
      sayadId: 'chequeLeafBySerial.sayadId',
      mediaType: 'chequeLeafBySerial.media',
      branchCode: 'chequeLeafBySerial.branchCode',
    },
  },
  {
    operationId: 'creditChequebookInquiryGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          `{ account(iban: "${DRAWER_ACCOUNT.iban}") { chequebooks {
            iban accountNumber branchCode branchName branchCodeAndName deliveryBranchCode customerName customerNumber
            customerType customerId state large issuanceDate { jalali } firstSerial lastSerial sheets media
            issuedOn { jalali } expiresOn { jalali } cheques { sayadId } } } }`,
        ),
      ),
    inputs: ['deposit'],
    fields: {
      'chequeDetails[].accountNo': 'account.chequebooks.accountNumber',
      'chequeDetails[].branchCode': 'account.chequebooks.branchCode',
      'chequeDetails[].branchName': 'account.chequebooks.branchName',
      'chequeDetails[].branchCodeAndName': 'account.chequebooks.branchCodeAndName',
      'chequeDetails[].deliveryBranchCode': 'account.chequebooks.deliveryBranchCode',
      'chequeDetails[].approvedDate': 'account.chequebooks.issuedOn.jalali',
      'chequeDetails[].customerName': 'account.chequebooks.customerName',
      'chequeDetails[].customerNo': 'account.chequebooks.customerNumber',
      'chequeDetails[].customerType': 'account.chequebooks.customerType',
      'chequeDetails[].nationalCode': 'account.chequebooks.customerId',
      'chequeDetails[].expireDate': date('account.chequebooks.expiresOn'),
      'chequeDetails[].isABunch': 'account.chequebooks.large',
      'chequeDetails[].issuanceDate': date('account.chequebooks.issuanceDate'),
      'chequeDetails[].mediaType': 'account.chequebooks.media',
      'chequeDetails[].serialNoFrom': 'account.chequebooks.firstSerial',
      'chequeDetails[].serialNoTo': 'account.chequebooks.lastSerial',
      'chequeDetails[].serialNumbers': reshaped(
        'account.chequebooks.cheques.sayadId',
        'the comma-separated Sayad ids as a list of cheques, one Sayad id each',
      ),
      'chequeDetails[].iban': 'account.chequebooks.iban',
      'chequeDetails[].sheetCount': 'account.chequebooks.sheets',
      'chequeDetails[].stateDescription': 'account.chequebooks.state',
    },
  },
];
