/**
 * The embedded sandbox, for development and tests: the top-level `sandbox/` package, started in-process
 * when no upstream is configured. This module is the subgraph's only way to it, by one dynamic import of
 * a computed specifier that tsc does not follow: the build (`dist/`) holds none of the sandbox's code.
 */
import { ConfigError } from './config.js';
import type { Clock } from './lib/clock.js';

/** What the subgraph keeps of the sandbox it started (the sandbox's own handle offers more). */
export interface EmbeddedSandbox {
  /** Base URL the upstream client is pointed at. */
  readonly url: string;
  /** Whether it serves its fault-control admin path (`/__sandbox/…`). */
  readonly admin: boolean;
  close(): Promise<void>;
}

export interface EmbeddedSandboxOptions {
  /** The credentials it accepts: the subgraph's own. */
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clientNid: string;
  readonly asyncDelayMs: number;
  readonly admin: boolean;
  /** The subgraph's clock: the sandbox answers as of the same time. */
  readonly clock?: Clock;
}

/** The part of the sandbox's entry (`sandbox/index.ts`) this module uses. */
export interface SandboxEntry {
  startSandbox(options: EmbeddedSandboxOptions): Promise<EmbeddedSandbox>;
}

export const SANDBOX_NOT_IN_BUILD =
  'UPSTREAM_BASE_URL is required in production: the embedded sandbox is not part of the build ' +
  '(set UPSTREAM_BASE_URL, UPSTREAM_CLIENT_ID, UPSTREAM_CLIENT_SECRET and UPSTREAM_CLIENT_NID, or run ' +
  'the sandbox on its own with `npm run sandbox` and point UPSTREAM_BASE_URL at it)';

/** The sandbox's entry, beside `src/`: a string, never a literal import, so tsc leaves it out of the build. */
const SANDBOX_ENTRY = '../sandbox/index.ts';

/** Whether this module runs from the TypeScript sources (tsx, vitest) rather than from the build. */
export function sandboxAvailable(moduleUrl: string = import.meta.url): boolean {
  return moduleUrl.endsWith('.ts');
}

/**
 * Starts the sandbox in this process. From the build it throws a ConfigError at once: the build has no
 * sandbox, and a production process must be given its upstream.
 */
export async function startEmbeddedSandbox(options: EmbeddedSandboxOptions): Promise<EmbeddedSandbox> {
  if (!sandboxAvailable()) throw new ConfigError(SANDBOX_NOT_IN_BUILD);
  const specifier = new URL(SANDBOX_ENTRY, import.meta.url).href;
  const entry = (await import(/* @vite-ignore */ specifier)) as SandboxEntry;
  return entry.startSandbox(options);
}
