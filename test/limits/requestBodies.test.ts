/** The request bodies a process holds, bounded in bytes, and large ones parsed a turn of the event loop each. */
import { describe, expect, it } from 'vitest';
import { RequestBodies } from '../../src/limits/requestBodies.js';

const large = (tag: string) => JSON.stringify({ tag, pad: 'x'.repeat(300 * 1024) });

describe('RequestBodies', () => {
  it('takes bytes up to the bound, refuses the chunk that would pass it, and takes again what is given back', () => {
    const bodies = new RequestBodies(100);
    expect(bodies.take(60)).toBe(true);
    expect(bodies.take(40)).toBe(true);
    expect(bodies.take(1)).toBe(false);
    expect(bodies.heldBytes).toBe(100);
    bodies.give(40);
    expect(bodies.take(41)).toBe(false);
    expect(bodies.take(40)).toBe(true);
    bodies.give(500);
    expect(bodies.heldBytes).toBe(0);
  });

  it('bounds nothing without a bound', () => {
    const bodies = new RequestBodies(null);
    expect(bodies.take(Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('parses a small body at once and a large one in a turn of its own, a waiting callback served between two', async () => {
    const bodies = new RequestBodies(null);
    const order: string[] = [];
    const first = bodies.parse(large('a')).then((value) => order.push(`parsed ${(value as { tag: string }).tag}`));
    const second = bodies.parse(large('b')).then((value) => order.push(`parsed ${(value as { tag: string }).tag}`));
    // Queued after both large bodies, as a probe arriving meanwhile is: served before the second is parsed.
    const probe = new Promise<void>((resolve) =>
      setImmediate(() => setImmediate(() => (order.push('probe'), resolve()))),
    );
    expect(await bodies.parse('{"small":true}')).toEqual({ small: true });
    await Promise.all([first, second, probe]);
    expect(order).toEqual(['parsed a', 'probe', 'parsed b']);
  });

  it('rejects a large body that is not JSON, and parses the next one still', async () => {
    const bodies = new RequestBodies(null);
    const broken = bodies.parse(`{${'x'.repeat(300 * 1024)}`);
    const next = bodies.parse(large('c'));
    await expect(broken).rejects.toThrow(SyntaxError);
    expect(((await next) as { tag: string }).tag).toBe('c');
    await expect(bodies.parse('{')).rejects.toThrow(SyntaxError);
  });
});
