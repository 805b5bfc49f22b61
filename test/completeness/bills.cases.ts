import { eventually } from '../helpers/eventually.js';
import type { Harness } from '../helpers/harness.js';
import { dataOf } from '../helpers/responses.js';
import { samples } from '../helpers/samples.js';
import type { DocumentedOperation } from './support.js';

/** A water bill (every detail field carries a value) and an Irancell mobile, the one that needs its operator. */
const WATER = `type: WATER, parameter: "${samples.waterBillId}"`;
const MOBILE = `type: MOBILE, parameter: "${samples.mtnMobile}", secondParameter: MTN`;
const SUMMARY = 'amount billId paymentId dueDate { jalali }';
const DETAILS =
  'companyName customerName customerFamily customerType address postalCode fileNumber computerPassword identificationNumber tariffType phase ampere voltageType contractDemand year period previousReadingDate { jalali } currentReadingDate { jalali } issuedOn { jalali } rejectDate { jalali } normalConsumption peakConsumption lowConsumption fridayConsumption reactiveConsumption demandRead averageConsumption payableAmount periodAmount insuranceAmount taxAmount tollAmount electricityTaxAmount previousDebt energyAmount reactiveAmount demandAmount subscriptionAmount seasonAmount freeAmount gasDiscountAmount discountAmount warmDaysCount coldDaysCount totalDaysCount consumptionDebtAmount otherDebtAmount branchDebtAmount';

const START = `mutation($input: BillInquiryInput!) { startBillInquiry(input: $input) { id status request { type parameter operator } } }`;
const JOB = `query($id: ID!) {
  job(id: $id) { id status failure { code message } ... on BillInquiryJob { bill { ${SUMMARY} } } }
}`;

interface Started {
  startBillInquiry: { id: string; status: string };
}
interface Job {
  job: { status: string };
}

/** Starts an asynchronous inquiry and waits until the job is final; gives the start's and the final job's data. */
async function settledInquiry(h: Harness, input: Record<string, string>): Promise<[Started, Job]> {
  const started = dataOf(await h.gql<Started>(START, { input }));
  const id = started.startBillInquiry.id;
  const settled = await eventually(
    async () => {
      const job = dataOf(await h.gql<Job>(JOB, { id }));
      return job.job.status === 'PENDING' ? undefined : job;
    },
    { what: 'the bill inquiry job to settle', timeoutMs: 10_000 },
  );
  return [started, settled];
}

/** A Water bill that succeeds, an Irancell bill (its operator sent), and a landline the upstream fails. */
const inquiries = async (h: Harness) => [
  ...(await settledInquiry(h, { type: 'WATER', parameter: samples.waterBillId })),
  ...(await settledInquiry(h, { type: 'MOBILE', parameter: samples.mtnMobile, secondParameter: 'MTN' })),
  ...(await settledInquiry(h, { type: 'TEL', parameter: samples.landlineWithUnknownAreaCode })),
];

export const billOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'billingInquiryCcGet',
    run: async (h) => [
      dataOf(await h.gql(`{ bill(${WATER}) { ${SUMMARY} } }`)),
      dataOf(await h.gql(`{ bill(${MOBILE}) { operator ${SUMMARY} } }`)),
    ],
    inputs: ['type', 'parameter', 'secondParameter'],
    fields: {
      Amount: 'bill.amount',
      BillId: 'bill.billId',
      PayId: 'bill.paymentId',
      Date: 'bill.dueDate.jalali',
    },
  },
  {
    operationId: 'billingDetailInquiryCcGet',
    run: async (h) => dataOf(await h.gql(`{ bill(${WATER}) { details { ${SUMMARY} ${DETAILS} } } }`)),
    inputs: ['type', 'parameter'],
    fields: {
      Amount: 'bill.details.amount',
      BillId: 'bill.details.billId',
      PayId: 'bill.details.paymentId',
      Date: 'bill.details.dueDate.jalali',
      'Info.CompanyName': 'bill.details.companyName',
      'Info.CustomerName': 'bill.details.customerName',
      'Info.CustomerFamily': 'bill.details.customerFamily',
      'Info.CustomerType': 'bill.details.customerType',
      'Info.Address': 'bill.details.address',
      'Info.PostalCode': 'bill.details.postalCode',
      'Info.FileNumber': 'bill.details.fileNumber',
      'Info.ComputerPassword': 'bill.details.computerPassword',
      'Info.IdentificationNumber': 'bill.details.identificationNumber',
      'Info.TariffType': 'bill.details.tariffType',
      'Info.Phase': 'bill.details.phase',
      'Info.Amper': 'bill.details.ampere',
      'Info.VoltageType': 'bill.details.voltageType',
      'Info.ContractDemand': 'bill.details.contractDemand',
      'Info.Year': 'bill.details.year',
      'Info.Period': 'bill.details.period',
      'Info.PreviousReadingDate': 'bill.details.previousReadingDate.jalali',
      'Info.CurrentReadingDate': 'bill.details.currentReadingDate.jalali',
      'Info.BillExportationDate': 'bill.details.issuedOn.jalali',
      'Info.RejectDate': 'bill.details.rejectDate.jalali',
      'Info.NormalConsumption': 'bill.details.normalConsumption',
      'Info.PeakConsumption': 'bill.details.peakConsumption',
      'Info.LowConsumption': 'bill.details.lowConsumption',
      'Info.FridayConsumption': 'bill.details.fridayConsumption',
      'Info.ReactiveConsumption': 'bill.details.reactiveConsumption',
      'Info.DemandRead': 'bill.details.demandRead',
      'Info.AverageConsumption': 'bill.details.averageConsumption',
      'Info.BillPayableAmount': 'bill.details.payableAmount',
      'Info.PeriodAmount': 'bill.details.periodAmount',
      'Info.InsuranceAmount': 'bill.details.insuranceAmount',
      'Info.TaxAmount': 'bill.details.taxAmount',
      'Info.PaytollAmount': 'bill.details.tollAmount',
      'Info.ElectricityTaxAmount': 'bill.details.electricityTaxAmount',
      'Info.PreviousDebt': 'bill.details.previousDebt',
      'Info.EnergyAmount': 'bill.details.energyAmount',
      'Info.ReactiveAmount': 'bill.details.reactiveAmount',
      'Info.DemandAmount': 'bill.details.demandAmount',
      'Info.SubscriptionAmount': 'bill.details.subscriptionAmount',
      'Info.SeasonAmount': 'bill.details.seasonAmount',
      'Info.FreeAmount': 'bill.details.freeAmount',
      'Info.GasDiscountAmount': 'bill.details.gasDiscountAmount',
      'Info.DiscountAmount': 'bill.details.discountAmount',
      'Info.WarmDaysCount': 'bill.details.warmDaysCount',
      'Info.ColdDaysCount': 'bill.details.coldDaysCount',
      'Info.TotalDaysCount': 'bill.details.totalDaysCount',
      'Info.ConsumptionDebtAmount': 'bill.details.consumptionDebtAmount',
      'Info.OtherDebtAmount': 'bill.details.otherDebtAmount',
      'Info.BranchDebtAmount': 'bill.details.branchDebtAmount',
    },
  },
  {
    operationId: 'billingBillHistoryInquiryGet',
    run: async (h) => dataOf(await h.gql(`{ bill(${WATER}) { parameter history { ${SUMMARY} paidOn { jalali } } } }`)),
    inputs: ['type', 'parameter'],
    fields: {
      // The bill id of the subscription whose history it is: for water and electricity, the bill's parameter.
      BillId: 'bill.parameter',
      'Items[].Amount': 'bill.history.amount',
      'Items[].BillId': 'bill.history.billId',
      'Items[].PayId': 'bill.history.paymentId',
      'Items[].Date': 'bill.history.dueDate.jalali',
      'Items[].PaymentDate': 'bill.history.paidOn.jalali',
    },
  },
  {
    operationId: 'billingInquiryRequestSubmit',
    run: inquiries,
    inputs: ['type', 'parameter', 'secondParameter'],
    fields: {
      requestId: {
        notInGraph:
          'the upstream id the subgraph polls the inquiry by; a client follows the job by its own `id` and cannot call the upstream with it',
      },
      status: 'startBillInquiry.status',
    },
  },
  {
    operationId: 'billingInquiryStatusPoll',
    run: inquiries,
    inputs: ['requestId'],
    fields: {
      requestId: {
        notInGraph:
          'the upstream id the subgraph polls the inquiry by; a client follows the job by its own `id` and cannot call the upstream with it',
      },
      status: 'job.status',
      'data.amount': 'job.bill.amount',
      'data.billId': 'job.bill.billId',
      'data.payId': 'job.bill.paymentId',
      'data.date': 'job.bill.dueDate.jalali',
      'error.code': 'job.failure.code',
      'error.message': 'job.failure.message',
    },
  },
];
