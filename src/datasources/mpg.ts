import { RecordReader } from './read.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { CardHolderRecord } from './types/accounts.js';

/** The card group (`/mpg`): the card inquiry. */
export class MpgAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getCardHolder(card: string): Promise<CardHolderRecord> {
    const answer = await this.upstream.read('mpgCardInformationGet', { path: { card } });
    const read = new RecordReader('mpgCardInformationGet', answer);
    const r = read.object(answer.result);
    return {
      card,
      maskedNumber: read.text(r.destCard),
      holderName: read.text(r.name),
      bankName: read.text(r.bankName),
    };
  }
}
