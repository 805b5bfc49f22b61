import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createContext, type Services } from '../../src/context.js';

function servicesLogging(lines: string[]): Services {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino(sink), requestConcurrency: 4, maxUpstreamCalls: null } as unknown as Services;
}

describe("an operation's logger", () => {
  it('carries the request id, and is one logger however often it is asked for', async () => {
    const lines: string[] = [];
    const context = createContext(servicesLogging(lines), { requestId: 'req-7' });
    expect(context.logger).toBe(context.logger);
    context.logger.info('hello');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ requestId: 'req-7', msg: 'hello' }),
    ]);
  });

  it('is kept by an operation context that gets more members assigned', () => {
    const context = Object.assign(createContext(servicesLogging([]), { requestId: 'req-8' }), { extra: 1 });
    expect(context.logger.bindings()).toMatchObject({ requestId: 'req-8' });
  });
});
