import type { ActionPort } from './flows/port.js';
import { transferAction, type TransferJobRecord } from './flows/transfer.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type { TransferOrderRecord } from './types/transfers.js';

/** The upstream, adding the transfer PIN to the transfer's body only. */
function withSecondPassword(upstream: UpstreamAccess, secondPassword: string): Pick<UpstreamAccess, 'send'> {
  return {
    send: (operationId, options) =>
      upstream.send(
        operationId,
        operationId === 'oakTransferToDepositPost' && typeof options.body === 'object' && options.body !== null
          ? { ...options, body: { ...(options.body as Record<string, unknown>), secondPassword } }
          : options,
      ),
  };
}

/**
 * Transfers for one GraphQL operation: checks the caller's consent covers the payer before the
 * action desk claims anything, then lets the action desk send with this operation's consent.
 */
export class TransfersAPI {
  constructor(
    private readonly upstream: UpstreamAccess,
    private readonly desk: ActionPort,
  ) {}

  /**
   * `secondPassword` (the transfer PIN) travels apart from the order: it is added to the one send's
   * body and kept nowhere (not in the stored order, not in the fingerprint). A transfer is never sent
   * twice, so nothing later needs it. `sourceBankCode` is the consent's bank, recorded with the order.
   */
  async transfer(
    idempotencyKey: string,
    order: TransferOrderRecord,
    secondPassword: string | null = null,
    sourceBankCode: string | null = null,
  ): Promise<TransferJobRecord> {
    await this.upstream.authorize('oakTransferToDepositPost', order.nationalId);
    return this.desk.execute(transferAction, {
      upstream: secondPassword === null ? this.upstream : withSecondPassword(this.upstream, secondPassword),
      actor: order.nationalId,
      idempotencyKey,
      asked: order,
      prepare: () => (sourceBankCode === null ? order : { ...order, sourceBankCode }),
    });
  }

  async findTransfer(nationalId: string, idempotencyKey: string): Promise<TransferJobRecord | null> {
    await this.upstream.authorize('oakTransferToDepositPost', nationalId);
    return this.desk.find(transferAction, nationalId, idempotencyKey);
  }
}
