import type { Resolvers } from '../__generated__/resolvers-types.js';
import { accounts } from './accounts/index.js';
import { bills } from './bills/index.js';
import { chequeActions } from './chequeActions/index.js';
import { cheques } from './cheques/index.js';
import { transfers } from './transfers/index.js';
import { companies } from './companies/index.js';
import { consent } from './consent/index.js';
import { credit } from './credit/index.js';
import { jobs } from './jobs/index.js';
import { messaging } from './messaging/index.js';
import { people } from './people/index.js';
import { postal } from './postal/index.js';
import { scalarResolvers } from './shared/scalars.js';
import { vehicles } from './vehicles/index.js';
import { verification } from './verification/index.js';

/** Merges the domains' resolver maps per type; two domains resolving the same field is a bug. */
export function mergeResolvers(modules: readonly Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const module of modules as readonly Record<string, object>[]) {
    for (const [typeName, fields] of Object.entries(module)) {
      const target = (merged[typeName] ??= {});
      if (fields instanceof Object && !(fields.constructor === Object)) {
        if (Object.keys(target).length > 0) throw new Error(`Type ${typeName} is defined twice`);
        merged[typeName] = fields as Record<string, unknown>;
        continue;
      }
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in target) throw new Error(`Resolver ${typeName}.${field} is defined in two domains`);
        target[field] = resolver;
      }
    }
  }
  // Each module satisfies Resolvers and no field is taken twice, so the union of their maps does too.
  return merged as Resolvers;
}

export const resolvers = mergeResolvers([
  scalarResolvers,
  accounts,
  bills,
  chequeActions,
  cheques,
  companies,
  consent,
  credit,
  jobs,
  messaging,
  people,
  postal,
  transfers,
  vehicles,
  verification,
]);
