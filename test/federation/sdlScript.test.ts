/**
 * `npm run sdl` (scripts/writeSdl.ts) writes the SDL a router fetches from `_service { sdl }`, in a
 * process of its own that has no upstream, no sandbox and no Redis to reach.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SDL_FILE } from '../../scripts/writeSdl.js';
import { useHarness } from '../helpers/harness.js';
import { PROJECT_ROOT } from '../helpers/procUtils.js';
import { dataOf } from '../helpers/responses.js';

const run = promisify(execFile);
const TSX = new URL('node_modules/tsx/dist/loader.mjs', `file://${PROJECT_ROOT}`).href;

describe('npm run sdl', () => {
  const harness = useHarness();
  const dir = mkdtempSync(join(tmpdir(), 'subgraph-sdl-'));
  let served = '';
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeAll(async () => {
    served = dataOf(await harness.gql<{ _service: { sdl: string } }>('{ _service { sdl } }'))._service.sdl;
  });

  it('writes, to a path relative to where npm was called, exactly what _service { sdl } answers', async () => {
    // As npm runs it: from the project's root, with INIT_CWD where it was called; nothing else configured.
    const { stdout } = await run(process.execPath, ['--import', TSX, 'scripts/writeSdl.ts', 'out.graphql'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', INIT_CWD: dir },
      timeout: 60_000,
    });
    const target = join(dir, 'out.graphql');
    expect(stdout.trim()).toBe(`wrote ${target}`);
    const written = readFileSync(target, 'utf8');
    expect(written.length).toBeGreaterThan(10_000);
    expect(written).toBe(served);

    const document = parse(written);
    const links = document.definitions
      .filter((d) => d.kind === Kind.SCHEMA_EXTENSION)
      .flatMap((d) => d.directives ?? [])
      .filter((d) => d.name.value === 'link');
    expect(links.length).toBeGreaterThan(0);
    expect(written).toContain('@link(url: "https://specs.apollo.dev/federation/v2.9"');
    expect(document.definitions.some((d) => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === 'Query')).toBe(
      true,
    );
  }, 60_000);

  it('writes schema.sdl.graphql at the project root when given no path', () => {
    expect(DEFAULT_SDL_FILE).toBe(join(PROJECT_ROOT, 'schema.sdl.graphql'));
  });
});
