import type { RecordReader } from './read.js';

/** Booleans arrive as JSON booleans, `"true"`/`"false"`, or `Y`/`N`. */
export function flag(read: RecordReader, value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = read.text(value)?.toLowerCase();
  if (text === 'true' || text === 'y' || text === 'yes') return true;
  if (text === 'false' || text === 'n' || text === 'no') return false;
  return null;
}
