import type { ApolloServerPlugin } from '@apollo/server';

/**
 * Requests of one query text that arrive together wait for the first of them to be parsed and
 * validated, and then find its document in Apollo's document store instead of parsing and validating
 * the same text each (Apollo stores a document only once it has validated). A flood of one large query
 * is then one validation, not one per request. The first request's end of validation, its errors or its
 * answer, whichever comes first, lets the others go on; a text that fails is then validated by each, as
 * before.
 */
export function validationOncePerText(): ApolloServerPlugin {
  const validating = new Map<string, Promise<void>>();
  return {
    requestDidStart: async () => {
      let done: (() => void) | null = null;
      const release = async () => {
        done?.();
        done = null;
      };
      return {
        didResolveSource: async ({ queryHash }) => {
          const first = validating.get(queryHash);
          if (first) return first;
          let resolve: () => void = () => undefined;
          validating.set(queryHash, new Promise<void>((settle) => (resolve = settle)));
          done = () => {
            validating.delete(queryHash);
            resolve();
          };
        },
        // After validation the document is in the store; didResolveOperation comes next either way.
        didResolveOperation: release,
        didEncounterErrors: release,
        willSendResponse: release,
      };
    },
  };
}
