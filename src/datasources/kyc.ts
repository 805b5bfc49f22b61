import { RecordReader } from './read.js';
import type { UpstreamAccess } from './requestUpstream.js';

export type TaxDebtStatus = 'UNPAID' | 'OVERDUE' | 'IN_INSTALLMENTS' | 'OTHER';

/** One tax debt of a person. */
export interface TaxDebtRecord {
  /** The tax as the upstream words it. */
  readonly taxType: string | null;
  /** The Jalali tax year. */
  readonly period: string | null;
  /** Rials, a string of digits. */
  readonly amount: string | null;
  /** Jalali `YYYY/MM/DD`. */
  readonly dueDate: string | null;
  readonly status: TaxDebtStatus;
}

const STATUS: Readonly<Record<string, TaxDebtStatus>> = { UNPAID: 'UNPAID', OVERDUE: 'OVERDUE', INSTALLMENT: 'IN_INSTALLMENTS' };

/**
 * The kyc group. Its SMS-confirmed operations run under the caller's consent: the upstream client
 * takes the user's token from it, and the consent must be for the person asked about.
 */
export class KycAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** Tax debts of a person (SMS consent with scope `kyc:sms-tax-Inquiry:get`); empty when they owe nothing. */
  async listTaxDebts(nationalId: string): Promise<TaxDebtRecord[]> {
    const answer = await this.upstream.read('kycSmsTaxInquiryGet', { query: { nationalCode: nationalId }, subject: nationalId });
    const read = new RecordReader('kycSmsTaxInquiryGet', answer);
    const debts = read.list(read.object(answer.result).debts, 'tax debts');
    return debts.map((item) => {
      const r = read.object(item, 'tax debt');
      const status = read.text(r.status)?.toUpperCase();
      return {
        taxType: read.text(r.taxType),
        period: read.text(r.period),
        amount: read.rial(r.amount, 'tax debt amount'),
        dueDate: read.text(r.dueDate),
        status: (status && STATUS[status]) || 'OTHER',
      };
    });
  }
}
