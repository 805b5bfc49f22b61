/** The action desk on its own: a claim whose reply was lost, and a pending action claimed elsewhere, are followed. */
import { describe, expect, it } from 'vitest';
import { ErrorCode, UpstreamError } from '../../src/errors.js';
import type { DeskAction } from '../../src/datasources/flows/port.js';
import { refusalFrom } from '../../src/datasources/flows/refusals.js';
import { ActionDesk } from '../../src/jobs/actionDesk.js';
import { actionTrackIds } from '../../src/jobs/actionTrackIds.js';
import type { JobRecord } from '../../src/jobs/types.js';
import { CountingStore, ScriptedKind, newEngine, silentLogger, success, type FakeResult } from './support.js';
import { eventually } from '../helpers/eventually.js';

/** A store that stores a claim but answers as if it were refused, as when the store's reply is lost and the claim resent. */
class LostReplyStore extends CountingStore {
  override async insert(job: JobRecord): Promise<boolean> {
    await this.inner.insert(job);
    return false;
  }
}

const trackIds = actionTrackIds(Buffer.alloc(32, 7), 'client');

function action(sends: string[]): DeskAction<'fake', { readonly what: string }, FakeResult> {
  return {
    kind: 'fake',
    noun: 'fake action',
    send: async (_upstream, order) => {
      sends.push(order.what);
      return { amount: '1' };
    },
    refusalOf: () => null,
  };
}

const request = (key: string) => ({
  upstream: { send: () => Promise.reject(new Error('not called')) },
  actor: '0499370899',
  idempotencyKey: key,
  asked: { what: key },
  prepare: () => ({ what: key }),
});

describe('ActionDesk', () => {
  it('follows an action whose claim was stored although the store answered otherwise, and never sends it', async () => {
    const kind = new ScriptedKind([success('7')], 'fake');
    const { engine, store } = newEngine([kind], { store: new LostReplyStore() });
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const sends: string[] = [];
    const job = await desk.execute(action(sends), request('k1'));
    expect(job.status).toBe('PENDING');
    await eventually(async () => (await store.get(job.id))?.status === 'SUCCESS');
    expect(sends).toEqual([]);
    await engine.stop();
  });

  it('sends a new action once and answers duplicates from the store', async () => {
    const kind = new ScriptedKind([success('7')], 'fake');
    const { engine } = newEngine([kind]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const sends: string[] = [];
    const answers = await Promise.all([1, 2, 3].map(() => desk.execute(action(sends), request('k2'))));
    expect(sends).toEqual(['k2']);
    expect(new Set(answers.map((job) => job.id)).size).toBe(1);
    expect(answers.every((job) => job.status === 'SUCCESS')).toBe(true);
    expect(kind.polls).toEqual([]);
    await engine.stop();
  });

  it('sends with the trackId derived from the kind, the actor and the key', async () => {
    const { engine } = newEngine([new ScriptedKind([success('7')], 'fake')]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const job = await desk.execute(action([]), request('k3'));
    expect(job.ref).toBe(trackIds({ kind: 'fake', actor: '0499370899', idempotencyKey: 'k3' }));
    await engine.stop();
  });

  it('answers the earlier outcome, found by the trackId, when the upstream refuses the trackId as used before', async () => {
    const kind = new ScriptedKind([success('9')], 'fake');
    const { engine } = newEngine([kind]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const refusing: DeskAction<'fake', { readonly what: string }, FakeResult> = {
      ...action([]),
      send: () =>
        Promise.reject(
          new UpstreamError({
            code: 'UPSTREAM_REJECTED',
            message: 'refused',
            operationId: 'x',
            httpStatus: 400,
            upstreamCode: 'VALIDATION_ERROR',
            upstreamMessage: 'duplicate trackId',
          }),
        ),
      // Were the duplicate read as a refusal, the action would fail.
      refusalOf: () => ({ code: 'REFUSED', message: 'refused' }),
    };
    const job = await desk.execute(refusing, request('k4'));
    expect(job).toMatchObject({ status: 'SUCCESS', result: { amount: '9' } });
    expect(kind.polls.map((poll) => poll.ref)).toEqual([job.ref]);
    await engine.stop();
  });

  it('answers a sent action as pending, not as an error, when the store stops answering right after the send', async () => {
    class FailingAfterSend extends CountingStore {
      failing = false;
      override get(id: string): Promise<JobRecord | null> {
        return this.failing ? Promise.reject(new Error('store down')) : super.get(id);
      }
    }
    const store = new FailingAfterSend();
    const { engine } = newEngine([new ScriptedKind([success('7')], 'fake')], { store });
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const sending: DeskAction<'fake', { readonly what: string }, FakeResult> = {
      ...action([]),
      send: async () => {
        store.failing = true;
        return { amount: '7' };
      },
    };
    const job = await desk.execute(sending, request('k5'));
    expect(job.status).toBe('PENDING');
    store.failing = false;
    await eventually(async () => (await store.get(job.id))?.status === 'SUCCESS');
    await engine.stop();
  });

  it('settles an action refused before it was sent (open breaker) as not applied, and does not follow it', async () => {
    const kind = new ScriptedKind([success('7')], 'fake');
    const { engine, store } = newEngine([kind]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const job = await desk.execute(failingAction(true), request('k6'));
    expect(job.status).toBe('FAILED');
    expect(job.failure).toMatchObject({ code: 'NOT_APPLIED' });
    expect((await store.get(job.id))?.status).toBe('FAILED');
    expect(kind.polls).toEqual([]);
    await engine.stop();
  });

  it('follows an action whose call failed after it may have been sent', async () => {
    const kind = new ScriptedKind([success('7')], 'fake');
    const { engine, store } = newEngine([kind]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const job = await desk.execute(failingAction(false), request('k7'));
    expect(job.status).toBe('PENDING');
    await eventually(async () => (await store.get(job.id))?.status === 'SUCCESS');
    await engine.stop();
  });
});

/** An action whose one send fails with UPSTREAM_UNAVAILABLE, refused here before sending or not. */
function failingAction(notSent: boolean): DeskAction<'fake', { readonly what: string }, FakeResult> {
  return {
    kind: 'fake',
    noun: 'fake action',
    send: () =>
      Promise.reject(
        new UpstreamError({
          code: ErrorCode.UpstreamUnavailable,
          message: 'failing',
          operationId: 'oakTransferToDepositPost',
          ...(notSent && { notSent }),
        }),
      ),
    refusalOf: (error) => refusalFrom(error, 'fake action', () => ({ code: 'REFUSED', message: 'refused' })),
  };
}
