import { RecordReader } from './read.js';
import { accountStatus, flag, gender, holderNames } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { IbanRecord } from './types/accounts.js';
import type { BlacklistRecord, ShahabRecord } from './types/verification.js';
import type { OperationId } from './upstream/operations.js';

/** The account group (`/oak`): IBAN information, Shahab codes and the central bank blacklist. */
export class OakAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getIban(iban: string): Promise<IbanRecord> {
    const answer = await this.upstream.read('oakIbanInquiryGet', { query: { iban } });
    const read = new RecordReader('oakIbanInquiryGet', answer);
    const r = read.object(answer.result);
    return {
      iban: read.text(r.IBAN)?.toUpperCase() ?? iban,
      accountNumber: read.text(r.deposit),
      bankName: read.text(r.bankName),
      status: accountStatus(read, r.depositStatus),
      statusDescription: read.text(r.depositDescription),
      comment: read.text(r.depositComment),
      owners: holderNames(read, r.depositOwners),
    };
  }

  /** The Shahab code; `birthDate` is Persian `YYYY/MM/DD`, sent as `YYYYMMDD` as the upstream wants it. */
  getShahab(nationalId: string, birthDate: string, identityNumber: string | null): Promise<ShahabRecord> {
    return this.shahab('oakShahabInquiryGet', nationalId, birthDate, identityNumber);
  }

  /** The Shahab code under the person's SMS consent. */
  getShahabConfirmedBySms(nationalId: string, birthDate: string, identityNumber: string | null): Promise<ShahabRecord> {
    return this.shahab('oakSmsShahabInquiryGet', nationalId, birthDate, identityNumber);
  }

  async getBlacklistStatus(nationalId: string): Promise<BlacklistRecord> {
    const answer = await this.upstream.read('oakBlacklistInquiryGet', { query: { nid: nationalId } });
    const read = new RecordReader('oakBlacklistInquiryGet', answer);
    const r = read.object(answer.result);
    return { blocked: flag(read, r.isBlocked) ?? read.fail('blacklist status'), message: read.text(r.message) };
  }

  private async shahab(
    operationId: OperationId,
    nationalId: string,
    birthDate: string,
    identityNumber: string | null,
  ): Promise<ShahabRecord> {
    const answer = await this.upstream.read(operationId, {
      path: { nid: nationalId },
      query: { birthDate: birthDate.replaceAll('/', ''), identityNo: identityNumber },
    });
    const read = new RecordReader(operationId, answer);
    const r = read.object(answer.result);
    return {
      code: read.text(r.shahabCode),
      confirmed: flag(read, r.isConfirmed),
      firstName: read.text(r.firstName),
      lastName: read.text(r.lastName),
      fatherName: read.text(r.fatherName),
      gender: gender(read, r.gender),
    };
  }
}
