import { GraphQLError } from 'graphql';
import { BadUserInputError, ErrorCode } from '../errors.js';
import { tehranJalaliTimestamp } from '../lib/jalali.js';
import { chequeAction, chequeActions, operationOf, type ChequeActionJobRecord } from './flows/chequeAction.js';
import type { ActionPort } from './flows/port.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type {
  AnswerChequeOrder,
  CancelChequeOrder,
  ChequeActionGrant,
  ChequeActionOrder,
  IssueChequeOrder,
  TransferChequeOrder,
} from './types/chequeActions.js';
import type { OperationId } from './upstream/operations.js';
import { systemClock, type Clock } from '../lib/clock.js';

/** The transfer variants, by the grant of the consent that sends them. */
const TRANSFER_VARIANTS: ReadonlyArray<readonly [OperationId, ChequeActionGrant]> = [
  ['creditAcSayadTransferChequePost', 'authorization_code'],
  ['credit_v2_clients_clientId_sms_sayadTransferCheque_post_legal_post', 'authorization_sms'],
];
/** Every operation a cheque action may be sent with: a consent for any of them may read its actions. */
const ACTION_OPERATIONS: readonly OperationId[] = [
  'creditAcSayadIssueChequePost',
  ...TRANSFER_VARIANTS.map(([operationId]) => operationId),
  'creditSmsSayadAcceptChequePost',
  'creditSmsSayadCancelChequePost',
];

/** An order as the resolver parsed it: what the desk adds before sending is left out. */
export type IssueDraft = Omit<IssueChequeOrder, 'leaf'>;
export type TransferDraft = Omit<TransferChequeOrder, 'grant' | 'transferDate'>;

/**
 * Sayad cheque actions for one GraphQL operation: checks the caller's consent covers the actor before
 * the action desk claims anything, then lets the desk send with this operation's consent.
 */
export class ChequeActionsAPI {
  constructor(
    private readonly upstream: UpstreamAccess,
    private readonly desk: ActionPort,
    private readonly clock: Clock = systemClock,
  ) {}

  async issue(idempotencyKey: string, draft: IssueDraft): Promise<ChequeActionJobRecord> {
    await this.upstream.authorize('creditAcSayadIssueChequePost', draft.actor);
    return this.execute(idempotencyKey, draft, async () => {
      const leaf = await chequeActions.leaf(this.upstream, draft.sayadId);
      if (!leaf) throw new BadUserInputError('input.sayadId', 'no chequebook leaf has this Sayad id');
      return { ...draft, leaf };
    });
  }

  async transfer(idempotencyKey: string, draft: TransferDraft): Promise<ChequeActionJobRecord> {
    const [, grant] = await this.firstAuthorized(TRANSFER_VARIANTS, draft.actor);
    return this.execute(idempotencyKey, draft, () => ({
      ...draft,
      grant,
      transferDate: tehranJalaliTimestamp(this.clock.now()),
    }));
  }

  /** A receiver's acceptance or rejection. */
  async answer(idempotencyKey: string, order: AnswerChequeOrder): Promise<ChequeActionJobRecord> {
    return this.act(idempotencyKey, order);
  }

  async cancel(idempotencyKey: string, order: CancelChequeOrder): Promise<ChequeActionJobRecord> {
    return this.act(idempotencyKey, order);
  }

  async find(nationalId: string, idempotencyKey: string): Promise<ChequeActionJobRecord | null> {
    await this.firstAuthorized(
      ACTION_OPERATIONS.map((operationId) => [operationId, null] as const),
      nationalId,
    );
    return this.desk.find(chequeAction, nationalId, idempotencyKey);
  }

  private async act(
    idempotencyKey: string,
    order: AnswerChequeOrder | CancelChequeOrder,
  ): Promise<ChequeActionJobRecord> {
    await this.upstream.authorize(operationOf(order), order.actor);
    return this.execute(idempotencyKey, order, () => order);
  }

  /** `draft` is the action as the client asked it: the same key with another draft is refused. */
  private execute(
    idempotencyKey: string,
    draft: { readonly actor: string },
    prepare: () => ChequeActionOrder | Promise<ChequeActionOrder>,
  ): Promise<ChequeActionJobRecord> {
    return this.desk.execute(chequeAction, {
      upstream: this.upstream,
      actor: draft.actor,
      idempotencyKey,
      asked: draft,
      prepare,
    });
  }

  /**
   * The first variant the caller's consent covers for `subject`. When none does, a consent for
   * another person is `FORBIDDEN`; otherwise the first variant's `CONSENT_REQUIRED`.
   */
  private async firstAuthorized<T>(
    variants: ReadonlyArray<readonly [OperationId, T]>,
    subject: string,
  ): Promise<readonly [OperationId, T]> {
    const errors: unknown[] = [];
    for (const variant of variants) {
      try {
        await this.upstream.authorize(variant[0], subject);
        return variant;
      } catch (error) {
        errors.push(error);
      }
    }
    throw (
      errors.find((error) => error instanceof GraphQLError && error.extensions['code'] === ErrorCode.Forbidden) ??
      errors[0]
    );
  }
}
