/**
 * The sandbox's Sayad cheques: a state machine per issued leaf (wire facts §4.8 `chequeStatus`).
 *
 *   issue ──▶ 7 awaiting the receivers ──all accept──▶ 1 issued (receivers hold it)
 *                      │ one rejects / drawer cancels ──▶ 3 voided
 *   1 ──transfer (or give back to the drawer)──▶ 8 awaiting the new receivers
 *   8 ──all accept──▶ 1 (new holders, chain grows) · 8 ──one rejects──▶ 1 (holders unchanged)
 *
 * Each step checks who acts: the drawer issues and cancels, a holder transfers, a receiver accepts.
 */
import type { WorldLeaf } from './world/chequebooks.js';

/** A person as the Sayad bodies carry them. */
export interface SayadParty {
  readonly idCode: string;
  /** 1 natural, 2 legal, 3 foreign natural, 4 foreign legal. */
  readonly idType: number;
  readonly name: string;
}

export type ChequeStatus = 1 | 3 | 7 | 8;

export interface ChainLink {
  /** Who held the cheque from this step on. */
  readonly holders: readonly SayadParty[];
  /** `ISSUE`, `TRANSFER` or `GIVE_BACK`. */
  readonly kind: 'ISSUE' | 'TRANSFER' | 'GIVE_BACK';
  readonly description: string;
  readonly reason: string;
  /** Jalali `YYYYMMDDHHmmss`, Tehran time. */
  readonly at: string;
}

export interface SayadCheque {
  readonly leaf: WorldLeaf;
  readonly drawers: readonly SayadParty[];
  readonly signers: readonly { readonly name: string; readonly legalStamp: number }[];
  readonly amount: bigint;
  /** Jalali `YYYYMMDD`. */
  readonly dueDate: string;
  readonly description: string;
  readonly reason: string;
  readonly chequeType: number;
  readonly chequeMedia: number;
  readonly toIban: string | null;
  readonly issuedAt: string;
  status: ChequeStatus;
  holders: readonly SayadParty[];
  /** The receivers of the step awaiting acceptance, and who of them accepted. */
  pending: { readonly link: ChainLink; readonly accepted: Set<string> } | null;
  readonly chain: ChainLink[];
}

export type Step =
  { readonly ok: true; readonly resultCode?: number } | { readonly ok: false; readonly message: string };

/** A step the registry applied, with the trackId of the request that applied it. */
export interface AppliedSayadStep {
  readonly sayadId: string;
  readonly action: 'ISSUE' | 'TRANSFER' | 'GIVE_BACK' | 'ACCEPT' | 'REJECT' | 'CANCEL';
  /** The national or legal id of who acted. */
  readonly by: string;
  readonly trackId: string;
}

const refuse = (message: string): Step => ({ ok: false, message });

export class SayadRegistry {
  private readonly cheques = new Map<string, SayadCheque>();
  private readonly steps: AppliedSayadStep[] = [];

  /** Every step applied so far, oldest first. */
  applied(): readonly AppliedSayadStep[] {
    return [...this.steps];
  }

  /** Notes a step the request with `trackId` applied. */
  record(step: AppliedSayadStep): void {
    this.steps.push(step);
  }

  get(sayadId: string): SayadCheque | undefined {
    return this.cheques.get(sayadId);
  }

  issue(cheque: Omit<SayadCheque, 'status' | 'holders' | 'pending' | 'chain'>, receivers: readonly SayadParty[]): Step {
    if (this.cheques.has(cheque.leaf.sayadId)) return refuse('cheque already issued');
    const link: ChainLink = {
      holders: receivers,
      kind: 'ISSUE',
      description: cheque.description,
      reason: cheque.reason,
      at: cheque.issuedAt,
    };
    this.cheques.set(cheque.leaf.sayadId, {
      ...cheque,
      status: 7,
      holders: [],
      pending: { link, accepted: new Set() },
      chain: [],
    });
    return { ok: true };
  }

  transfer(sayadId: string, by: string, link: ChainLink): Step {
    const cheque = this.cheques.get(sayadId);
    if (!cheque) return refuse('cheque not found');
    if (cheque.status !== 1) return refuse('cheque is not transferable in its current state');
    if (!cheque.holders.some((holder) => holder.idCode === by)) return refuse('holder is not the holder of the cheque');
    cheque.status = 8;
    cheque.pending = { link, accepted: new Set() };
    return { ok: true, resultCode: 2 };
  }

  /** A receiver's answer; the step completes when every receiver accepted, and fails at the first refusal. */
  answer(sayadId: string, by: string, accept: boolean): Step {
    const cheque = this.cheques.get(sayadId);
    const pending = cheque?.pending;
    if (!cheque || !pending) return refuse('cheque is not awaiting acceptance');
    if (!pending.link.holders.some((receiver) => receiver.idCode === by))
      return refuse('acceptor is not a receiver of the cheque');
    if (!accept) {
      cheque.pending = null;
      cheque.status = cheque.chain.length === 0 ? 3 : 1;
      return { ok: true };
    }
    pending.accepted.add(by);
    if (pending.accepted.size < pending.link.holders.length) return { ok: true, resultCode: 3 };
    cheque.chain.push(pending.link);
    cheque.holders = pending.link.holders;
    cheque.pending = null;
    cheque.status = 1;
    return { ok: true, resultCode: 4 };
  }

  /** The drawer voids a cheque no receiver has accepted yet. */
  cancel(sayadId: string, by: string): Step {
    const cheque = this.cheques.get(sayadId);
    if (!cheque) return refuse('cheque not found');
    if (!cheque.drawers.some((drawer) => drawer.idCode === by))
      return refuse('canceller is not the drawer of the cheque');
    if (cheque.status !== 7) return refuse('cheque can no longer be cancelled');
    cheque.status = 3;
    cheque.pending = null;
    return { ok: true };
  }
}
