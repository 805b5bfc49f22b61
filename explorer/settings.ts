/** What the page tells the browser code, and the names both sides agree on. */
export interface ExplorerSettings {
  /** The GraphQL endpoint, on the page's own origin (HTTP, and graphql-ws on the same path). */
  readonly graphqlPath: string;
  /** Where the bundle, its styles and its workers are served, ending with a slash. */
  readonly assetsPath: string;
  readonly defaultQuery: string;
  /** The headers editor's first content (JSON), when the subgraph asks for a router secret. */
  readonly defaultHeaders: string | null;
}

/** The header the router secret travels in; the browser code moves it into graphql-ws connectionParams. */
export const ROUTER_SECRET_HEADER = 'router-authorization';

/** Monaco's web workers, by the label Monaco asks for. */
export const WORKERS = {
  editor: 'editor.worker.js',
  json: 'json.worker.js',
  graphql: 'graphql.worker.js',
} as const;
