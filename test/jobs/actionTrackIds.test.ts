/** Derived trackIds of money and cheque actions: stable, apart per client, kind, actor and key, and keyed. */
import { describe, expect, it } from 'vitest';
import { actionTrackIds, actionTrackKey } from '../../src/jobs/actionTrackIds.js';

const name = { kind: 'transfer', actor: '0499370899', idempotencyKey: 'key-1' };
const key = actionTrackKey('a-secret-of-at-least-thirty-two-characters', 'client-secret');

describe('action trackIds', () => {
  it('are the same for the same action, in any process', () => {
    expect(actionTrackIds(key, 'client')(name)).toBe(actionTrackIds(Buffer.from(key), 'client')({ ...name }));
  });

  it('are UUIDs, within the 38 characters that leave room for the R- of a resend', () => {
    const trackId = actionTrackIds(key, 'client')(name);
    expect(trackId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differ for another client, kind, actor or key, and for fields that only run together alike', () => {
    const of = actionTrackIds(key, 'client');
    const all = [
      of(name),
      actionTrackIds(key, 'client2')(name),
      of({ ...name, kind: 'chequeAction' }),
      of({ ...name, actor: '0010350829' }),
      of({ ...name, idempotencyKey: 'key-2' }),
      of({ kind: 'transfer', actor: '0499370899k', idempotencyKey: 'ey-1' }),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('depend on the secret: without it nobody can compute them', () => {
    const other = actionTrackKey('another-secret-of-at-least-thirty-two-chars', 'client-secret');
    expect(actionTrackIds(other, 'client')(name)).not.toBe(actionTrackIds(key, 'client')(name));
  });

  it('are made with the configured secret when there is one, not with the fallback', () => {
    // Computed here, not at load: a key made before the test would not show how the test's code makes it.
    const configured = actionTrackKey('a-configured-secret-of-thirty-two-chars', 'client-secret');
    expect(configured).toEqual(Buffer.from('a-configured-secret-of-thirty-two-chars', 'utf8'));
    expect(configured).not.toEqual(actionTrackKey(null, 'client-secret'));
    expect(actionTrackIds(configured, 'client')(name)).not.toBe(
      actionTrackIds(actionTrackKey(null, 'client-secret'), 'client')(name),
    );
    expect(actionTrackKey('a-configured-secret-of-thirty-two-chars', 'another-client-secret')).toEqual(configured);
  });

  it('fall back to a key derived from the client secret, never the client secret itself', () => {
    const derived = actionTrackKey(null, 'client-secret');
    expect(derived).toEqual(actionTrackKey(null, 'client-secret'));
    expect(derived).not.toEqual(actionTrackKey(null, 'other-secret'));
    expect(derived.toString('utf8')).not.toContain('client-secret');
  });
});
