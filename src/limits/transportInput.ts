/**
 * What a client sends, checked before anything parses or walks it: the query's size in bytes (comments
 * and whitespace count, which the token limit does not see) and how deep its variables nest (a deeper
 * value would overflow the stack of whatever walks it recursively later).
 */
import type { LimitsConfig } from '../config.js';
import { refuse, type OperationLimitError } from './refusal.js';

type TransportLimits = Pick<LimitsConfig, 'maxQueryBytes' | 'maxVariablesDepth'>;

/** How deep `value` nests (a scalar is 0), walked without recursion; stops counting past `max`. */
export function nestingDepth(value: unknown, max: number): number {
  let deepest = 0;
  const pending: Array<readonly [unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > max) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** The refusal of a query or variables over the transport limits, else null. */
export function transportInputRefusal(
  limits: TransportLimits,
  query: unknown,
  variables: unknown,
): OperationLimitError | null {
  if (limits.maxQueryBytes !== null && typeof query === 'string') {
    // A UTF-16 unit is at most 3 bytes of UTF-8: a short text is not measured.
    const bytes = query.length * 3 <= limits.maxQueryBytes ? 0 : Buffer.byteLength(query);
    if (bytes > limits.maxQueryBytes) {
      return refuse(
        'queryBytes',
        `The query is ${bytes} bytes; at most ${limits.maxQueryBytes} are read, comments and whitespace included.`,
        { max: limits.maxQueryBytes, actual: bytes },
      );
    }
  }
  if (limits.maxVariablesDepth !== null) {
    const depth = nestingDepth(variables, limits.maxVariablesDepth);
    if (depth > limits.maxVariablesDepth) {
      return refuse(
        'variablesDepth',
        `The variables nest more than ${limits.maxVariablesDepth} levels deep; no argument of this schema needs that.`,
        { max: limits.maxVariablesDepth },
      );
    }
  }
  return null;
}

/** The request's operations: a POSTed body (one, or a batch), else the URL's `query` and `variables`. */
function operationsOf(body: unknown, search: string): Array<{ query: unknown; variables: unknown }> {
  const fields = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? {
          query: (value as Record<string, unknown>)['query'],
          variables: (value as Record<string, unknown>)['variables'],
        }
      : { query: undefined, variables: undefined };
  if (body !== undefined) return Array.isArray(body) ? body.map(fields) : [fields(body)];
  const params = new URLSearchParams(search);
  const written = params.get('variables');
  let variables: unknown;
  try {
    variables = written === null ? undefined : JSON.parse(written);
  } catch {
    variables = undefined; // Apollo answers unreadable variables itself.
  }
  return [{ query: params.get('query'), variables }];
}

/** The refusal of an HTTP request whose query or variables are over the transport limits, else null. */
export function requestInputRefusal(
  limits: TransportLimits,
  body: unknown,
  search: string,
): OperationLimitError | null {
  for (const { query, variables } of operationsOf(body, search)) {
    const refusal = transportInputRefusal(limits, query, variables);
    if (refusal) return refusal;
  }
  return null;
}
