/**
 * Bundles the browser code (`client.ts`: GraphiQL, React, Monaco and its workers) from node_modules with
 * esbuild, in memory. Nothing is written to disk and nothing is fetched: the explorer works offline.
 */
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKERS } from './settings.js';

/** One file of the bundle, as served. */
export interface Asset {
  readonly contentType: string;
  readonly body: Uint8Array;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
};

const require = createRequire(import.meta.url);

/** The bundle's files by name (`app.js`, `app.css`, the workers, fonts), URLs inside them under `assetsPath`. */
export async function bundleExplorer(assetsPath: string): Promise<ReadonlyMap<string, Asset>> {
  const { build } = await import('esbuild');
  const outdir = fileURLToPath(new URL('./out/', import.meta.url));
  const result = await build({
    entryPoints: {
      app: fileURLToPath(new URL('./client.ts', import.meta.url)),
      [basename(WORKERS.editor, '.js')]: require.resolve('monaco-editor/esm/vs/editor/editor.worker.js'),
      [basename(WORKERS.json, '.js')]: require.resolve('monaco-editor/esm/vs/language/json/json.worker.js'),
      [basename(WORKERS.graphql, '.js')]: require.resolve('monaco-graphql/esm/graphql.worker.js'),
    },
    bundle: true,
    write: false,
    outdir,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.ttf': 'file' },
    assetNames: '[name]-[hash]',
    publicPath: assetsPath,
  });
  const assets = new Map<string, Asset>();
  for (const file of result.outputFiles) {
    const name = file.path.slice(outdir.length);
    const extension = name.slice(name.lastIndexOf('.'));
    const contentType = CONTENT_TYPES[extension];
    if (contentType) assets.set(name, { contentType, body: file.contents });
  }
  return assets;
}
