/** The billing group's bill answers (`/billing`), as the upstream writes them. */
import { z } from 'zod';
import { upstreamBillType, upstreamOperator } from '../../validation/bills.js';
import { count, list, optionalRecord, record, rial, text } from '../shared/shapes.js';
import type { BillQuery, BillSummary } from '../types/bills.js';

/** The query parameters of a bill inquiry: the upstream's bill type, the bill id or phone number, and the operator. */
export function billQueryParameters(query: BillQuery): { type: string; parameter: string; secondParameter?: string } {
  return {
    type: upstreamBillType(query.type),
    parameter: query.parameter,
    ...(query.operator && { secondParameter: upstreamOperator(query.operator) }),
  };
}

/** The four members every bill answer carries (PascalCase; the asynchronous inquiry spells them otherwise). */
const summaryMembers = { Amount: rial, BillId: text, PayId: text, Date: text };
const Summary = record(summaryMembers);

/** Our summary of a bill from the four members every bill answer carries. */
export function billSummary(r: z.output<typeof Summary>): BillSummary {
  return { amount: r.Amount, billId: r.BillId, paymentId: r.PayId, dueDate: r.Date };
}

/**
 * The detailed inquiry's `Info` block (wire facts §4.4) under our field names (`BILL_INFO_FIELDS`); each bill
 * type fills some of it. An absent or null block reads as an empty one. Dates stay Persian `YYYY/MM/DD`.
 */
const BillInfo = z
  .preprocess(
    (info) => info ?? {},
    record({
      CompanyName: text,
      CustomerName: text,
      CustomerFamily: text,
      CustomerType: text,
      Address: text,
      PostalCode: text,
      FileNumber: text,
      ComputerPassword: text,
      IdentificationNumber: text,
      TariffType: text,
      Phase: text,
      Amper: text,
      VoltageType: text,
      ContractDemand: text,
      Year: text,
      Period: text,
      PreviousReadingDate: text,
      CurrentReadingDate: text,
      BillExportationDate: text,
      RejectDate: text,
      NormalConsumption: text,
      PeakConsumption: text,
      LowConsumption: text,
      FridayConsumption: text,
      ReactiveConsumption: text,
      DemandRead: text,
      AverageConsumption: text,
      BillPayableAmount: rial,
      PeriodAmount: rial,
      InsuranceAmount: rial,
      TaxAmount: rial,
      PaytollAmount: rial,
      ElectricityTaxAmount: rial,
      PreviousDebt: rial,
      EnergyAmount: rial,
      ReactiveAmount: rial,
      DemandAmount: rial,
      SubscriptionAmount: rial,
      SeasonAmount: rial,
      FreeAmount: rial,
      GasDiscountAmount: rial,
      DiscountAmount: rial,
      WarmDaysCount: count,
      ColdDaysCount: count,
      TotalDaysCount: count,
      ConsumptionDebtAmount: rial,
      OtherDebtAmount: rial,
      BranchDebtAmount: rial,
    }),
  )
  .transform((info) => ({
    companyName: info.CompanyName,
    customerName: info.CustomerName,
    customerFamily: info.CustomerFamily,
    customerType: info.CustomerType,
    address: info.Address,
    postalCode: info.PostalCode,
    fileNumber: info.FileNumber,
    computerPassword: info.ComputerPassword,
    identificationNumber: info.IdentificationNumber,
    tariffType: info.TariffType,
    phase: info.Phase,
    ampere: info.Amper,
    voltageType: info.VoltageType,
    contractDemand: info.ContractDemand,
    year: info.Year,
    period: info.Period,
    previousReadingDate: info.PreviousReadingDate,
    currentReadingDate: info.CurrentReadingDate,
    issuedOn: info.BillExportationDate,
    rejectDate: info.RejectDate,
    normalConsumption: info.NormalConsumption,
    peakConsumption: info.PeakConsumption,
    lowConsumption: info.LowConsumption,
    fridayConsumption: info.FridayConsumption,
    reactiveConsumption: info.ReactiveConsumption,
    demandRead: info.DemandRead,
    averageConsumption: info.AverageConsumption,
    payableAmount: info.BillPayableAmount,
    periodAmount: info.PeriodAmount,
    insuranceAmount: info.InsuranceAmount,
    taxAmount: info.TaxAmount,
    tollAmount: info.PaytollAmount,
    electricityTaxAmount: info.ElectricityTaxAmount,
    previousDebt: info.PreviousDebt,
    energyAmount: info.EnergyAmount,
    reactiveAmount: info.ReactiveAmount,
    demandAmount: info.DemandAmount,
    subscriptionAmount: info.SubscriptionAmount,
    seasonAmount: info.SeasonAmount,
    freeAmount: info.FreeAmount,
    gasDiscountAmount: info.GasDiscountAmount,
    discountAmount: info.DiscountAmount,
    warmDaysCount: info.WarmDaysCount,
    coldDaysCount: info.ColdDaysCount,
    totalDaysCount: info.TotalDaysCount,
    consumptionDebtAmount: info.ConsumptionDebtAmount,
    otherDebtAmount: info.OtherDebtAmount,
    branchDebtAmount: info.BranchDebtAmount,
  }));

/** `billingInquiryCcGet`. */
export const BillAnswer = Summary;

/** `billingDetailInquiryCcGet`: the summary and the `Info` block. */
export const BillDetailsAnswer = record({ ...summaryMembers, Info: BillInfo });

/** `billingBillHistoryInquiryGet`. */
export const BillHistoryAnswer = record({ Items: list(record({ ...summaryMembers, PaymentDate: text })) });

/** `billingInquiryRequestSubmit`: the requestId to poll by (required). */
export const BillInquirySubmitAnswer = record({ requestId: text });

/**
 * `billingInquiryStatusPoll`: `PENDING`, `SUCCESS` with the bill under `data` (lower-camel names), or
 * `FAILED` with an optional `error` block (a falsy one counts as absent); any other status is unreadable.
 */
export const BillInquiryStatusAnswer = z.discriminatedUnion('status', [
  record({ status: z.literal('PENDING') }),
  record({ status: z.literal('SUCCESS'), data: record({ amount: rial, billId: text, payId: text, date: text }) }),
  record({
    status: z.literal('FAILED'),
    error: z.preprocess((error) => error || null, optionalRecord({ code: text, message: text })),
  }),
]);
