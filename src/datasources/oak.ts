import { RecordReader } from './read.js';
import { accountStatus, holderNames } from './readers.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { IbanRecord } from './types/accounts.js';

/** The account group (`/oak`): IBAN information. */
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
}
