import type { TransferDesk } from '../jobs/transferDesk.js';
import type { TransferJobRecord } from '../jobs/kinds/transfer.js';
import type { UpstreamAccess } from './requestUpstream.js';
import type { TransferOrderRecord } from './types/transfers.js';

/**
 * Money movement for one GraphQL operation: checks the caller's consent covers the payer before the
 * transfer desk claims anything, then lets the desk send with this operation's consent.
 */
export class MoneyAPI {
  constructor(
    private readonly upstream: UpstreamAccess,
    private readonly desk: TransferDesk,
  ) {}

  async transfer(idempotencyKey: string, order: TransferOrderRecord): Promise<TransferJobRecord> {
    await this.upstream.authorize('oakTransferToDepositPost', order.nationalId);
    return this.desk.execute(this.upstream, idempotencyKey, order);
  }

  async findTransfer(nationalId: string, idempotencyKey: string): Promise<TransferJobRecord | null> {
    await this.upstream.authorize('oakTransferToDepositPost', nationalId);
    return this.desk.find(nationalId, idempotencyKey);
  }
}
