/**
 * The explorer in the browser: GraphiQL against this page's own origin, queries and mutations over HTTP,
 * subscriptions over graphql-ws. Bundled by `bundle.ts`; nothing here is loaded from anywhere else.
 */
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import './page.css';
import { parse, type DocumentNode } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ROUTER_SECRET_HEADER, WORKERS, type ExplorerSettings } from './settings.js';

const settings = JSON.parse(document.getElementById('explorer-settings')?.textContent ?? '{}') as ExplorerSettings;

// Monaco runs its language services in workers, served beside the bundle.
(globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
  getWorker: (_id: string, label: string) =>
    new Worker(`${settings.assetsPath}${label === 'json' || label === 'graphql' ? WORKERS[label] : WORKERS.editor}`),
};

const httpUrl = new URL(settings.graphqlPath, location.href).href;
const wsUrl = httpUrl.replace(/^http/, 'ws');

/** One graphql-ws client per router secret typed under Headers (the secret goes in its connectionParams). */
const wsClients = new Map<string, Client>();
function wsClientFor(secret: string): Client {
  let client = wsClients.get(secret);
  if (!client) {
    client = createClient({ url: wsUrl, connectionParams: secret ? { routerSecret: secret } : {} });
    wsClients.set(secret, client);
  }
  return client;
}

/** The operation's document, parsed from what is run: GraphiQL's own parse lags the editor by a moment. */
function documentOf(query: string): DocumentNode | undefined {
  try {
    return parse(query);
  } catch {
    return undefined;
  }
}

// The toolkit sends an operation over graphql-ws only when the document it is given holds a subscription.
// GraphiQL gives the editor's last parsed document, which, when Run follows an edit at once, can still be
// the previous operation: the subscription would then be posted over HTTP, which the subgraph refuses.
const fetcher: Fetcher = (params, options) => {
  const secret: unknown = options?.headers?.[ROUTER_SECRET_HEADER];
  const wsClient = wsClientFor(typeof secret === 'string' ? secret : '');
  const documentAST = documentOf(params.query) ?? options?.documentAST;
  return createGraphiQLFetcher({ url: httpUrl, wsClient })(params, { ...options, documentAST });
};

const root = document.getElementById('explorer');
if (root) {
  createRoot(root).render(
    createElement(GraphiQL, {
      fetcher,
      defaultQuery: settings.defaultQuery,
      ...(settings.defaultHeaders && { defaultHeaders: settings.defaultHeaders }),
      defaultEditorToolsVisibility: settings.defaultHeaders ? 'headers' : false,
    }),
  );
}
