/**
 * The explorer's entry, reached by the subgraph only through `src/explorer.ts`: the page a browser gets
 * for `GET /graphql`, and the bundle it loads, all from the subgraph's own origin.
 */
import type { IncomingMessage } from 'node:http';
import type { Explorer, ExplorerOptions } from '../src/explorer.js';
import { bundleExplorer, type Asset } from './bundle.js';
import { ROUTER_SECRET_HEADER, type ExplorerSettings } from './settings.js';

/**
 * Only this origin: scripts, workers, styles, fonts and connections (HTTP and graphql-ws). Styles also
 * inline, because Monaco writes its theme into `<style>` elements; fonts and images also from `data:`
 * (GraphiQL's stylesheet carries its fonts). Nothing is loaded from, or sent to, anywhere else.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SAMPLE_QUERY = `# GraphiQL, served by this subgraph (nothing from a CDN). Run an operation with Ctrl-Enter.
# Subscriptions run over graphql-ws on this same path: start a bill inquiry below, then subscribe to
# jobUpdated with the id it returned.

query PostalAddress {
  postalAddress(postalCode: "7736999262") {
    postalCode
    province
    township
    street
  }
}

mutation StartBillInquiry {
  startBillInquiry(input: { type: TEL, parameter: "02177689361" }) {
    id
    status
  }
}

subscription JobUpdated {
  jobUpdated(id: "paste the job id here") {
    id
    status
    updatedAt
  }
}
`;

const SECRET_NOTE = `# This subgraph asks for its router secret (ROUTER_SECRET). Put it under Headers, as
# {"${ROUTER_SECRET_HEADER}": "…"}: queries send the header, and subscriptions send it as routerSecret
# in their connectionParams. Or switch the explorer off with EXPLORER_ENABLED=false.
`;

/** Bundles by assets path: made once per process, on first use; a failed one is tried again next time. */
const bundles = new Map<string, Promise<ReadonlyMap<string, Asset>>>();

function bundled(assetsPath: string): Promise<ReadonlyMap<string, Asset>> {
  let bundle = bundles.get(assetsPath);
  if (!bundle) {
    bundle = bundleExplorer(assetsPath);
    bundle.catch(() => bundles.delete(assetsPath));
    bundles.set(assetsPath, bundle);
  }
  return bundle;
}

export function createExplorer(options: ExplorerOptions): Explorer {
  const settings: ExplorerSettings = {
    graphqlPath: options.graphqlPath,
    assetsPath: options.assetsPath,
    defaultQuery: options.routerSecretRequired ? `${SECRET_NOTE}\n${SAMPLE_QUERY}` : SAMPLE_QUERY,
    defaultHeaders: options.routerSecretRequired
      ? JSON.stringify({ [ROUTER_SECRET_HEADER]: 'the router secret' }, null, 2)
      : null,
  };
  const html = page(settings);
  const assets = () => bundled(options.assetsPath);

  return {
    async handle(req, res, path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      if (path === options.graphqlPath && wantsHtml(req)) {
        // The browser asks for the bundle next: start it now.
        assets().catch(() => undefined);
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
        });
        res.end(req.method === 'HEAD' ? undefined : html);
        return true;
      }
      if (!path.startsWith(options.assetsPath)) return false;
      const asset = (await assets()).get(path.slice(options.assetsPath.length));
      if (!asset) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('not found');
        return true;
      }
      res.writeHead(200, {
        'content-type': asset.contentType,
        'content-length': asset.body.byteLength,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : asset.body);
      return true;
    },
  };
}

/** A browser's navigation: HTML accepted ahead of JSON (a GraphQL client's GET asks for JSON). */
function wantsHtml(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

function page(settings: ExplorerSettings): string {
  // JSON in a data block is never run; `<` escaped so no text can close the element.
  const data = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>GraphiQL · inquiry subgraph</title>
    <link rel="stylesheet" href="${settings.assetsPath}app.css" />
  </head>
  <body>
    <div id="explorer">Loading the explorer…</div>
    <script id="explorer-settings" type="application/json">${data}</script>
    <script src="${settings.assetsPath}app.js"></script>
  </body>
</html>
`;
}
