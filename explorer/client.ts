/**
 * The explorer in the browser: GraphiQL against this page's own origin, queries and mutations over HTTP,
 * subscriptions over graphql-ws. Bundled by `bundle.ts`; nothing here is loaded from anywhere else.
 */
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import './page.css';
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

const fetcher: Fetcher = (params, options) => {
  const secret = options?.headers?.[ROUTER_SECRET_HEADER];
  const wsClient = wsClientFor(typeof secret === 'string' ? secret : '');
  return createGraphiQLFetcher({ url: httpUrl, wsClient })(params, options);
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
