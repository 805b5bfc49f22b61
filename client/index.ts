/**
 * The frontend kit: what an Apollo Client cache must know of this subgraph's schema, generated from
 * `schema/*.graphql` (`npm run codegen`; never edit `__generated__/`). Frontends import this folder, or
 * copy it whole (docs/FRONTEND.md). Nothing here is used by the subgraph itself.
 */
import { InMemoryCache, type InMemoryCacheConfig, type PossibleTypesMap, type TypePolicies } from '@apollo/client';
import introspection from './__generated__/possibleTypes.js';
import { typePolicies } from './__generated__/typePolicies.js';

/** The concrete types of every union and interface, so fragments on an abstract type match. */
export const possibleTypes: PossibleTypesMap = introspection.possibleTypes;

/** `keyFields` of every entity (types with `@key`): one cache entry per entity, whatever path reached it. */
export { typePolicies };

/** `policies` without a `keyFields` for the entities whose keys the schema gives. */
function withoutOurKeys(policies: TypePolicies): TypePolicies {
  return Object.fromEntries(
    Object.entries(policies).map(([type, policy]) => {
      if (!Object.hasOwn(typePolicies, type)) return [type, policy];
      const { keyFields: _ignored, ...rest } = policy;
      return [type, rest];
    }),
  );
}

/**
 * An InMemoryCache that knows the schema's abstract types and its entities' keys. What `config` adds
 * is added to them: its `possibleTypes` (another subgraph's, say) and its `typePolicies` (field
 * policies, or the types of other subgraphs) are merged in, type by type, keeping the `keyFields` of
 * this schema's entities (the keys the router and every subgraph agree on).
 */
export function createInquiryCache(config: InMemoryCacheConfig = {}): InMemoryCache {
  const cache = new InMemoryCache({ ...config, possibleTypes, typePolicies });
  if (config.possibleTypes) cache.policies.addPossibleTypes(config.possibleTypes);
  if (config.typePolicies) cache.policies.addTypePolicies(withoutOurKeys(config.typePolicies));
  return cache;
}
