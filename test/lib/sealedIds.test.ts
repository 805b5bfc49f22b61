import { describe, expect, it } from 'vitest';
import { SealedIds } from '../../src/lib/sealedIds.js';

describe('SealedIds', () => {
  const ids = new SealedIds('client-secret', 'check');

  it('opens what it sealed, on any replica with the same secret', () => {
    const id = ids.seal('0499370899:track-1');
    expect(ids.open(id)).toBe('0499370899:track-1');
    expect(new SealedIds('client-secret', 'check').open(id)).toBe('0499370899:track-1');
  });

  it('refuses an id with another payload, another secret or another purpose, or no tag', () => {
    const id = ids.seal('0499370899:track-1');
    const [, tag] = id.split('.');
    expect(ids.open(`${Buffer.from('0067749828:track-1').toString('base64url')}.${tag ?? ''}`)).toBeNull();
    expect(new SealedIds('another-secret', 'check').open(id)).toBeNull();
    expect(new SealedIds('client-secret', 'other').open(id)).toBeNull();
    expect(ids.open(Buffer.from('0499370899:track-1').toString('base64url'))).toBeNull();
    expect(ids.open(`${id}.extra`)).toBeNull();
    expect(ids.open('not an id')).toBeNull();
  });
});
