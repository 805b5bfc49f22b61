/**
 * Completeness: for each upstream operation, every input the upstream documents is sent and every field
 * its answer gives is reachable in the graph. A case names the operation, runs the GraphQL that exercises
 * it with every argument, lists the documented inputs, and maps each field of the answer's `result` to
 * the path in the graph where it can be read, or says why the graph cannot hold it.
 *
 * The checks read the sandbox's record of the calls (what was sent, and the answer it gave), so a field
 * the sandbox starts answering, or an input the subgraph stops sending, fails here until it is mapped.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/datasources/upstream/operations.js';
import type { RecordedCall } from '../fixtures/sandbox.js';
import { useHarness, type Harness, type HarnessOptions } from '../helpers/harness.js';

/** Why a field of the answer has no place in the graph (a reason a user would accept). */
export interface NotInGraph {
  readonly notInGraph: string;
}

/**
 * A path in the GraphQL response's `data`, keys joined by dots (`company.board.fullName`); a list met
 * on the way is walked into, element by element, so the path reads a field of any element. The graph
 * must show one of the values the upstream answered there, as it was (digits and case aside).
 */
export type GraphPath = string;

/**
 * A field the graph gives in another form at `path`: a date made ISO or Persian, an amount and its sign
 * made one signed amount, a code made an enum, a text made a list. `as` says how; the graph must show a
 * value there, and `as` is what a reader checks it against.
 */
export interface Reshaped {
  readonly path: GraphPath;
  readonly as: string;
}

export interface DocumentedOperation {
  /** The catalog id of the operation. */
  readonly operationId: string;
  /** What the case shows, when one operation needs several cases (a company, a person). */
  readonly variant?: string;
  /**
   * Runs the GraphQL that sends the operation with every input it takes and asks for every field it
   * gives; returns the `data` of the responses to read the fields from (an array for several).
   */
  readonly run: (h: Harness) => Promise<unknown>;
  /** Every input the upstream documents for it (query, body or path parameter names, `trackId` aside). */
  readonly inputs: readonly string[];
  /**
   * Every field of the answer's `result`, by its path in the answer (`a.b`; `list[]` for a list of
   * values, `list[].c` for a field of its elements): where the graph gives it, or why it does not.
   */
  readonly fields: Readonly<Record<string, GraphPath | Reshaped | NotInGraph>>;
}

/** The leaf paths of a value: `a.b` for fields, `list[]`/`list[].c` through lists; null counts as a leaf. */
export function leafPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    const inner = `${prefix}[]`;
    if (value.length === 0) return [inner];
    return [...new Set(value.flatMap((element) => leafPaths(element, inner)))];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [prefix];
    return entries.flatMap(([key, inner]) => leafPaths(inner, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

/** Every value at `path` in `data`, walking into lists; an absent key gives nothing. */
export function valuesAt(data: unknown, path: GraphPath): unknown[] {
  let current: unknown[] = [data];
  for (const key of path.split('.')) {
    const next: unknown[] = [];
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value !== null && typeof value === 'object' && key in value) {
        next.push((value as Record<string, unknown>)[key]);
      }
    };
    current.forEach(visit);
    current = next;
  }
  return current.flatMap((value) => (Array.isArray(value) ? value : [value]));
}

/**
 * The names of the inputs a recorded call carried: query parameters, body fields, path parameters. A
 * multipart body is recorded as one object of its text fields and file parts by name
 * (`sandbox/requestBody.ts`, `recordedBody`), so form fields count as body fields.
 */
export function inputsSent(call: RecordedCall): Set<string> {
  const names = new Set(
    Object.entries(call.query)
      .filter(([, value]) => isGiven(value))
      .map(([key]) => key),
  );
  if (call.body !== null && typeof call.body === 'object' && !Array.isArray(call.body)) {
    for (const [key, value] of Object.entries(call.body)) if (isGiven(value)) names.add(key);
  }
  const spec = (operations as ReadonlyMap<string, { path: string }>).get(call.operationId);
  for (const match of spec?.path.matchAll(/\{(\w+)\}/g) ?? []) {
    if (match[1] !== undefined && match[1] !== 'clientId') names.add(match[1]);
  }
  return names;
}

/** The `result` of a recorded JSON answer, when it has one. */
function resultOf(call: RecordedCall): unknown {
  const answer = call.answer;
  if (answer !== null && typeof answer === 'object' && 'result' in answer) return answer.result;
  return undefined;
}

/** A field's path in the answer as `valuesAt` walks it: lists are walked into, so `[]` marks drop out. */
export function upstreamPath(field: string): string {
  return field.replaceAll('[]', '').replace(/^\./, '');
}

/** An upstream value that carries something: an empty text or a null has nothing for the graph to show. */
function isGiven(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

function isNotInGraph(target: GraphPath | Reshaped | NotInGraph): target is NotInGraph {
  return typeof target === 'object' && 'notInGraph' in target;
}

const pathOf = (target: GraphPath | Reshaped): GraphPath => (typeof target === 'string' ? target : target.path);

/** A scalar as the comparison of upstream and graph values sees it: text, Latin digits, no case or edges. */
function comparable(value: unknown): string {
  return String(value)
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .trim()
    .toLowerCase();
}

/**
 * One test per case, against a harness of the file's own: the operation was called; each documented
 * input was sent; the answer's fields are exactly the documented ones; each one the upstream gave a value
 * (not null, not empty) is non-null somewhere at its path in the graph, or explained.
 */
export function describeDocumented(
  title: string,
  cases: readonly DocumentedOperation[],
  options: HarnessOptions = {},
): Harness {
  const h = useHarness(options);
  describe(title, () => {
    for (const documented of cases) {
      const name = documented.variant ? `${documented.operationId} (${documented.variant})` : documented.operationId;
      it(`${name}: every documented input sent, every field reachable`, async () => {
        const data = await documented.run(h);
        const calls = h.upstreamCalls(documented.operationId).filter((call) => call.status === 200);
        expect(calls.length, `${documented.operationId} answered 200 at least once`).toBeGreaterThan(0);

        const sent = new Set(calls.flatMap((call) => [...inputsSent(call)]));
        const missing = documented.inputs.filter((input) => !sent.has(input));
        expect(missing, 'documented inputs never sent').toEqual([]);

        const answered = new Set(calls.flatMap((call) => leafPaths(resultOf(call))));
        const documentedFields = Object.keys(documented.fields);
        expect(
          [...answered].filter((path) => !(path in documented.fields)).sort(),
          'fields the upstream answered that the case does not list',
        ).toEqual([]);
        expect(
          documentedFields.filter((path) => !answered.has(path)).sort(),
          'documented fields the sandbox did not answer',
        ).toEqual([]);

        const results = calls.map(resultOf);
        const mapped = Object.entries(documented.fields).flatMap(([field, target]) =>
          isNotInGraph(target)
            ? []
            : [{ field, target, given: valuesAt(results, upstreamPath(field)).filter(isGiven) }],
        );
        const unreachable = mapped
          .filter(({ given }) => given.length > 0)
          .filter(
            ({ target }) => !valuesAt(data, pathOf(target)).some((value) => value !== null && value !== undefined),
          )
          .map(({ field, target }) => `${field} → ${pathOf(target)}`);
        expect(unreachable, 'documented fields with no value in the graph').toEqual([]);

        // A field mapped as it is must arrive as it was: a value from elsewhere at that path proves nothing.
        const changed = mapped
          .filter(({ target }) => typeof target === 'string')
          .filter(({ given }) => given.length > 0 && given.every((value) => typeof value !== 'object'))
          .filter(({ target, given }) => {
            const shown = new Set(valuesAt(data, pathOf(target)).map(comparable));
            return !given.some((value) => shown.has(comparable(value)));
          })
          .map(({ field, target }) => `${field} → ${pathOf(target)}`);
        expect(changed, 'fields mapped as they are whose upstream value the graph does not show').toEqual([]);
        for (const { field, target } of mapped)
          if (typeof target !== 'string') expect(target.as.length, `how ${field} is reshaped`).toBeGreaterThan(10);

        for (const [field, target] of Object.entries(documented.fields)) {
          if (isNotInGraph(target)) expect(target.notInGraph.length, `reason for ${field}`).toBeGreaterThan(10);
        }
      });
    }
  });
  return h;
}
