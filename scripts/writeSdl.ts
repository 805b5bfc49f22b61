/**
 * Writes this subgraph's SDL, as a router fetches it (`_service { sdl }`, with its `@link`), to
 * `schema.sdl.graphql` at the project's root, or to the path given as the first argument (relative to
 * where npm was run). The schema is built in-process: no upstream, no sandbox, no Redis.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { graphql } from 'graphql';
import { buildSchema } from '../src/schema.js';

export const DEFAULT_SDL_FILE = fileURLToPath(new URL('../schema.sdl.graphql', import.meta.url));

/** What `{ _service { sdl } }` answers. */
export async function subgraphSdl(): Promise<string> {
  const result = await graphql({ schema: buildSchema(), source: '{ _service { sdl } }' });
  const sdl: unknown = (result.data?.['_service'] as { sdl?: unknown } | undefined)?.sdl;
  if (result.errors?.length || typeof sdl !== 'string') {
    throw new Error(`_service { sdl } failed: ${result.errors?.map((e) => e.message).join('; ') ?? 'no sdl'}`);
  }
  return sdl;
}

if (process.argv[1]?.endsWith('writeSdl.ts')) {
  // npm runs scripts from the project's root; INIT_CWD is where it was called.
  const target = process.argv[2]
    ? resolve(process.env['INIT_CWD'] ?? process.cwd(), process.argv[2])
    : DEFAULT_SDL_FILE;
  writeFileSync(target, await subgraphSdl());
  console.log(`wrote ${target}`);
}
