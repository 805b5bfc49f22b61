import { createHash } from 'node:crypto';

/**
 * A small deterministic random source: the SHA-256 of a seed string feeds an sfc32 generator, so the
 * same seed gives the same sequence on every machine and every run.
 */
export class Dice {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    const hash = createHash('sha256').update(seed).digest();
    this.a = hash.readUInt32BE(0);
    this.b = hash.readUInt32BE(4);
    this.c = hash.readUInt32BE(8);
    this.d = hash.readUInt32BE(12);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Dice.pick on an empty list');
    return item;
  }

  /** `length` digits, the first one not zero (so the value survives being sent as a JSON number). */
  digits(length: number): string {
    let out = String(this.int(1, 9));
    while (out.length < length) out += String(this.int(0, 9));
    return out;
  }
}
