import type { ActionPort } from './flows/port.js';
import { transferAction, type TransferJobRecord } from './flows/transfer.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { TransferOrderRecord } from './types/transfers.js';

/**
 * Transfers for one GraphQL operation: checks the caller's consent covers the payer before the
 * action desk claims anything, then lets the action desk send with this operation's consent.
 */
export class TransfersAPI {
  constructor(
    private readonly upstream: UpstreamAccess,
    private readonly desk: ActionPort,
  ) {}

  async transfer(idempotencyKey: string, order: TransferOrderRecord): Promise<TransferJobRecord> {
    await this.upstream.authorize('oakTransferToDepositPost', order.nationalId);
    return this.desk.execute(transferAction, {
      upstream: this.upstream,
      actor: order.nationalId,
      idempotencyKey,
      asked: order,
      prepare: () => order,
    });
  }

  async findTransfer(nationalId: string, idempotencyKey: string): Promise<TransferJobRecord | null> {
    await this.upstream.authorize('oakTransferToDepositPost', nationalId);
    return this.desk.find(transferAction, nationalId, idempotencyKey);
  }
}
