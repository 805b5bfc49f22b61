/** Small fake media files for the upload tests: the magic bytes the checks look for, then filler. */
import { createHash } from 'node:crypto';

/** `size` bytes drawn from `seed`, so different seeds give different files of the same size. */
function filler(seed: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let at = 0; at < size; at += block.length) {
    block.copy(out, at, 0, Math.min(block.length, size - at));
    if (at + block.length < size && at % 65_536 === 0) block = createHash('sha256').update(block).digest();
  }
  return out;
}

function withHeader(header: readonly number[], seed: string, size: number): Buffer {
  const file = filler(seed, Math.max(size, header.length));
  Buffer.from(header).copy(file, 0);
  return file;
}

/** An MP4: a `ftyp` box first (size, `ftyp`, brand `isom`). */
export const mp4 = (seed = 'video', size = 2048): Buffer =>
  withHeader([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d], seed, size);

/** A WebM: the EBML header magic. */
export const webm = (seed = 'video', size = 2048): Buffer => withHeader([0x1a, 0x45, 0xdf, 0xa3], seed, size);

/** A JPEG: SOI and an APP0 marker. */
export const jpeg = (seed = 'card', size = 1024): Buffer => withHeader([0xff, 0xd8, 0xff, 0xe0], seed, size);

/** A PNG: a face photo may be one, a video or a card image may not. */
export const png = (seed = 'png', size = 1024): Buffer =>
  withHeader([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], seed, size);

export const MiB = 1024 * 1024;

/** The first seed `make(seed)` of which `accept` holds, trying `<prefix>-0`, `<prefix>-1`, … */
export function findFile(make: (seed: string) => Buffer, accept: (file: Buffer) => boolean, prefix = 'seek'): Buffer {
  for (let i = 0; i < 10_000; i++) {
    const file = make(`${prefix}-${i}`);
    if (accept(file)) return file;
  }
  throw new Error('no file found');
}
