/**
 * Every operation whose documentation page prints a sample answer is replayed from that sample, verbatim
 * (apart from the corrections its fixture lists), through the subgraph, and read right:
 * each field of the sample shows its value at its place in the graph (`test/completeness/` maps the
 * places), or the difference is explained below. The flows the completeness cases do not drive from
 * samples alone have tests of their own.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/datasources/upstream/operations.js';
import { sampleCoverage } from '../fixtures/documentedSamples/sample.js';
import { SANDBOX_OTP, TRANSACTION_CREDIT_SAMPLES, personOf } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { dataOf } from '../helpers/responses.js';
import type { DocumentedOperation } from '../completeness/support.js';
import { misreadings, sampleResult, SAMPLE_INBOX_NUMBER, SAMPLES, useReplay } from './support.js';

const h = useReplay();

const ASKED =
  'the sample answers of someone or something else than what the case asks of its sandbox; the graph keeps the key asked';
const BANK_LIST =
  'the graph names a bank by its code from the bank list (facilityBanksInfoGet), whose sample lists two banks only';
const BLANK = 'a blank or placeholder the upstream writes for no value, read as none';
const NOT_AN_IBAN = 'a placeholder that fails the IBAN check digits: no account is linked from it';

/** Fields of a sample whose value the graph rightly does not show at the case's place, and why. */
const EXPLAINED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  billingNegativeScoreGet: { Rule: 'written `-` for no rule, read as none' },
  creditCcSayadIssuerInquiryChequePost: {
    'inquiryResult.sayadId': ASKED,
    'inquiryResult.dueDate': `${BLANK} (\`00000000\` is no date)`,
    'inquiryResult.fromIban': NOT_AN_IBAN,
  },
  creditGuaranteeCollateralsGet: {
    guaranteeId: ASKED,
    'collaterals[].interestRate': 'a rate written with leading zeros (`000.21`), read as the number',
  },
  creditGuaranteeDetailsGet: { renewDate: BLANK, companyPreDebtAmount: BLANK, lastRenewChargeAmount: BLANK },
  creditMacnaInquiryGet: { '[].nationalCode': ASKED, '[].history[].bankName': BANK_LIST },
  creditSayadSerialInquiryGet: { expirationDate: `${BLANK} (the text \`null\`)` },
  creditSmsBackChequesGet: { nid: ASKED, 'chequeList[].bankCode': 'the bank code made three digits (`18` → `018`)' },
  creditSmsFacilityInquiryGet: { user: ASKED, 'facilityList[].FacilityMoratoriumDate': `${BLANK} (\`0\`)` },
  creditSmsGuarantyInquiryGet: { guarantyNationalCode: ASKED, 'debtorList[].guarantyIdNumber': ASKED },
  creditSmsSayadChequeInquiryGet: { sayadId: ASKED, fromIban: NOT_AN_IBAN },
  facilityCardToDepositGet: {
    name: 'the card’s holder is read from the card inquiry (mpgCardInformationGet), whose sample names another person',
  },
  facilityCardToIbanGet: { card: ASKED, bankName: BANK_LIST },
  facilityDepositInfoGet: { bankName: BANK_LIST },
  facilityDepositOwnerVerificationGet: { deposit: ASKED },
  facilityDepositToIbanGet: { bankName: BANK_LIST },
  kycSmsNidVerificationGet: Object.fromEntries(
    ['nationalCode', 'birthDate', 'fullName', 'firstName', 'lastName', 'fatherName'].map((field) => [
      field,
      `${ASKED}: the upstream echoes the claims it was sent, and the graph shows the claims the case sent`,
    ]),
  ),
  kycThirdPartyInsuranceInquiryGet: {
    fnCvrCptl: 'a second, zero, financial cover: the graph gives `financialCvrCptl`',
    lfCvrCptl: 'a second, zero, life cover: the graph gives `lifeCvrCptl`',
    prsnCvrCptl: 'a second, zero, personal cover: the graph gives `personCvrCptl`',
    mtrNum: 'the insurer’s engine number; the graph gives the registry’s (`engineNumberField`)',
  },
  mpgCardInformationGet: { bankName: BANK_LIST },
  oakBlacklistInquiryGet: { nid: ASKED },
  oakIbanInquiryGet: { IBAN: ASKED, bankName: BANK_LIST },
  oakShahabInquiryGet: { nid: ASKED },
  oakSmsShahabInquiryGet: { nid: ASKED },
  oakTransferToDepositPost: {
    message: `${BLANK} (a space)`,
    transactionId: 'the bank’s own identifiers, read for Pasargad accounts (the case of a Pasargad source)',
    endToEndId: 'the bank’s own identifiers, read for Pasargad accounts (the case of a Pasargad source)',
  },
  vehicleActivePlateNumbersGet: { 'plateNumbers[].nationalId': `${BLANK} (\`-\`)` },
  vehicleTrafficTollInquiryGet: { plateNumber: ASKED },
};

/**
 * Cases whose question the sample cannot answer as asked, asked instead as the sample answers: the
 * conversion's sample is an account of Sepah, and an IBAN of another bank than the one asked is refused.
 */
const ASKED_AS_THE_SAMPLE: Readonly<Record<string, (h: ReturnType<typeof useReplay>) => Promise<unknown>>> = {
  facilityDepositToIbanGet: async (h) =>
    dataOf(
      await h.gql(`{ accountByNumber(bankCode: "015", accountNumber: "1071333715508") {
        iban accountNumber status bank { name } holders { fullName } } }`),
    ),
};

/**
 * Operations a case's flow reaches only through a step whose sample names nothing fit for it: that step is
 * answered by the sandbox behind the stand-in, the operation replayed still from its sample.
 */
const FROM_THE_SANDBOX: Readonly<Record<string, { readonly steps: readonly string[]; readonly why: string }>> = {
  billingTrafficOffenseImageGet: {
    steps: ['billingDrivingOffenseGet'],
    why: 'an image is asked only for an offense that has one, and the offense sample’s has none (`hasImage: false`)',
  },
  facilityGetAccountInfoGet: {
    steps: ['facilityDepositToIbanGet'],
    why: 'an account found by its number is first converted to its IBAN, whose sample is a Sepah account, and the holder details are read for Ayandeh accounts only',
  },
};

/** Operations with a sample replayed by a test of their own below (the call log's beside, in callLog.test.ts), not by their completeness case. */
const OWN_TESTS = new Set([
  'devWagesGet',
  'oakBalanceGet',
  'facilityReceiveSmsGet',
  'kycTransactionCreditInquiryRequestGet',
  'kycTransactionCreditInquiryVerifyPost',
  'kycTransactionCreditInquiryReportGet',
  'facilityFinnotextPost',
  'facilityFinnotextInquiryGet',
]);

const completenessCases: DocumentedOperation[] = await (async () => {
  const folder = new URL('../completeness/', import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.cases.ts'));
  const modules = await Promise.all(
    files.map((name) => import(new URL(name, folder).href) as Promise<Record<string, unknown>>),
  );
  return modules.flatMap((module) => Object.values(module).filter(Array.isArray).flat() as DocumentedOperation[]);
})();

const nameOf = (documented: DocumentedOperation) =>
  documented.variant ? `${documented.operationId} (${documented.variant})` : documented.operationId;

describe('the documentation’s samples', () => {
  it('cover the catalog: each operation has a sample, or its page has none, or it has no page', () => {
    const { pageWithoutSample, noPage } = sampleCoverage();
    const accounted = [...SAMPLES.keys(), ...Object.keys(pageWithoutSample), ...noPage].sort();
    expect(accounted).toEqual([...operations.keys()].sort());
  });

  it('are each replayed, by a completeness case or a test of their own', () => {
    const byCase = new Set(completenessCases.map((documented) => documented.operationId));
    expect([...SAMPLES.keys()].filter((id) => !byCase.has(id) && !OWN_TESTS.has(id))).toEqual([]);
  });
});

describe('each sample, read by its operation’s completeness case', () => {
  for (const documented of completenessCases) {
    const id = documented.operationId;
    if (!SAMPLES.has(id) || OWN_TESTS.has(id)) continue;
    const name = nameOf(documented);
    it(`${name} reads its sample right`, async () => {
      h.upstream.clearCalls();
      const restore = h.upstream.forward(FROM_THE_SANDBOX[id]?.steps ?? []);
      try {
        const data = await (ASKED_AS_THE_SAMPLE[id] ?? documented.run)(h);
        expect(h.upstream.calls(id).length, `${id} answered from its sample`).toBeGreaterThan(0);
        const allowed = new Set(Object.keys(EXPLAINED[id] ?? {}));
        expect(misreadings(documented, sampleResult(id), data, allowed)).toEqual([]);
      } finally {
        restore();
      }
    });
  }
});

describe('the three samples of the transaction credit inquiry', () => {
  it('give the inquiry id and the report’s verdict, its sentence as written', async () => {
    h.upstream.clearCalls();
    const nationalId = TRANSACTION_CREDIT_SAMPLES.clean;
    const started = dataOf(
      await h.gql<{ startTransactionCreditInquiry: { checkId: string } }>(
        `mutation($n: String!, $m: String!) { startTransactionCreditInquiry(input: { nationalId: $n, mobile: $m }) { checkId } }`,
        { n: nationalId, m: personOf(nationalId).mobile },
      ),
    );
    const verified = dataOf(
      await h.gql<{ verifyTransactionCreditInquiry: unknown }>(
        `mutation($c: ID!, $o: String!) { verifyTransactionCreditInquiry(input: { checkId: $c, otp: $o }) {
          __typename ... on TransactionCreditInquiryVerified { inquiryId report { inquiryId verdict message } } } }`,
        { c: started.startTransactionCreditInquiry.checkId, o: SANDBOX_OTP },
      ),
    );
    const { inquiryTrackId } = sampleResult('kycTransactionCreditInquiryVerifyPost') as { inquiryTrackId: string };
    const { message } = sampleResult('kycTransactionCreditInquiryReportGet') as { message: string };
    expect(verified.verifyTransactionCreditInquiry).toEqual({
      __typename: 'TransactionCreditInquiryVerified',
      inquiryId: inquiryTrackId,
      // "… در قوه قضائیه احراز شده است \n در مورد این شخص،سابقه منفی یافت نشد": verified, no negative record.
      report: { inquiryId: inquiryTrackId, verdict: 'NO_NEGATIVE_RECORD', message },
    });
    expect(
      [
        'kycTransactionCreditInquiryRequestGet',
        'kycTransactionCreditInquiryVerifyPost',
        'kycTransactionCreditInquiryReportGet',
      ].map((id) => h.upstream.calls(id).length),
    ).toEqual([1, 1, 1]);
    expect(h.upstream.calls('kycTransactionCreditInquiryReportGet')[0]?.query['inquiryTrackId']).toBe(inquiryTrackId);
  });
});

const FROM_NUMBER = SAMPLE_INBOX_NUMBER;
const SMS_JOB = `query($id: ID!) { job(id: $id) { status ... on SmsDeliveryJob {
  delivery { numberOfRecords numberOfParts recipients { to status code final } } } } }`;

interface SmsJob {
  job: {
    status: string;
    delivery: {
      numberOfRecords: number | null;
      numberOfParts: number | null;
      recipients: Array<{ to: string; status: string; code: number | null; final: boolean }>;
    } | null;
  } | null;
}

/** Sends one text to each of `mobiles` and follows the job until it settles; the job as it settled. */
async function sendAndSettle(mobiles: readonly string[]): Promise<NonNullable<SmsJob['job']>> {
  const sent = dataOf(
    await h.gql<{ sendSms: { id: string } }>(`mutation($input: SendSmsInput!) { sendSms(input: $input) { id } }`, {
      input: {
        from: FROM_NUMBER,
        idempotencyKey: randomUUID(),
        messages: mobiles.map((to) => ({ to, text: 'پیام آزمایشی' })),
      },
    }),
  );
  return eventually(
    async () => {
      const job = dataOf(await h.gql<SmsJob>(SMS_JOB, { id: sent.sendSms.id })).job;
      return job && job.status !== 'PENDING' ? job : undefined;
    },
    { what: 'the SMS job settled' },
  );
}

describe('the samples of an SMS send and its masked delivery report', () => {
  it('match the masked lines to the recipients by order and count', async () => {
    const mobiles = ['09121111111', '09122222222'];
    const job = await sendAndSettle(mobiles);
    // The report's lines: `+9891********` code 24 (delivered), `+091********` code 10 (failed).
    expect(job.delivery).toEqual({
      numberOfRecords: 2,
      numberOfParts: 3,
      recipients: [
        { to: mobiles[0], status: 'DELIVERED', code: 24, final: true },
        { to: mobiles[1], status: 'FAILED', code: 10, final: true },
      ],
    });
  });

  it('fail every recipient as unmatched when the masks fit none of them', async () => {
    const mobiles = ['09351111111', '09352222222'];
    const job = await sendAndSettle(mobiles);
    expect(job.delivery?.recipients).toEqual(
      mobiles.map((to) => ({ to, status: 'UNMATCHED', code: null, final: true })),
    );
    // Every recipient is final (UNMATCHED, never guessed), so the job ends as every settled send does.
    expect(job.status).toBe('SUCCESS');
  });
});

describe('the sample of the inbound SMS read', () => {
  it('gives each message to the number it was sent to, with its sender, text and time', async () => {
    const messages = (
      sampleResult('facilityReceiveSmsGet') as {
        data: Array<{
          sourceAddress: string;
          destinationAddress: string;
          messageText: string;
          receiveDateTime: string;
        }>;
      }
    ).data;
    const nodes = await eventually(
      async () => {
        const page = dataOf(
          await h.gql<{ inboundSms: { nodes: Array<{ from: string; to: string; text: string; receivedAt: string }> } }>(
            `query($n: String!) { inboundSms(destinationNumber: $n, first: 10) { nodes { from to text receivedAt } } }`,
            { n: SAMPLE_INBOX_NUMBER },
          ),
        );
        return page.inboundSms.nodes.length >= messages.length ? page.inboundSms.nodes : undefined;
      },
      { what: 'the sample’s messages polled' },
    );
    expect(nodes.map(({ text }) => text)).toEqual(messages.map(({ messageText }) => messageText));
    expect(nodes.map(({ to }) => to)).toEqual(messages.map(({ destinationAddress }) => destinationAddress));
    expect(nodes.map(({ receivedAt }) => Date.parse(receivedAt))).toEqual(
      messages.map(({ receiveDateTime }) => Date.parse(receiveDateTime)),
    );
    for (const [i, node] of nodes.entries())
      expect(node.from.replace(/\D/g, '').slice(-10)).toBe(messages[i]?.sourceAddress.slice(-10));
  });
});

describe('the sample of an account’s balance', () => {
  it('is read for an account the consent lists, found through the sandbox', async () => {
    const documented = completenessCases.find((candidate) => candidate.operationId === 'oakBalanceGet');
    if (!documented) throw new Error('no completeness case of oakBalanceGet');
    // The IBAN inquiry's sample names another account than any the consent lists.
    const restore = h.upstream.forward(['oakIbanInquiryGet']);
    try {
      h.upstream.clearCalls();
      const data = await documented.run(h);
      expect(h.upstream.calls('oakBalanceGet').length).toBeGreaterThan(0);
      expect(misreadings(documented, sampleResult('oakBalanceGet'), data, new Set())).toEqual([]);
    } finally {
      restore();
    }
  });
});
