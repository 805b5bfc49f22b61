import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config.js';

const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
/** `NAME=value` lines of .env.example, comments left out. */
const listed = example
  .split('\n')
  .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
  .map((line) => line.slice(0, line.indexOf('=')));

describe('.env.example', () => {
  it('lists every variable the subgraph reads, once, and nothing else', () => {
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('gives the defaults: loaded as it is, it is the configuration of an unset environment', () => {
    const values = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(loadConfig(values)).toEqual(loadConfig({}));
  });
});
