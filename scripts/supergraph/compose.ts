/** Composes running subgraphs into a supergraph, from the SDL each serves at `_service { sdl }`. */
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';

export interface SubgraphEndpoint {
  /** The subgraph's name in the supergraph (its `join__Graph`). */
  readonly name: string;
  /** Its GraphQL endpoint over HTTP. */
  readonly url: string;
  /** Headers it needs on every request (our subgraph: the router secret, when it has one). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The SDL a subgraph serves for composition. */
export async function fetchSubgraphSdl(subgraph: SubgraphEndpoint): Promise<string> {
  const response = await fetch(subgraph.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...subgraph.headers },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json()) as { data?: { _service?: { sdl?: string } }; errors?: unknown };
  const sdl = body.data?._service?.sdl;
  if (!response.ok || typeof sdl !== 'string') {
    throw new Error(`${subgraph.name} (${subgraph.url}) gave no SDL: HTTP ${response.status} ${JSON.stringify(body)}`);
  }
  return sdl;
}

/** The supergraph SDL of `subgraphs`; throws with every composition error. */
export async function composeSupergraph(subgraphs: readonly SubgraphEndpoint[]): Promise<string> {
  const services = await Promise.all(
    subgraphs.map(async (subgraph) => ({
      name: subgraph.name,
      url: subgraph.url,
      typeDefs: parse(await fetchSubgraphSdl(subgraph)),
    })),
  );
  const result = composeServices(services);
  if (result.errors) {
    throw new Error(`composition failed:\n${result.errors.map((error) => `- ${error.message}`).join('\n')}`);
  }
  return result.supergraphSdl;
}
