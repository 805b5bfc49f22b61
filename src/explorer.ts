/**
 * The GraphiQL explorer, for development: the top-level `explorer/` package, bundled from node_modules
 * when first asked for. Like the embedded sandbox, it is reached only by one dynamic import of a computed
 * specifier that tsc does not follow: the build (`dist/`) holds none of it and never serves it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Explorer {
  /** Answers the request when it is the explorer's (the page or a file of its bundle); false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean>;
}

export interface ExplorerOptions {
  /** The GraphQL endpoint's path: a browser's GET of it is given the page. */
  readonly graphqlPath: string;
  /** Where the bundle is served, ending with a slash. */
  readonly assetsPath: string;
  /** Whether the subgraph asks for its router secret: the page then says how to give it. */
  readonly routerSecretRequired: boolean;
}

/** The part of the explorer's entry (`explorer/index.ts`) this module uses. */
export interface ExplorerEntry {
  createExplorer(options: ExplorerOptions): Explorer;
}

/** The explorer's entry, beside `src/`: a string, never a literal import, so tsc leaves it out of the build. */
const EXPLORER_ENTRY = '../explorer/index.ts';

/** The explorer, when this module runs from the TypeScript sources (tsx, vitest); null from the build. */
export async function loadExplorer(
  options: ExplorerOptions,
  moduleUrl: string = import.meta.url,
): Promise<Explorer | null> {
  if (!moduleUrl.endsWith('.ts')) return null;
  const specifier = new URL(EXPLORER_ENTRY, moduleUrl).href;
  const entry = (await import(/* @vite-ignore */ specifier)) as ExplorerEntry;
  return entry.createExplorer(options);
}
