/**
 * ConsentSealer and the store keys on their own: the sealed format (records sealed by an earlier release
 * must still open), why a record does not open, and the digests and masks of secrets.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConsentSealer } from '../../src/consent/sealing.js';
import { maskMobile, storeKey } from '../../src/consent/secrets.js';
import { at } from '../helpers/responses.js';

const KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
/** `{"id":"consent-1"}` sealed under `active:k` with KEY. */
const SEALED = 'v1.rZgC-i5a.9iB2oTn7QkJZ_Z62.NvLy-6guLKfFgqNKEBSTQrE4.pPQMkXP_hXDHCJDI-OO_rg';
const newKey = () => randomBytes(32).toString('hex');

/** `sealed` with its part `index` replaced by `part`. */
function withPart(sealed: string, index: number, part: string): string {
  const parts = sealed.split('.');
  parts[index] = part;
  return parts.join('.');
}

describe('ConsentSealer', () => {
  it('opens a record sealed by an earlier release: the format and the key fingerprint are stable', () => {
    expect(new ConsentSealer(KEY).open('active:k', SEALED)).toEqual({ ok: true, text: '{"id":"consent-1"}' });
    expect(new ConsentSealer(newKey(), [KEY]).open('active:k', SEALED)).toEqual({
      ok: true,
      text: '{"id":"consent-1"}',
    });
  });

  it('seals as v1, the key fingerprint, a 12-byte IV, the ciphertext and a 16-byte tag', () => {
    const sealed = new ConsentSealer(KEY).seal('active:k', '{"id":"consent-1"}').split('.');
    expect(sealed).toHaveLength(5);
    expect(sealed.slice(0, 2)).toEqual(['v1', 'rZgC-i5a']);
    expect(Buffer.from(at(sealed, 2), 'base64url')).toHaveLength(12);
    expect(Buffer.from(at(sealed, 3), 'base64url')).toHaveLength('{"id":"consent-1"}'.length);
    expect(Buffer.from(at(sealed, 4), 'base64url')).toHaveLength(16);
  });

  it('opens text that is not ASCII', () => {
    const sealer = new ConsentSealer(newKey());
    expect(sealer.open('active:کلید', sealer.seal('active:کلید', 'قبض ۱۲'))).toEqual({ ok: true, text: 'قبض ۱۲' });
  });

  it.each([
    ['four parts', SEALED.split('.').slice(0, 4).join('.')],
    ['six parts', `${SEALED}.x`],
    ['another version', withPart(SEALED, 0, 'v2')],
    ['an IV of 11 bytes', withPart(SEALED, 2, Buffer.alloc(11).toString('base64url'))],
    ['a tag of 12 bytes', withPart(SEALED, 4, Buffer.alloc(12).toString('base64url'))],
  ])('says a record with %s is not a sealed record', (_, sealed) => {
    expect(new ConsentSealer(KEY).open('active:k', sealed)).toEqual({ ok: false, reason: 'not a sealed record' });
  });

  it('says a record sealed with a key it does not know was sealed with a key that is not configured', () => {
    expect(new ConsentSealer(newKey(), [newKey()]).open('active:k', SEALED)).toEqual({
      ok: false,
      reason: 'sealed with a key that is not configured',
    });
  });

  it.each([
    ['under another store key', 'active:other', SEALED],
    ['altered', 'active:k', withPart(SEALED, 3, Buffer.alloc(18).toString('base64url'))],
  ])('says a record %s does not authenticate', (_, key, sealed) => {
    expect(new ConsentSealer(KEY).open(key, sealed)).toEqual({
      ok: false,
      reason: 'does not authenticate (altered, or sealed under another store key)',
    });
  });

  it('refuses a key that is not 32 bytes, saying so', () => {
    expect(() => new ConsentSealer(KEY.slice(2))).toThrow('a consent sealing key is 32 bytes');
    expect(() => new ConsentSealer(KEY, [`${KEY}00`])).toThrow(RangeError);
  });
});

describe('secrets', () => {
  it('keys a secret by its kind and the base64url SHA-256 of it, stable across releases', () => {
    expect(storeKey('active', 'handle-1')).toBe('active:Qhnc11qh__aS3cXPhMGzS_eZqq0pGv3wPd4iE_Lzs5c');
    expect(storeKey('pending', 'handle-1')).toBe('pending:Qhnc11qh__aS3cXPhMGzS_eZqq0pGv3wPd4iE_Lzs5c');
  });

  it('masks a mobile number but its first and last four digits', () => {
    expect(maskMobile('09121234567')).toBe('0912***4567');
  });
});
