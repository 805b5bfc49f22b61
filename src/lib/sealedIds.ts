/**
 * Ids the subgraph hands out and takes back (a challenge's checkId), carrying what the next step needs
 * and signed, so a caller cannot make one up for someone else. The key is the same on every replica.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TAG_BYTES = 16;

export class SealedIds {
  private readonly key: Buffer;

  /** `secret` is shared by the replicas; `purpose` keeps ids of one kind from passing as another's. */
  constructor(secret: string | Buffer, purpose: string) {
    this.key = createHmac('sha256', secret).update(`sealed-ids:${purpose}`).digest();
  }

  /** `payload` (no `.` in it) and its tag, as base64url. */
  seal(payload: string): string {
    return `${Buffer.from(payload).toString('base64url')}.${this.tag(payload).toString('base64url')}`;
  }

  /** The payload of an id this sealed; null for anything else. */
  open(id: string): string | null {
    const [body, tag, ...rest] = id.trim().split('.');
    if (!body || !tag || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(body) || !/^[A-Za-z0-9_-]+$/.test(tag))
      return null;
    const payload = Buffer.from(body, 'base64url').toString();
    const given = Buffer.from(tag, 'base64url');
    const expected = this.tag(payload);
    return given.length === expected.length && timingSafeEqual(given, expected) ? payload : null;
  }

  private tag(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, TAG_BYTES);
  }
}
