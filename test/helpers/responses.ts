/**
 * Typed reads of GraphQL answers and lists that fail the test with a clear message when what is read
 * is absent, instead of a TypeError from a non-null assertion.
 */

/** An error of a GraphQL answer, as the harness reads it. */
export interface AnswerError {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: Record<string, unknown>;
}

/** Anything shaped like a GraphQL answer: a harness response, a subscription payload. */
export interface Answer<T> {
  data?: T | null;
  errors?: readonly AnswerError[] | null;
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
};

/** The answer's data, failing when it carries errors or no data. */
export function dataOf<T>(response: Answer<T>): T {
  if (response.errors?.length) throw new Error(`expected no errors, got ${show(response.errors)}`);
  if (response.data === null || response.data === undefined) throw new Error(`expected data, got ${show(response)}`);
  return response.data;
}

/** The answer's data alongside whatever errors it carries, failing only when there is no data. */
export function partialDataOf<T>(response: Answer<T>): T {
  if (response.data === null || response.data === undefined) throw new Error(`expected data, got ${show(response)}`);
  return response.data;
}

/** The answer's errors, failing when there are none. */
export function errorsOf<E extends AnswerError>(response: { errors?: readonly E[] | null; data?: unknown }): E[] {
  if (!response.errors?.length) throw new Error(`expected errors, got ${show(response)}`);
  return [...response.errors];
}

/** The answer's first error, failing when there is none. */
export function firstError<E extends AnswerError>(response: { errors?: readonly E[] | null; data?: unknown }): E {
  return at(errorsOf(response), 0);
}

/** The error's extensions, failing when it has none. */
export function extensionsOf(error: AnswerError): Record<string, unknown> {
  if (!error.extensions) throw new Error(`expected extensions on the error ${show(error)}`);
  return error.extensions;
}

/** The `extensions.code` of the answer's first error, failing when there is no error or no extensions. */
export function errorCode(response: Answer<unknown>): unknown {
  return extensionsOf(firstError(response))['code'];
}

/** The element at `index` (negative counts from the end), failing when it is absent, null or undefined. */
export function at<T>(list: readonly T[], index: number): NonNullable<T> {
  const element = list.at(index);
  if (element === null || element === undefined)
    throw new Error(`expected an element at index ${index} of a list of ${list.length}: ${show(list)}`);
  return element;
}

/** `value` without null and undefined, failing with `what` when it is either. */
export function present<T>(value: T, what: string): NonNullable<T> {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
