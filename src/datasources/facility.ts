import { ErrorCode, isUpstreamError } from '../errors.js';
import { identityClaimQuery, readCivilIdentity, readIdentityMatch } from './civilRegistry.js';
import { RecordReader } from './read.js';
import { accountStatus, flag, holderNames } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import {
  ACCOUNT_TYPE,
  CUSTOMER_TYPE,
  type AccountHolderRecord,
  type AccountInfoRecord,
  type AccountNumberRecord,
  type BankRecord,
  type CardAccountRecord,
  type CardDepositRecord,
  type MobileOwnershipOutcome,
} from './types/accounts.js';
import type { CivilIdentityRecord } from './types/people.js';
import type { IdentityClaim, IdentityMatchRecord, NationalCardImageRecord } from './types/verification.js';

/**
 * The facility group: card and account conversions, the bank list, the national id inquiry and
 * verification, and the Shahkar mobile match.
 */
export class FacilityAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getCardAccount(card: string): Promise<CardAccountRecord> {
    const answer = await this.upstream.read('facilityCardToIbanGet', { query: { version: '2', card } });
    const read = new RecordReader('facilityCardToIbanGet', answer);
    const r = read.object(answer.result);
    const owners = holderNames(read, r.depositOwners);
    return {
      card,
      iban: read.text(r.IBAN)?.toUpperCase() ?? null,
      accountNumber: read.text(r.deposit),
      bankName: read.text(r.bankName),
      status: accountStatus(read, r.depositStatus),
      ownerName: owners[0]?.fullName ?? null,
    };
  }

  async getCardDeposit(card: string): Promise<CardDepositRecord> {
    const answer = await this.upstream.read('facilityCardToDepositGet', { query: { card } });
    const read = new RecordReader('facilityCardToDepositGet', answer);
    const r = read.object(answer.result);
    return { accountNumber: read.text(r.deposit), holderName: read.text(r.name) };
  }

  /** The account inquiry: bank and holder of an account number. */
  async getAccountHolder(accountNumber: string): Promise<AccountHolderRecord> {
    const answer = await this.upstream.read('facilityDepositInfoGet', { query: { deposit: accountNumber } });
    const read = new RecordReader('facilityDepositInfoGet', answer);
    const r = read.object(answer.result);
    return { bankName: read.text(r.bankName), holderName: read.text(r.fullName) };
  }

  /** The account inquiry with the holder's id, which the upstream offers for Ayandeh accounts only. */
  async getAccountInfo(iban: string): Promise<AccountInfoRecord> {
    const answer = await this.upstream.read('facilityGetAccountInfoGet', { query: { iban, bankCode: AYANDEH } });
    const read = new RecordReader('facilityGetAccountInfoGet', answer);
    const r = read.object(answer.result);
    return {
      accountNumber: read.text(r.deposit),
      status: accountStatus(read, r.accountStatus),
      holderFirstName: read.text(r.customerFirstname),
      holderLastName: read.text(r.customerLastname),
      holderId: read.text(r.idNumber),
      accountType: ACCOUNT_TYPE[read.text(r.accountType) ?? ''] ?? null,
      customerType: CUSTOMER_TYPE[read.text(r.customerType) ?? ''] ?? null,
    };
  }

  async getAccountIban(accountNumber: string, bankCode: string): Promise<AccountNumberRecord> {
    const answer = await this.upstream.read('facilityDepositToIbanGet', {
      query: { deposit: depositForConversion(accountNumber, bankCode), bankCode },
    });
    const read = new RecordReader('facilityDepositToIbanGet', answer);
    const r = read.object(answer.result);
    return {
      accountNumber: read.text(r.deposit) ?? accountNumber,
      bankCode,
      iban: (read.text(r.iban) ?? read.text(r.IBAN))?.toUpperCase() ?? null,
      bankName: read.text(r.bankName),
      status: accountStatus(read, r.accountStatus ?? r.depositStatus),
      ownerName: holderNames(read, r.depositOwners)[0]?.fullName ?? null,
    };
  }

  /** Civil-registry identity by national id and birth date (client credential). */
  async getIdentity(nationalId: string, birthDate: string): Promise<CivilIdentityRecord> {
    const answer = await this.upstream.read('facilityCcNidInquiryGet', {
      path: { nid: nationalId },
      query: { birthDate },
    });
    return readCivilIdentity('facilityCcNidInquiryGet', answer, nationalId);
  }

  async listBanks(): Promise<BankRecord[]> {
    const answer = await this.upstream.read('facilityBanksInfoGet', {});
    const read = new RecordReader('facilityBanksInfoGet', answer);
    return read.list(answer.result, 'bank list').flatMap((item) => {
      const r = read.object(item, 'bank');
      const code = read.text(r.code);
      if (!code) return [];
      const prefix = read.text(r.cardPrefix);
      return [
        {
          code: code.padStart(3, '0'),
          name: read.text(r.name) ?? code,
          cardPrefixes: prefix ? [prefix] : [],
          active: r.active !== false,
        },
      ];
    });
  }

  /** Matches claimed details against the civil registry (client credential). */
  async matchIdentity(nationalId: string, claim: IdentityClaim): Promise<IdentityMatchRecord> {
    const answer = await this.upstream.read('facilityCcNidVerificationGet', {
      path: { nid: nationalId },
      query: identityClaimQuery(claim),
    });
    return readIdentityMatch('facilityCcNidVerificationGet', answer);
  }

  /** Civil-registry identity confirmed by the person's SMS consent. */
  async getIdentityConfirmedBySms(nationalId: string, birthDate: string): Promise<CivilIdentityRecord> {
    const answer = await this.upstream.read('facilitySmsNidInquiryGet', {
      path: { nid: nationalId },
      query: { birthDate },
    });
    return readCivilIdentity('facilitySmsNidInquiryGet', answer, nationalId);
  }

  /**
   * The photo of the person's national card, for their national id and birth date (the designed
   * `nationalCardImage`: see its catalog notes). A birth date that is not the person's is refused upstream.
   */
  async getNationalCardImage(nationalId: string, birthDate: string): Promise<NationalCardImageRecord> {
    const answer = await this.upstream.read('facilityNationalCardImageGet', {
      query: { nationalCode: nationalId, birthDate },
    });
    const read = new RecordReader('facilityNationalCardImageGet', answer);
    const r = read.object(answer.result);
    const base64 = read.text(r.image);
    if (base64 === null) return read.fail('national card image');
    return { contentType: read.text(r.contentType) ?? 'image/jpeg', base64 };
  }

  /**
   * Whether an account number at a bank belongs to a national id (or legal id). The upstream serves
   * Ayandeh, Keshavarzi and Dey accounts only.
   */
  async isAccountHolder(accountNumber: string, bankCode: string, holderId: string): Promise<boolean | null> {
    const answer = await this.upstream.read('facilityDepositOwnerVerificationGet', {
      query: { deposit: accountNumber, bank: bankCode, nationalCode: holderId },
    });
    const read = new RecordReader('facilityDepositOwnerVerificationGet', answer);
    return flag(read, read.object(answer.result).isOwner);
  }

  /** Shahkar by SMS, step 1: texts the person a code; returns the call's trackId, which step 2 needs. */
  async sendMobileOwnershipCode(nationalId: string, mobile: string): Promise<string> {
    const answer = await this.upstream.send('facilityShahkarSmsSendGet', {
      query: { mobile, nationalCode: nationalId },
    });
    const read = new RecordReader('facilityShahkarSmsSendGet', answer);
    if (flag(read, read.object(answer.result).smsSent) !== true) read.fail('SMS confirmation');
    return answer.trackId;
  }

  /** Shahkar by SMS, step 2. A refused or expired code is an outcome, not an error. */
  async verifyMobileOwnershipCode(checkId: string, otp: string): Promise<MobileOwnershipOutcome> {
    try {
      const answer = await this.upstream.send('facilityShahkarSmsVerifyGet', { query: { otpTrackId: checkId, otp } });
      const read = new RecordReader('facilityShahkarSmsVerifyGet', answer);
      return {
        kind: 'checked',
        matches: flag(read, read.object(answer.result).isValid) ?? read.fail('verification result'),
      };
    } catch (error) {
      if (
        !isUpstreamError(error) ||
        error.details.code !== ErrorCode.UpstreamRejected ||
        error.details.httpStatus !== 400
      )
        throw error;
      return {
        kind: 'codeRejected',
        code: /expir/i.test(error.details.upstreamMessage ?? '') ? 'OTP_EXPIRED' : 'INVALID_OTP',
      };
    }
  }

  /** Whether `mobile` is registered to the national id (Shahkar). */
  async isMobileOwner(nationalId: string, mobile: string): Promise<boolean | null> {
    const answer = await this.upstream.read('facilityShahkarVerifyGet', {
      query: { mobile, nationalCode: nationalId },
    });
    const read = new RecordReader('facilityShahkarVerifyGet', answer);
    return flag(read, read.object(answer.result).isValid);
  }
}

/** The bank whose accounts getAccountInfo serves. */
export const AYANDEH = '062';
const PASARGAD = '057';
const RESALAT = '070';

/**
 * depositToIban wants the groups of an account number separated by `/`, except Pasargad's numbers,
 * which keep the bank's own format, and Resalat's, which use `.` (wire facts §4.1).
 */
function depositForConversion(accountNumber: string, bankCode: string): string {
  if (bankCode === PASARGAD) return accountNumber;
  return accountNumber.replace(/[./-]/g, bankCode === RESALAT ? '.' : '/');
}
