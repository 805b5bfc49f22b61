import type { Context } from '../../context.js';

/**
 * A field read from an upstream record that is loaded only when some field asks for it; the
 * datasource's loader makes every field of the same parent share one upstream call.
 */
export function lazyField<Parent, Loaded, Key extends keyof Loaded>(
  load: (parent: Parent, context: Context) => Promise<Loaded>,
  key: Key,
): (parent: Parent, args: unknown, context: Context) => Promise<Loaded[Key]> {
  return async (parent, _args, context) => (await load(parent, context))[key];
}
