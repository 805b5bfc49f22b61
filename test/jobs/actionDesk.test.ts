/** The action desk on its own: a claim whose reply was lost, and a pending action claimed elsewhere, are followed. */
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, UpstreamError } from '../../src/errors.js';
import type { DeskAction } from '../../src/datasources/flows/port.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';
import { refusalFrom } from '../../src/datasources/flows/refusals.js';
import { ActionDesk, actionJobId } from '../../src/jobs/actionDesk.js';
import { actionTrackIds } from '../../src/jobs/actionTrackIds.js';
import type { JobRecord } from '../../src/jobs/types.js';
import {
  CountingStore,
  PENDING,
  ScriptedKind,
  deferred,
  newEngine,
  silentLogger,
  success,
  type FakeResult,
} from './support.js';
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

/** An upstream whose every call is handed to the transport and then fails with UPSTREAM_UNAVAILABLE. */
const failingUpstream: Pick<UpstreamAccess, 'send'> = {
  send: async (operationId, options) => {
    await options.beforeSend?.();
    throw new UpstreamError({ code: ErrorCode.UpstreamUnavailable, message: 'failing', operationId });
  },
};

const request = (key: string, what = key) => ({
  upstream: failingUpstream,
  actor: '0499370899',
  idempotencyKey: key,
  asked: { what },
  prepare: () => ({ what }),
});

/** A store that refuses every claim and keeps nothing, as when the claimed record expired before it was read. */
class ForgetfulStore extends CountingStore {
  override async insert(): Promise<boolean> {
    return false;
  }
}

/** A CountingStore that also counts the reads it answered. */
class ReadCountingStore extends CountingStore {
  reads = 0;
  override async get(id: string): Promise<JobRecord | null> {
    const job = await super.get(id);
    this.reads += 1;
    return job;
  }
}

describe('actionJobId', () => {
  it('is the kind, a dash and 40 hex digits, the same for the same actor and key', () => {
    const id = actionJobId('transfer', '0499370899', 'key-1');
    expect(id).toMatch(/^transfer-[0-9a-f]{40}$/);
    expect(actionJobId('transfer', '0499370899', 'key-1')).toBe(id);
    expect(actionJobId('chequeAction', '0499370899', 'key-1')).toBe(`chequeAction-${id.slice('transfer-'.length)}`);
  });

  it('differs for another actor or another key', () => {
    const ids = [
      actionJobId('transfer', '0499370899', 'key-1'),
      actionJobId('transfer', '0010350829', 'key-1'),
      actionJobId('transfer', '0499370899', 'key-2'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });
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

  it('settles as not applied an action whose call failed before it was handed over, whatever the error', async () => {
    for (const [key, failure] of [
      ['k6a', new Error('the consent store is down')],
      // Even an answer-like error (the token endpoint's 400) says nothing of the action's own request.
      [
        'k6b',
        new UpstreamError({ code: ErrorCode.UpstreamRejected, message: 'no', operationId: 'token', httpStatus: 400 }),
      ],
      ['k6c', new UpstreamError({ code: ErrorCode.UpstreamTimeout, message: 'late', operationId: 'token' })],
    ] as const) {
      const kind = new ScriptedKind([success('7')], 'fake');
      const { engine } = newEngine([kind]);
      const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
      const beforeHandOver = { send: () => Promise.reject(failure) };
      const job = await desk.execute(failingAction(false), { ...request(key), upstream: beforeHandOver });
      expect(job, key).toMatchObject({ status: 'FAILED', failure: { code: 'NOT_APPLIED' } });
      expect(kind.polls, key).toEqual([]);
      await engine.stop();
    }
  });

  it('settles a consent that stopped covering the action before its call was handed over as CONSENT_REQUIRED', async () => {
    const { engine } = newEngine([new ScriptedKind([success('7')], 'fake')]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const consentGone = {
      send: () =>
        Promise.reject(new GraphQLError('consent required', { extensions: { code: ErrorCode.ConsentRequired } })),
    };
    const job = await desk.execute(failingAction(false), { ...request('k6d'), upstream: consentGone });
    expect(job).toMatchObject({ status: 'FAILED', failure: { code: 'CONSENT_REQUIRED' } });
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

  it('finds an actor’s action by its key, and nothing under a key never used or another actor', async () => {
    const { engine } = newEngine([new ScriptedKind([success('7')], 'fake')]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    expect(await desk.find(action([]), '0499370899', 'k16')).toBeNull();
    const job = await desk.execute(action([]), request('k16'));
    expect(await desk.find(action([]), '0499370899', 'k16')).toEqual(job);
    expect(await desk.find(action([]), '0010350829', 'k16')).toBeNull();
    await engine.stop();
  });

  it('keeps the key from the claim for the retention given to the desk', async () => {
    const { engine, store } = newEngine([new ScriptedKind([success('7')], 'fake')]);
    const desk = new ActionDesk(engine, silentLogger, 90_000, trackIds, { now: () => 1_000_000 });
    const job = await desk.execute(action([]), request('k8'));
    expect(job.input.claimedAt).toBe(1_000_000);
    expect(job.retainUntil).toBe(1_090_000);
    expect((await store.get(job.id))?.retainUntil).toBe(1_090_000);
    await engine.stop();
  });

  it('refuses the key with another request, naming the argument, and sends nothing', async () => {
    const { engine } = newEngine([new ScriptedKind([success('7')], 'fake')]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const sends: string[] = [];
    await desk.execute(action(sends), request('k9', 'first'));
    const refusal = await desk.execute(action(sends), request('k9', 'second')).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(GraphQLError);
    expect(refusal).toMatchObject({
      message:
        'input.idempotencyKey: this idempotency key was used for another fake action; use a new key for a new fake action',
      extensions: { code: ErrorCode.BadUserInput, argumentPath: 'input.idempotencyKey' },
    });
    expect(sends).toEqual(['first']);
    await engine.stop();
  });

  it('fails, sending nothing, when a claim is refused but no action is stored under its id', async () => {
    const { engine } = newEngine([new ScriptedKind([success('7')], 'fake')], { store: new ForgetfulStore() });
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const sends: string[] = [];
    const id = actionJobId('fake', '0499370899', 'k10');
    await expect(desk.execute(action(sends), request('k10'))).rejects.toThrow(
      new Error(`fake action ${id} was claimed but is not in the store`),
    );
    expect(sends).toEqual([]);
    await engine.stop();
  });

  it('answers a duplicate of a stored action from one read of the store, and does not follow a finished one', async () => {
    const store = new ReadCountingStore();
    const { engine } = newEngine([new ScriptedKind([success('7')], 'fake')], { store });
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const sent = await desk.execute(action([]), request('k11'));
    const track = vi.spyOn(engine, 'track');
    store.reads = 0;
    const again = await desk.execute(action([]), request('k11'));
    expect(again).toEqual(sent);
    expect(again.status).toBe('SUCCESS');
    expect(store.reads).toBe(1);
    expect(track).not.toHaveBeenCalled();
    await engine.stop();
  });

  it('follows a pending action sent by another replica when a duplicate comes here, and sends nothing', async () => {
    const store = new CountingStore();
    const elsewhere = newEngine([new ScriptedKind([PENDING], 'fake')], { store });
    const here = newEngine([new ScriptedKind([PENDING], 'fake')], { store });
    const first = await new ActionDesk(elsewhere.engine, silentLogger, 60_000, trackIds).execute(
      failingAction(false),
      request('k12'),
    );
    expect(first.status).toBe('PENDING');
    const track = vi.spyOn(here.engine, 'track');
    const sends: string[] = [];
    const again = await new ActionDesk(here.engine, silentLogger, 60_000, trackIds).execute(
      action(sends),
      request('k12'),
    );
    expect(again).toMatchObject({ id: first.id, status: 'PENDING' });
    expect(track.mock.calls).toEqual([[first.id]]);
    expect(sends).toEqual([]);
    await Promise.all([elsewhere.engine.stop(), here.engine.stop()]);
  });

  it('follows a pending action once its send here has its answer, when a duplicate comes later', async () => {
    const { engine } = newEngine([new ScriptedKind([PENDING], 'fake')]);
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const first = await desk.execute(failingAction(false), request('k13'));
    expect(first.status).toBe('PENDING');
    const track = vi.spyOn(engine, 'track');
    const again = await desk.execute(failingAction(false), request('k13'));
    expect(again).toMatchObject({ id: first.id, status: 'PENDING' });
    expect(track.mock.calls).toEqual([[first.id]]);
    await engine.stop();
  });

  it('lets a concurrent duplicate wait for the send in flight here, following the action once', async () => {
    const store = new ReadCountingStore();
    const { engine } = newEngine([new ScriptedKind([PENDING], 'fake')], { store });
    const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
    const track = vi.spyOn(engine, 'track');
    const sending = deferred<void>();
    const release = deferred<void>();
    const slow: DeskAction<'fake', { readonly what: string }, FakeResult> = {
      ...failingAction(false),
      send: async (...args) => {
        sending.resolve();
        await release.promise;
        return failingAction(false).send(...args);
      },
    };
    const first = desk.execute(slow, request('k14'));
    await sending.promise;
    const readsBefore = store.reads;
    const duplicate = desk.execute(slow, request('k14'));
    // Once its read is answered, the duplicate finds the send in flight (before the send ends).
    await eventually(() => store.reads > readsBefore);
    release.resolve();
    const [sent, answered] = await Promise.all([first, duplicate]);
    expect(answered).toEqual(sent);
    expect(sent.status).toBe('PENDING');
    expect(track.mock.calls).toEqual([[sent.id]]);
    await engine.stop();
  });

  it('stores later the outcome it could not store, even one no poll could find again (never sent)', async () => {
    class FailingReplace extends CountingStore {
      failures = 0;
      override async replace(job: JobRecord, expectedVersion: number): Promise<boolean> {
        if (job.status !== 'PENDING' && this.failures > 0) {
          this.failures -= 1;
          throw new Error('store down');
        }
        return super.replace(job, expectedVersion);
      }
    }
    for (const [key, act, expected] of [
      ['k15', action([]), { status: 'SUCCESS', result: { amount: '1' } }],
      ['k16', failingAction(true), { status: 'FAILED', failure: { code: 'NOT_APPLIED' } }],
    ] as const) {
      const store = new FailingReplace();
      store.failures = 2;
      // The upstream never says anything of it: only the desk knows the outcome.
      const kind = new ScriptedKind([PENDING], 'fake');
      const { engine } = newEngine([kind], { store });
      const desk = new ActionDesk(engine, silentLogger, 60_000, trackIds);
      const job = await desk.execute(act, request(key));
      expect(job.status, key).toBe('PENDING');
      const settled = await eventually(async () => {
        const stored = await store.get(job.id);
        return stored?.status !== 'PENDING' && stored;
      });
      expect(settled, key).toMatchObject(expected);
      expect(store.failures, key).toBe(0);
      await engine.stop();
    }
  });
});

/**
 * An action whose one call fails with UPSTREAM_UNAVAILABLE: refused here before it was handed over (an
 * open breaker), or after it was handed to the transport (the answer settled nothing).
 */
function failingAction(notSent: boolean): DeskAction<'fake', { readonly what: string }, FakeResult> {
  const refused = new UpstreamError({
    code: ErrorCode.UpstreamUnavailable,
    message: 'refused before sending',
    operationId: 'oakTransferToDepositPost',
    notSent: true,
  });
  return {
    kind: 'fake',
    noun: 'fake action',
    send: (upstream, _order, trackId) =>
      notSent
        ? Promise.reject(refused)
        : upstream.send('oakTransferToDepositPost', { trackId }).then(() => ({ amount: '1' })),
    refusalOf: (error) => refusalFrom(error, 'fake action', () => ({ code: 'REFUSED', message: 'refused' })),
  };
}
