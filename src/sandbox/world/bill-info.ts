/** The `Info` block of detailBillingInquiry (wire facts §4.4), read off a utility account. */
import { formatSlashed } from '../calendar.js';
import type { UtilityAccount, UtilityKind } from './utilities.js';

const COMPANY_NAME: Record<UtilityKind, (province: string) => string> = {
  water: (p) => `شرکت آب و فاضلاب استان ${p}`,
  electricity: (p) => `شرکت توزیع نیروی برق استان ${p}`,
  'backup-electricity': (p) => `شرکت توزیع نیروی برق استان ${p}`,
  gas: (p) => `شرکت گاز استان ${p}`,
};

export const INFO_KEYS = [
  'CompanyName', 'CustomerName', 'CustomerFamily', 'CustomerType', 'Address', 'PostalCode', 'FileNumber', 'ComputerPassword',
  'IdentificationNumber', 'TariffType', 'Phase', 'Amper', 'VoltageType', 'ContractDemand', 'Year', 'Period', 'PreviousReadingDate',
  'CurrentReadingDate', 'BillExportationDate', 'RejectDate', 'NormalConsumption', 'PeakConsumption', 'LowConsumption',
  'FridayConsumption', 'ReactiveConsumption', 'DemandRead', 'AverageConsumption', 'BillPayableAmount', 'PeriodAmount',
  'InsuranceAmount', 'TaxAmount', 'PaytollAmount', 'ElectricityTaxAmount', 'PreviousDebt', 'EnergyAmount', 'ReactiveAmount',
  'DemandAmount', 'SubscriptionAmount', 'SeasonAmount', 'FreeAmount', 'GasDiscountAmount', 'DiscountAmount', 'WarmDaysCount',
  'ColdDaysCount', 'TotalDaysCount', 'ConsumptionDebtAmount', 'OtherDebtAmount', 'BranchDebtAmount',
] as const;
export type BillInfo = Record<(typeof INFO_KEYS)[number], string>;

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

/** The `Info` block of detailBillingInquiry: every key present, '' where it does not apply. */
export function billInfo(account: UtilityAccount, identificationNumber?: string): BillInfo {
  const { profile, current } = account;
  const { usage, charges } = current;
  const electric = profile.kind === 'electricity' || profile.kind === 'backup-electricity';
  const seasonal = electric || profile.kind === 'gas';
  return {
    CompanyName: COMPANY_NAME[profile.kind](profile.province.name),
    CustomerName: profile.customer.firstName,
    CustomerFamily: profile.customer.lastName,
    CustomerType: profile.commercial ? 'تجاری' : 'خانگی',
    Address: profile.address,
    PostalCode: profile.postalCode,
    FileNumber: profile.fileNumber,
    ComputerPassword: profile.computerPassword,
    IdentificationNumber: identificationNumber ?? profile.identificationNumber,
    TariffType: profile.commercial ? 'تجاری' : profile.kind === 'water' ? 'مسکونی' : 'خانگی',
    Phase: electric ? (profile.commercial ? '3' : '1') : '',
    Amper: electric ? String(profile.amper) : '',
    VoltageType: electric ? 'ثانویه' : '',
    ContractDemand: electric && profile.contractDemandKw > 0 ? String(profile.contractDemandKw) : '',
    Year: String(current.year),
    Period: String(current.code),
    PreviousReadingDate: formatSlashed(current.readingFrom),
    CurrentReadingDate: formatSlashed(current.readingTo),
    BillExportationDate: formatSlashed(current.issued),
    RejectDate: '',
    NormalConsumption: String(usage.normal),
    PeakConsumption: text(usage.peak),
    LowConsumption: text(usage.low),
    FridayConsumption: text(usage.friday),
    ReactiveConsumption: text(usage.reactive),
    DemandRead: text(usage.demand),
    AverageConsumption: (usage.total / current.days).toFixed(2),
    BillPayableAmount: String(account.amountDue),
    PeriodAmount: String(current.amount),
    InsuranceAmount: String(charges.insurance),
    TaxAmount: String(charges.tax),
    PaytollAmount: text(charges.paytoll),
    ElectricityTaxAmount: text(charges.electricityTax),
    PreviousDebt: String(account.previousDebt),
    EnergyAmount: String(charges.energy),
    ReactiveAmount: text(charges.reactive),
    DemandAmount: text(charges.demand),
    SubscriptionAmount: String(charges.subscription),
    SeasonAmount: text(charges.season),
    FreeAmount: text(charges.free),
    GasDiscountAmount: text(charges.gasDiscount),
    DiscountAmount: String(charges.discount),
    WarmDaysCount: seasonal ? String(current.warmDays) : '',
    ColdDaysCount: seasonal ? String(current.days - current.warmDays) : '',
    TotalDaysCount: String(current.days),
    ConsumptionDebtAmount: String(account.previousDebt),
    OtherDebtAmount: '0',
    BranchDebtAmount: '0',
  };
}
