import { identityClaimQuery, readCivilIdentity, readIdentityMatch } from './civilRegistry.js';
import { RecordReader } from './read.js';
import { alive, flag } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { CivilIdentityRecord } from './types/people.js';
import type {
  IbanOwnership,
  IdentityClaim,
  IdentityMatchRecord,
  LifeStatusRecord,
  MilitaryServiceRecord,
  PassportRecord,
  SanaRecord,
} from './types/verification.js';

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

const STATUS: Readonly<Record<string, TaxDebtStatus>> = {
  UNPAID: 'UNPAID',
  OVERDUE: 'OVERDUE',
  INSTALLMENT: 'IN_INSTALLMENTS',
};

const IBAN_OWNERSHIP: Readonly<Record<string, IbanOwnership>> = {
  yes: 'YES',
  no: 'NO',
  most_possible: 'MOST_PROBABLE',
};

/**
 * The kyc group: identity checks of people, cards and IBANs. Its SMS-confirmed operations run under the caller's consent: the upstream client
 * takes the user's token from it, and the consent must be for the person asked about.
 */
export class KycAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  /** Tax debts of a person (SMS consent with scope `kyc:sms-tax-Inquiry:get`); empty when they owe nothing. */
  async listTaxDebts(nationalId: string): Promise<TaxDebtRecord[]> {
    const answer = await this.upstream.read('kycSmsTaxInquiryGet', {
      query: { nationalCode: nationalId },
      subject: nationalId,
    });
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

  /** The civil registry's record; null when the birth date does not match it. */
  async getCivilRegistry(nationalId: string, birthDate: string): Promise<CivilIdentityRecord | null> {
    const answer = await this.upstream.read('kycIdentificationInquiryGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const record = readCivilIdentity('kycIdentificationInquiryGet', answer, nationalId);
    // The registry answers with a null national id when the birth date is not the person's.
    const r = new RecordReader('kycIdentificationInquiryGet', answer).object(answer.result);
    return r.nationalId === null ? null : record;
  }

  /** Matches claimed details against the civil registry under the person's SMS consent. */
  async matchIdentityConfirmedBySms(nationalId: string, claim: IdentityClaim): Promise<IdentityMatchRecord> {
    const answer = await this.upstream.read('kycSmsNidVerificationGet', {
      path: { nid: nationalId },
      query: identityClaimQuery(claim),
    });
    return readIdentityMatch('kycSmsNidVerificationGet', answer);
  }

  async getMilitaryService(nationalId: string): Promise<MilitaryServiceRecord> {
    const answer = await this.upstream.read('kycMilitaryInquiryGet', { query: { nationalCode: nationalId } });
    const read = new RecordReader('kycMilitaryInquiryGet', answer);
    const r = read.object(answer.result);
    const condition = read.text(r.condition);
    const caseType = read.text(r.type);
    return {
      allowed: flag(read, r.isAllowed),
      condition: condition === 'ALLOWED' || condition === 'NOT_ALLOWED' ? condition : null,
      caseType: caseType === 'ORDINARY' || caseType === 'EXCEPTION' ? caseType : null,
      description: read.text(r.conditionDescription),
    };
  }

  async getLifeStatus(nationalId: string, birthDate: string): Promise<LifeStatusRecord> {
    const answer = await this.upstream.read('kycDeathStatusInquiryGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const read = new RecordReader('kycDeathStatusInquiryGet', answer);
    const r = read.object(answer.result);
    return { alive: alive(read, r.deathStatus), trackingCode: read.text(r.trackingCode) };
  }

  /** Whether an IBAN belongs to a national id; with a birth date, the stricter check. */
  async getIbanOwnership(iban: string, nationalId: string, birthDate: string | null): Promise<IbanOwnership | null> {
    const operationId = birthDate ? 'kycIbanOwnerBirthdateVerificationGet' : 'kycIbanOwnerVerificationGet';
    const answer = await this.upstream.read(operationId, { query: { iban, nid: nationalId, birthDate } });
    const read = new RecordReader(operationId, answer);
    const value = read.text(read.object(answer.result).isValid)?.toLowerCase();
    return (value && IBAN_OWNERSHIP[value]) || null;
  }

  async isCardOwner(card: string, nationalId: string): Promise<boolean | null> {
    const answer = await this.upstream.read('kycCardOwnerVerificationPost', { body: { card, nid: nationalId } });
    const read = new RecordReader('kycCardOwnerVerificationPost', answer);
    return flag(read, read.object(answer.result).isValid);
  }

  async isCardOfMobileOwner(card: string, mobile: string): Promise<boolean | null> {
    const answer = await this.upstream.read('kycMobileCardVerificationPost', { body: { mobile, card } });
    const read = new RecordReader('kycMobileCardVerificationPost', answer);
    return flag(read, read.object(answer.result).isValid);
  }

  async getPassport(nationalId: string, mobile: string): Promise<PassportRecord> {
    const answer = await this.upstream.read('kycPassportInquiryPost', { body: { nationalCode: nationalId, mobile } });
    const read = new RecordReader('kycPassportInquiryPost', answer);
    const r = read.object(answer.result);
    return {
      hasPassport: flag(read, r.hasPassport),
      number: read.text(r.passportNumber),
      serial: read.text(r.passportSerial),
      status: read.text(r.passportStatus),
      issuedOn: read.text(r.issueDate),
      validUntil: read.text(r.validityDate),
      pendingRequest: flag(read, r.passportRequest),
      requestDescription: read.text(r.requestDescription),
      requestedOn: read.text(r.requestDate),
    };
  }

  async getSanaRegistration(nationalId: string): Promise<SanaRecord> {
    const answer = await this.upstream.read('kycCcSanaInquiryGet', {
      query: { nationalCode: nationalId, identificationCodeType: SANA_NATIONAL_ID_TYPE },
    });
    const read = new RecordReader('kycCcSanaInquiryGet', answer);
    const r = read.object(answer.result);
    return { registered: flag(read, r.registered), message: read.text(r.message) };
  }
}

/** Sana's identification code type for an Iranian national id (the designed operation's value). */
const SANA_NATIONAL_ID_TYPE = '1';
