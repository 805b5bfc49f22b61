import { RecordReader } from './read.js';
import { accountStatus, alive, gender, holderNames } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { AccountNumberRecord, BankRecord, CardAccountRecord } from './types/accounts.js';
import type { CivilIdentityRecord } from './types/people.js';

/** The facility group: card and account conversions, the bank list, and the national id inquiry. */
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

  async getAccountIban(accountNumber: string, bankCode: string): Promise<AccountNumberRecord> {
    const answer = await this.upstream.read('facilityDepositToIbanGet', { query: { deposit: accountNumber, bankCode } });
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
    const answer = await this.upstream.read('facilityCcNidInquiryGet', { path: { nid: nationalId }, query: { birthDate } });
    const read = new RecordReader('facilityCcNidInquiryGet', answer);
    const r = read.object(answer.result);
    return {
      nationalId: read.text(r.nationalId) ?? read.text(r.nationalCode) ?? nationalId,
      firstName: read.text(r.firstName),
      lastName: read.text(r.lastName),
      fatherName: read.text(r.fatherName),
      birthDate: read.text(r.birthDate),
      gender: gender(read, r.gender),
      alive: alive(read, r.deathStatus),
      identityNumber: read.text(r.identityNo),
      identitySeries: read.text(r.identitySeri),
      identitySerial: read.text(r.identitySerial),
      issuingOffice: read.text(r.officeName),
      trackingCode: read.text(r.trackingCode),
    };
  }

  async listBanks(): Promise<BankRecord[]> {
    const answer = await this.upstream.read('facilityBanksInfoGet', {});
    const read = new RecordReader('facilityBanksInfoGet', answer);
    return read.list(answer.result, 'bank list').flatMap((item) => {
      const r = read.object(item, 'bank');
      const code = read.text(r.code);
      if (!code) return [];
      const prefix = read.text(r.cardPrefix);
      return [{ code: code.padStart(3, '0'), name: read.text(r.name) ?? code, cardPrefixes: prefix ? [prefix] : [], active: r.active !== false }];
    });
  }
}
