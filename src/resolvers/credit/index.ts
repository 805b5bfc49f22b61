/** Resolvers of the credit domain. */
export const credit = {};
