/**
 * The upstream's record shapes, declared once with zod and read as leniently as the upstream writes
 * them: numbers as JSON numbers or strings, empty strings for "no value", lists that may be absent.
 * A value that cannot be read at all makes the answer malformed: `decode` throws
 * `UPSTREAM_UNAVAILABLE` naming the value's path, with the call's trackId.
 */
import { z } from 'zod';
import { ErrorCode, UpstreamError } from '../../errors.js';
import { parseCount, parseRial } from '../../lib/amount.js';
import type { UpstreamResult } from '../upstream/client.js';
import type { OperationId } from '../upstream/operations.js';

/** A leaf: any value or none, read by `read`; `read` reports what it cannot read by returning `UNREADABLE`. */
function leaf<T>(read: (value: unknown) => T | typeof UNREADABLE, what: string) {
  return z
    .unknown()
    .optional()
    .transform((value, context): T => {
      const out = read(value);
      if (out !== UNREADABLE) return out;
      context.addIssue({ code: 'custom', message: `not ${what}` });
      return z.NEVER;
    });
}

/** What a leaf's reader returns for a value present but unreadable. */
export const UNREADABLE: unique symbol = Symbol('unreadable');

/** Trimmed text; numbers as their digits; null when absent, blank or anything else. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return null;
}

/**
 * Booleans as JSON booleans, `"true"`/`"false"`, `Y`/`N`, `yes`/`no`, or the integers 1/0 (as numbers or
 * strings: the Sayad answers' `locked` and `legalStamp`, and any other yes-or-no the upstream writes as a
 * number); null otherwise (another number, a blank, an unknown word).
 */
export function flagOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = textOf(value)?.toLowerCase();
  if (text === 'true' || text === 'y' || text === 'yes' || text === '1') return true;
  if (text === 'false' || text === 'n' || text === 'no' || text === '0') return false;
  return null;
}

/** A decimal number sent as a number or a string, `%` signs aside; null when absent or unreadable. */
export function decimalOf(value: unknown): number | null {
  const text = textOf(value);
  if (text === null) return null;
  const number = Number(text.replace(/[%٪]/g, '').trim());
  return Number.isFinite(number) ? number : null;
}

const attempt =
  <T>(parse: (value: unknown) => T) =>
  (value: unknown): T | typeof UNREADABLE => {
    try {
      return parse(value);
    } catch {
      return UNREADABLE;
    }
  };

/** See `textOf`. */
export const text = leaf(textOf, 'text');
/** See `flagOf`. */
export const flag = leaf(flagOf, 'a yes or no');
/** See `decimalOf`. */
export const decimal = leaf(decimalOf, 'a number');
/** An amount in rials as a canonical digit string (see `parseRial`); null when absent; malformed otherwise. */
export const rial = leaf(attempt(parseRial), 'an amount in rials');
/** A whole number (see `parseCount`); null when absent; malformed otherwise. */
export const count = leaf(attempt(parseCount), 'a whole number');
/** A decimal number; null when absent; malformed when present but not a number. */
export const strictDecimal = leaf((value) => {
  const text = textOf(value);
  if (text === null) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : UNREADABLE;
}, 'a number');

/** A leaf that reads text and looks it up in `table`; null when absent or not in it. */
export function word<T>(table: Readonly<Record<string, T>>, normalize: (text: string) => string = (t) => t) {
  return leaf((value) => {
    const key = textOf(value);
    const name = key === null ? null : normalize(key);
    return name !== null && Object.hasOwn(table, name) ? (table[name] ?? null) : null;
  }, 'a known word');
}

/** A JSON object; members not declared are ignored, members declared may be absent. */
export const record = z.object;

/** A list of `item`s; an absent or null list is empty. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((items) => items ?? []);
}

/** An object that may be absent or null (a block some answers leave out). */
export function optionalRecord<S extends z.ZodRawShape>(shape: S) {
  return z
    .object(shape)
    .nullish()
    .transform((value) => value ?? null);
}

/** The upstream's "no data" codes: a success without a record (wire facts §2: `result.result` 110 or 120). */
const NO_DATA_CODES: ReadonlySet<string> = new Set(['110', '120']);

/** Whether a result is the upstream's "no data": `{ result: 110 | 120, message, … }`. */
export function isNoData(result: unknown): boolean {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return false;
  const code = textOf((result as Readonly<Record<string, unknown>>)['result']);
  return code !== null && NO_DATA_CODES.has(code);
}

/** The error of an answer that cannot be read: `what` names the unreadable value. */
export function malformedAnswer(
  operationId: string,
  answer: Pick<UpstreamResult, 'trackId' | 'responseCode'>,
  what: string,
): UpstreamError {
  return new UpstreamError({
    code: ErrorCode.UpstreamUnavailable,
    message: `The upstream sent an unreadable ${what}.`,
    operationId,
    trackId: answer.trackId,
    ...(answer.responseCode && { responseCode: answer.responseCode }),
  });
}

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.reduce<string>(
    (path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${String(key)}`),
    'result',
  );
}

/** `answer.result` read as `shape`; throws the malformed-answer error when it cannot be. */
export function decode<S extends z.ZodType>(operationId: OperationId, answer: UpstreamResult, shape: S): z.output<S> {
  return decodeLabelled(operationId, answer, shape);
}

/**
 * `shape` read from an object in which the upstream spells some members two ways: `aliases` maps a
 * declared member to its other spelling, read when the member itself is absent or null (`a ?? b` on
 * the values as sent, so a blank or unreadable first spelling is still the one read).
 */
export function aliased<S extends z.ZodType>(aliases: Readonly<Record<string, string>>, shape: S) {
  return z.preprocess((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const members = new Map<string, unknown>(Object.entries(value));
    for (const [name, alias] of Object.entries(aliases)) members.set(name, members.get(name) ?? members.get(alias));
    return Object.fromEntries(members);
  }, shape);
}

/**
 * What each answer decoded to, by shape: an operation's loader hands the same answer to every field
 * that reads the record (20 aliases of one postal code: one call, and now one decode, not 20). The
 * decoded records are only read, never changed, so sharing them is safe.
 */
const decoded = new WeakMap<UpstreamResult, Map<z.ZodType, unknown>>();

/** `decode` for the answer of a call outside the operation catalog (the OAuth endpoints), named by `label`. */
export function decodeLabelled<S extends z.ZodType>(label: string, answer: UpstreamResult, shape: S): z.output<S> {
  let byShape = decoded.get(answer);
  if (byShape?.has(shape)) return byShape.get(shape) as z.output<S>;
  const parsed = shape.safeParse(answer.result);
  if (parsed.success) {
    if (!byShape) decoded.set(answer, (byShape = new Map<z.ZodType, unknown>()));
    byShape.set(shape, parsed.data);
    return parsed.data;
  }
  throw malformedAnswer(label, answer, pathOf(parsed.error.issues[0]!));
}
