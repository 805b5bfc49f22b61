import type { ApolloServerPlugin } from '@apollo/server';
import { rateLimitedError } from '../errors.js';
import { limitsHit } from '../observability/metrics.js';
import type { RateLimitedContext } from './rateLimitPlugin.js';
import type { CallerRateLimiter } from './rateLimiter.js';
import {
  execute,
  getOperationAST,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
} from 'graphql';

/** How many answers are kept, each for one document, operation and variables. */
const ANSWERS_KEPT = 16;
/** Longest variables, as JSON, an answer is kept for (`__type(name: $name)` needs a few characters). */
const VARIABLES_KEPT_CHARACTERS = 256;

const TOO_MANY = 'Too many introspections from this caller; the schema does not change: retry later.';

/**
 * The answers of operations that only introspect (every root field `__schema`, `__type` or
 * `__typename`), executed once and then answered from memory: the schema never changes while the
 * process runs, and a full introspection is half a megabyte worked out field by field. Tools ask it on
 * every start, and a flood of it would otherwise be a flood of work.
 */
export class IntrospectionAnswers {
  private readonly answers = new Map<string, ExecutionResult>();
  /** Documents known by themselves, not their text (graphql-ws keeps one document per text). */
  private readonly documentKeys = new WeakMap<DocumentNode, string>();
  private documentsSeen = 0;

  /**
   * `rate`: introspections a caller may start, a few at once and then a few a minute (a tool reads the
   * schema when it starts): a flood of them is refused before any is answered. Null: no bound.
   */
  constructor(
    private readonly schema: GraphQLSchema,
    private readonly rate: CallerRateLimiter | null = null,
  ) {}

  /**
   * The RATE_LIMITED refusal of one more introspection of the schema (`__schema` or `__type`) by
   * `callerId`, else null; `{ __typename }` alone, a liveness ping of gateways, is never refused.
   */
  refusal(
    callerId: string,
    document: DocumentNode,
    operationName: string | null | undefined,
    options: { http?: boolean } = {},
  ): GraphQLError | null {
    if (!this.rate || !onlyIntrospection(document, operationName, true)) return null;
    const wait = this.rate.take(callerId);
    if (wait === null) return null;
    limitsHit.inc({ limit: 'introspection' });
    return rateLimitedError(wait, TOO_MANY, options);
  }

  /**
   * The answer of an introspection-only operation, worked out once per query text (or per document,
   * when `query` is left out) and variables; null for any other operation.
   */
  answer(
    query: string | undefined,
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Readonly<Record<string, unknown>> | null | undefined,
  ): ExecutionResult | null {
    if (!onlyIntrospection(document, operationName)) return null;
    const variablesText = JSON.stringify(variables ?? {});
    if (variablesText.length > VARIABLES_KEPT_CHARACTERS) return null;
    const key = `${query ?? this.documentKey(document)}\u0000${operationName ?? ''}\u0000${variablesText}`;
    const known = this.answers.get(key);
    if (known) return known;
    const result = execute({ schema: this.schema, document, operationName, variableValues: variables });
    // Introspection resolves synchronously; an answer with errors is left to the ordinary path.
    if (result instanceof Promise || result.errors) return null;
    if (this.answers.size >= ANSWERS_KEPT) this.answers.clear();
    this.answers.set(key, result);
    return result;
  }

  /**
   * The Apollo Server plugin: an introspection-only operation past the caller's rate is refused; one
   * that passed validation and the limits is answered from memory instead of executed.
   */
  apolloPlugin<TContext extends RateLimitedContext>(): ApolloServerPlugin<TContext> {
    return {
      requestDidStart: async ({ contextValue }) => ({
        didResolveOperation: async ({ document, operationName }) => {
          const refusal = this.refusal(contextValue.caller.id, document, operationName, { http: true });
          if (refusal) throw refusal;
        },
        responseForOperation: async ({ document, operationName, request, response }) => {
          const answer = this.answer(request.query, document, operationName, request.variables);
          return answer ? { http: response.http, body: { kind: 'single', singleResult: answer } } : null;
        },
      }),
    };
  }

  private documentKey(document: DocumentNode): string {
    let key = this.documentKeys.get(document);
    if (key === undefined) this.documentKeys.set(document, (key = `\u0001document ${this.documentsSeen++}`));
    return key;
  }
}

/**
 * Every root field of the operation is `__schema`, `__type` or `__typename`, and it is a query; with
 * `readsSchema`, one of them at least is not `__typename`.
 */
function onlyIntrospection(
  document: DocumentNode,
  operationName: string | null | undefined,
  readsSchema = false,
): boolean {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'query') return false;
  const names = operation.selectionSet.selections.map((selection) =>
    selection.kind === Kind.FIELD ? selection.name.value : '',
  );
  return names.every((name) => name.startsWith('__')) && (!readsSchema || names.some((name) => name !== '__typename'));
}
