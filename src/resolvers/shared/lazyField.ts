import type { Context } from '../../context.js';

/**
 * The loads already started, by operation (its context), parent object and loader: the fields of one
 * parent share one. Keyed by the context too, so a parent object that outlives an operation never
 * carries one caller's record into another's.
 */
const started = new WeakMap<Context, WeakMap<object, Map<unknown, Promise<unknown>>>>();

/**
 * A field read from an upstream record that is loaded only when some field asks for it; every field of
 * the same parent object shares one load (one datasource read and decode, not one per field), and the
 * datasource's loader makes parents that name the same record share one upstream call.
 */
export function lazyField<Parent, Loaded, Key extends keyof Loaded>(
  load: (parent: Parent, context: Context) => Promise<Loaded>,
  key: Key,
): (parent: Parent, args: unknown, context: Context) => Promise<Loaded[Key]> {
  return async (parent, _args, context) => (await shared(load, parent, context))[key];
}

async function shared<Parent, Loaded>(
  load: (parent: Parent, context: Context) => Promise<Loaded>,
  parent: Parent,
  context: Context,
): Promise<Loaded> {
  if (typeof parent !== 'object' || parent === null) return load(parent, context);
  let parents = started.get(context);
  if (!parents) started.set(context, (parents = new WeakMap()));
  let loads = parents.get(parent);
  if (!loads) parents.set(parent, (loads = new Map<unknown, Promise<unknown>>()));
  let loading = loads.get(load) as Promise<Loaded> | undefined;
  if (!loading) {
    loading = Promise.resolve().then(() => load(parent, context));
    loads.set(load, loading);
  }
  return loading;
}
