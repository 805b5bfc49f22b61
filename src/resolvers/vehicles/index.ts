/** Resolvers of the vehicles domain. */
export const vehicles = {};
