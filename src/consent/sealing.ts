/**
 * Consent records at rest: sealed with AES-256-GCM under a configured key, so that whoever reads the
 * store (or a dump of it) learns neither the upstream tokens nor whom they act for. Each record gets a
 * random 12-byte IV, and its store key is the additional authenticated data: a record copied under
 * another key does not open. A sealed record names the key it was sealed with by a short fingerprint,
 * so previous keys can still open the records sealed before a rotation while new ones use the current key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** `v1.<key fingerprint>.<iv>.<ciphertext>.<tag>`, each part base64url. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export type Unsealed = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: string };

interface SealingKey {
  readonly id: string;
  readonly secret: Buffer;
}

/** A short, non-secret fingerprint of a key, to find the key that opens a record. */
function fingerprint(secret: Buffer): string {
  return createHash('sha256').update('consent-sealing-key:').update(secret).digest('base64url').slice(0, 8);
}

function sealingKey(hex: string): SealingKey {
  const secret = Buffer.from(hex, 'hex');
  if (secret.length !== KEY_BYTES) throw new RangeError('a consent sealing key is 32 bytes');
  return { id: fingerprint(secret), secret };
}

export class ConsentSealer {
  private readonly current: SealingKey;
  private readonly byId: ReadonlyMap<string, SealingKey>;

  /** `currentKey` seals and opens; `previousKeys` only open. Keys are 32 bytes as 64 hex characters. */
  constructor(currentKey: string, previousKeys: readonly string[] = []) {
    this.current = sealingKey(currentKey);
    const keys = [this.current, ...previousKeys.map(sealingKey)];
    // The current key wins a (vanishingly unlikely) fingerprint clash.
    this.byId = new Map(keys.reverse().map((key) => [key.id, key]));
  }

  seal(storeKey: string, text: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.secret, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(storeKey, 'utf8'));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [VERSION, this.current.id, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The text sealed under `storeKey`, or why it cannot be opened (never any of its content). */
  open(storeKey: string, sealed: string): Unsealed {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== VERSION) return { ok: false, reason: 'not a sealed record' };
    const [, keyId, iv, body, tag] = parts as [string, string, string, string, string];
    const key = this.byId.get(keyId);
    if (!key) return { ok: false, reason: 'sealed with a key that is not configured' };
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
      return { ok: false, reason: 'not a sealed record' };
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.secret, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(storeKey, 'utf8'));
      decipher.setAuthTag(tagBytes);
      const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      return { ok: true, text };
    } catch {
      return { ok: false, reason: 'does not authenticate (altered, or sealed under another store key)' };
    }
  }
}
