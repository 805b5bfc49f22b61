/**
 * An action is marked in its job right before its request is handed over for sending. A job claimed and
 * never so marked (its sender died, or the store failed between the claim and the send) is known never to
 * have been sent: once its sender's time is up, the engine settles it as not applied, but only over the
 * claim as read, so a sender that marks it first always wins and one that comes later never sends.
 */
import { describe, expect, it } from 'vitest';
import { transferJob } from '../../src/datasources/flows/transfer.js';
import { ABANDONED_AFTER_MS, abandonedAction } from '../../src/datasources/flows/refusals.js';
import type { DeskAction, JobKind, JobRecord } from '../../src/datasources/flows/port.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';
import { ActionDesk } from '../../src/jobs/actionDesk.js';
import { actionTrackIds } from '../../src/jobs/actionTrackIds.js';
import { eventually } from '../helpers/eventually.js';
import {
  CountingStore,
  PENDING,
  ScriptedKind,
  newEngine,
  silentLogger,
  type FakeInput,
  type FakeResult,
} from './support.js';

const trackIds = actionTrackIds(Buffer.alloc(32, 3), 'client');
const CLAIMED_AT = 1_000_000;

/** A fake action kind whose polls say nothing (pending), never expiring and abandoned as the desk's kinds are. */
class AbandonableKind extends ScriptedKind {
  readonly maxAgeMs = Number.POSITIVE_INFINITY;
  readonly abandoned = abandonedAction('fake action') as unknown as JobKind<FakeInput, FakeResult>['abandoned'];
  constructor() {
    super([PENDING], 'fake');
  }
}

function claimed(id: string, dispatchedAt: number | null | undefined): JobRecord {
  return {
    id,
    kind: 'fake',
    status: 'PENDING',
    input: {
      actor: '0499370899',
      idempotencyKey: id,
      fingerprint: 'f',
      order: { what: id },
      claimedAt: CLAIMED_AT,
      ...(dispatchedAt !== undefined && { dispatchedAt }),
    },
    ref: `ref-${id}`,
    result: null,
    failure: null,
    createdAt: CLAIMED_AT,
    updatedAt: CLAIMED_AT,
    version: 1,
  };
}

describe('abandonedAction', () => {
  const abandoned = abandonedAction('transfer');
  const job = (dispatchedAt: number | null | undefined) => claimed('a', dispatchedAt) as never;

  it('is "not applied" for a claim never handed over once its sender’s time is up, and not a moment before', () => {
    expect(abandoned(job(null), CLAIMED_AT + ABANDONED_AFTER_MS - 1)).toBeNull();
    expect(abandoned(job(null), CLAIMED_AT + ABANDONED_AFTER_MS)).toEqual({
      code: 'NOT_APPLIED',
      message: 'The transfer was never sent (the upstream is failing or could not be reached), so it was not applied.',
    });
  });

  it('is nothing for an action handed over, or one claimed before the desk kept the mark (taken as sent)', () => {
    expect(abandoned(job(CLAIMED_AT + 5), CLAIMED_AT + 10 * ABANDONED_AFTER_MS)).toBeNull();
    expect(abandoned(job(undefined), CLAIMED_AT + 10 * ABANDONED_AFTER_MS)).toBeNull();
  });

  it('is the rule of every action kind', () => {
    expect(transferJob.abandoned?.(job(null), CLAIMED_AT + ABANDONED_AFTER_MS)).toMatchObject({
      code: 'NOT_APPLIED',
    });
  });
});

describe('the engine and an abandoned claim', () => {
  it('settles a claim never handed over as not applied once its sender’s time is up, and never asks the upstream', async () => {
    const kind = new AbandonableKind();
    let now = CLAIMED_AT + 1_000;
    const { engine, store } = newEngine([kind], { now: () => now });
    await store.insert(claimed('young', null));
    engine.track('young');
    await eventually(() => kind.pollsOf('ref-young') >= 2, { what: 'polls of a claim still young' });
    expect((await store.get('young'))?.status).toBe('PENDING');
    now = CLAIMED_AT + ABANDONED_AFTER_MS;
    const settled = await eventually(async () => {
      const job = await store.get('young');
      return job?.status === 'FAILED' && job;
    });
    expect(settled.failure).toMatchObject({ code: 'NOT_APPLIED' });
    await engine.stop();
  });

  it('leaves alone a job handed over, and one kept before the mark existed, however old', async () => {
    const kind = new AbandonableKind();
    const { engine, store } = newEngine([kind], { now: () => CLAIMED_AT + 100 * ABANDONED_AFTER_MS });
    await store.insert(claimed('sent', CLAIMED_AT + 3));
    await store.insert(claimed('legacy', undefined));
    engine.track('sent');
    engine.track('legacy');
    await eventually(() => kind.pollsOf('ref-sent') >= 3 && kind.pollsOf('ref-legacy') >= 3, { what: 'polls' });
    expect((await store.get('sent'))?.status).toBe('PENDING');
    expect((await store.get('legacy'))?.status).toBe('PENDING');
    await engine.stop();
  });
});

describe('the desk’s mark', () => {
  const request = (key: string, upstream: Pick<UpstreamAccess, 'send'>) => ({
    upstream,
    actor: '0499370899',
    idempotencyKey: key,
    asked: { key },
    prepare: () => ({ what: key }),
  });

  /** An action that sends its order once, with its trackId, through the upstream. */
  const action: DeskAction<'fake', { readonly what: string }, FakeResult> = {
    kind: 'fake',
    noun: 'fake action',
    send: (upstream, _order, trackId) =>
      upstream.send('oakTransferToDepositPost', { trackId }).then(() => ({ amount: '1' })),
    refusalOf: () => null,
  };

  it('is stored before the request is handed over, and not before the claim', async () => {
    const kind = new AbandonableKind();
    const { engine, store } = newEngine([kind]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds, { now: () => CLAIMED_AT });
    const seen: Array<unknown> = [];
    const upstream: Pick<UpstreamAccess, 'send'> = {
      send: async (_operationId, options) => {
        const [id] = [...(await store.listPending()).map((job) => job.id)];
        seen.push((await store.get(String(id)))?.input);
        await options.beforeSend?.();
        seen.push((await store.get(String(id)))?.input);
        return { trackId: options.trackId ?? '', result: {} };
      },
    };
    const job = await desk.execute(action, request('m1', upstream));
    expect(seen).toEqual([
      expect.objectContaining({ dispatchedAt: null }),
      expect.objectContaining({ dispatchedAt: CLAIMED_AT }),
    ]);
    expect(job).toMatchObject({ status: 'SUCCESS', input: { dispatchedAt: CLAIMED_AT } });
    await engine.stop();
  });

  it('fails, and nothing is sent, when the claim was settled before the sender came to send it', async () => {
    const kind = new AbandonableKind();
    const store = new CountingStore();
    const { engine } = newEngine([kind], { store });
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds, { now: () => CLAIMED_AT });
    let sent = 0;
    const upstream: Pick<UpstreamAccess, 'send'> = {
      send: async (_operationId, options) => {
        // Meanwhile, the engine judged the claim abandoned and settled it.
        const [pending] = await store.listPending();
        if (pending) await engine.finish(pending, { status: 'FAILED', failure: { code: 'NOT_APPLIED', message: 'x' } });
        await options.beforeSend?.();
        sent += 1;
        return { trackId: options.trackId ?? '', result: {} };
      },
    };
    const job = await desk.execute(action, request('m2', upstream));
    expect(sent).toBe(0);
    expect(job).toMatchObject({ status: 'FAILED', failure: { code: 'NOT_APPLIED' } });
    await engine.stop();
  });
});
