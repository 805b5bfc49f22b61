/** The action desk on its own: a claim whose reply was lost, and a pending action claimed elsewhere, are followed. */
import { describe, expect, it } from 'vitest';
import { ActionDesk, type DeskAction } from '../../src/jobs/actionDesk.js';
import type { JobRecord } from '../../src/jobs/types.js';
import { CountingStore, ScriptedKind, newEngine, silentLogger, success, waitFor, type FakeResult } from './support.js';

/** A store that stores a claim but answers as if it were refused, as when the store's reply is lost and the claim resent. */
class LostReplyStore extends CountingStore {
  override async insert(job: JobRecord): Promise<boolean> {
    await this.inner.insert(job);
    return false;
  }
}

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
    const desk = new ActionDesk(engine, silentLogger, 60_000);
    const sends: string[] = [];
    const job = await desk.execute(action(sends), request('k1'));
    expect(job.status).toBe('PENDING');
    await waitFor(async () => (await store.get(job.id))?.status === 'SUCCESS');
    expect(sends).toEqual([]);
    await engine.stop();
  });

  it('sends a new action once and answers duplicates from the store', async () => {
    const kind = new ScriptedKind([success('7')], 'fake');
    const { engine } = newEngine([kind]);
    const desk = new ActionDesk(engine, silentLogger, 60_000);
    const sends: string[] = [];
    const answers = await Promise.all([1, 2, 3].map(() => desk.execute(action(sends), request('k2'))));
    expect(sends).toEqual(['k2']);
    expect(new Set(answers.map((job) => job.id)).size).toBe(1);
    expect(answers.every((job) => job.status === 'SUCCESS')).toBe(true);
    expect(kind.polls).toEqual([]);
    await engine.stop();
  });
});
