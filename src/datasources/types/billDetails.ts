import type { BillSummary } from './bills.js';

type Kind = 'text' | 'rial' | 'count' | 'date';

/** Keys of the detailed inquiry's `Info` block (wire facts §4.4) and the field each becomes. */
export const BILL_INFO_FIELDS = {
  CompanyName: ['companyName', 'text'],
  CustomerName: ['customerName', 'text'],
  CustomerFamily: ['customerFamily', 'text'],
  CustomerType: ['customerType', 'text'],
  Address: ['address', 'text'],
  PostalCode: ['postalCode', 'text'],
  FileNumber: ['fileNumber', 'text'],
  ComputerPassword: ['computerPassword', 'text'],
  IdentificationNumber: ['identificationNumber', 'text'],
  TariffType: ['tariffType', 'text'],
  Phase: ['phase', 'text'],
  Amper: ['ampere', 'text'],
  VoltageType: ['voltageType', 'text'],
  ContractDemand: ['contractDemand', 'text'],
  Year: ['year', 'text'],
  Period: ['period', 'text'],
  PreviousReadingDate: ['previousReadingDate', 'date'],
  CurrentReadingDate: ['currentReadingDate', 'date'],
  BillExportationDate: ['issuedOn', 'date'],
  RejectDate: ['rejectDate', 'date'],
  NormalConsumption: ['normalConsumption', 'text'],
  PeakConsumption: ['peakConsumption', 'text'],
  LowConsumption: ['lowConsumption', 'text'],
  FridayConsumption: ['fridayConsumption', 'text'],
  ReactiveConsumption: ['reactiveConsumption', 'text'],
  DemandRead: ['demandRead', 'text'],
  AverageConsumption: ['averageConsumption', 'text'],
  BillPayableAmount: ['payableAmount', 'rial'],
  PeriodAmount: ['periodAmount', 'rial'],
  InsuranceAmount: ['insuranceAmount', 'rial'],
  TaxAmount: ['taxAmount', 'rial'],
  PaytollAmount: ['tollAmount', 'rial'],
  ElectricityTaxAmount: ['electricityTaxAmount', 'rial'],
  PreviousDebt: ['previousDebt', 'rial'],
  EnergyAmount: ['energyAmount', 'rial'],
  ReactiveAmount: ['reactiveAmount', 'rial'],
  DemandAmount: ['demandAmount', 'rial'],
  SubscriptionAmount: ['subscriptionAmount', 'rial'],
  SeasonAmount: ['seasonAmount', 'rial'],
  FreeAmount: ['freeAmount', 'rial'],
  GasDiscountAmount: ['gasDiscountAmount', 'rial'],
  DiscountAmount: ['discountAmount', 'rial'],
  WarmDaysCount: ['warmDaysCount', 'count'],
  ColdDaysCount: ['coldDaysCount', 'count'],
  TotalDaysCount: ['totalDaysCount', 'count'],
  ConsumptionDebtAmount: ['consumptionDebtAmount', 'rial'],
  OtherDebtAmount: ['otherDebtAmount', 'rial'],
  BranchDebtAmount: ['branchDebtAmount', 'rial'],
} as const satisfies Record<string, readonly [string, Kind]>;

type Fields = typeof BILL_INFO_FIELDS;
type ValueOf<K extends Kind> = K extends 'count' ? number | null : string | null;

/** The detailed inquiry: the summary plus every Info field, typed. Dates stay Persian `YYYY/MM/DD`. */
export type BillDetailsRecord = BillSummary & {
  readonly [K in keyof Fields as Fields[K][0]]: ValueOf<Fields[K][1]>;
};
