import { HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ParseOptions,
  type ValidationRule,
} from 'graphql';
import type { LimitsConfig } from '../config.js';
import { limitsHit } from '../observability/metrics.js';
import { operationCost } from './cost.js';
import { OperationLimitError, refuse } from './refusal.js';
import { armorRules, withoutSuggestions } from './validationRules.js';

/** graphql-js's message when a document has more tokens than `maxTokens` allows. */
// graphql-js 16 spells it "more that".
const TOKEN_LIMIT = /^Syntax Error: Document contains more tha[nt] (\d+) tokens/;

/** How many costs, by operation name and variables, are remembered for one document. */
const COSTS_KEPT_PER_DOCUMENT = 32;
/** Longest operation name and variables, as JSON, whose cost is remembered. */
const COST_KEY_KEPT_CHARACTERS = 4_096;
/** How many valid documents received over graphql-ws are remembered, by query text. */
const VALID_DOCUMENTS_KEPT = 256;

/** The start of a graphql-ws answer as graphql-ws writes it: `{"id":"…","type":"next"` (or `"error"`). */
const MESSAGE_HEAD = /^\{"id":("(?:[^"\\]|\\.)*"),"type":"(next|error)"/;

/** What a graphql-ws client sent to start an operation. */
export interface SubscribePayload {
  readonly query: string;
  readonly operationName?: string | null;
  readonly variables?: Record<string, unknown> | null;
}

/**
 * Every limit on one GraphQL operation, for both transports: validation rules (depth, aliases,
 * directives, repeated selections), the token bound of the parser, the cost estimate checked before
 * execution (it needs the variables), and the cap on the size of an answer.
 */
export class OperationLimits {
  readonly validationRules: readonly ValidationRule[];
  readonly parseOptions: ParseOptions;
  private readonly costs = new WeakMap<DocumentNode, Map<string, number>>();
  /**
   * Documents that parsed and validated, by query text: thousands of subscribers sending the same
   * subscription are parsed and validated once (execution never changes a document).
   */
  private readonly validDocuments = new Map<string, DocumentNode>();

  constructor(
    readonly config: LimitsConfig,
    private readonly schema: GraphQLSchema,
  ) {
    this.validationRules = armorRules(config);
    this.parseOptions = config.maxTokens === null ? {} : { maxTokens: config.maxTokens };
  }

  /**
   * The refusal of an operation whose estimated cost is over the maximum, or over the upstream calls one
   * operation may send (refused before any is sent, rather than cut off once the budget is spent), else
   * null. When both are passed, the smaller bound is named.
   */
  costRefusal(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | null | undefined,
  ): OperationLimitError | null {
    const { maxCost, maxUpstreamCalls } = this.config;
    if (maxCost === null && maxUpstreamCalls === null) return null;
    const cost = this.costOf(document, operationName, variables);
    const overCost = maxCost !== null && cost > maxCost;
    const overCalls = maxUpstreamCalls !== null && cost > maxUpstreamCalls;
    if (!overCost && !overCalls) return null;
    const actual = Number.isFinite(cost) ? Math.min(Math.ceil(cost), Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
    if (overCalls && (!overCost || maxUpstreamCalls <= maxCost)) {
      return refuse(
        'upstreamCalls',
        `The operation's estimated cost is ${actual} upstream calls; at most ${maxUpstreamCalls} are spent on one operation. Ask for fewer fields or smaller pages.`,
        { max: maxUpstreamCalls, actual },
      );
    }
    return refuse(
      'cost',
      `The operation's estimated cost is ${actual} upstream calls; at most ${maxCost} are allowed. Ask for fewer fields or smaller pages.`,
      { max: maxCost ?? 0, actual },
    );
  }

  /**
   * The estimated cost, remembered per parsed document (Apollo Server and `prepare` reuse the
   * document of a query text they have seen) and per operation name and the variables it declares:
   * the same operation sent again is not walked again. A few variable sets are kept per document, and
   * only small ones: a file sent as a variable (or anything large) is costed each time, not kept.
   */
  private costOf(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | null | undefined,
  ): number {
    let known = this.costs.get(document);
    const key = `${operationName ?? ''}\u0000${JSON.stringify(declaredVariables(document, operationName, variables))}`;
    const remembered = known?.get(key);
    if (remembered !== undefined) return remembered;
    const cost = operationCost(this.schema, document, operationName, variables, {
      defaultListSize: this.config.defaultListSize,
    });
    if (key.length > COST_KEY_KEPT_CHARACTERS) return cost;
    if (!known) this.costs.set(document, (known = new Map<string, number>()));
    if (known.size >= COSTS_KEPT_PER_DOCUMENT) known.clear();
    known.set(key, cost);
    return cost;
  }

  /** The refusal of an answer of `bytes` bytes, or null when it fits. */
  responseSizeRefusal(bytes: number): OperationLimitError | null {
    const max = this.config.maxResponseBytes;
    if (max === null || bytes <= max) return null;
    return refuse(
      'responseSize',
      `The answer would be ${bytes} bytes; at most ${max} are sent. Ask for fewer fields or smaller pages.`,
      { max, actual: bytes },
    );
  }

  /**
   * An answer's text as written, or the text of an answer carrying only the refusal when it is more
   * bytes than allowed. A UTF-16 unit is at most 3 bytes of UTF-8, so a short text is not measured.
   */
  capBody(text: string): string {
    const max = this.config.maxResponseBytes;
    if (max === null || text.length * 3 <= max) return text;
    const refusal = this.responseSizeRefusal(Buffer.byteLength(text));
    return refusal ? JSON.stringify({ errors: [formatRefusal(refusal)] }) : text;
  }

  /**
   * A graphql-ws message as graphql-ws wrote it, or, for an answer (`next` or `error`) of more bytes than
   * allowed, the same message carrying only the refusal: the text is measured, never serialised again.
   */
  capMessage(text: string): string {
    const max = this.config.maxResponseBytes;
    if (max === null || text.length * 3 <= max) return text;
    const head = MESSAGE_HEAD.exec(text);
    if (!head) return text;
    const refusal = this.responseSizeRefusal(Buffer.byteLength(text));
    if (!refusal) return text;
    const id = JSON.parse(head[1] ?? '""') as string;
    const type = head[2];
    const errors = [formatRefusal(refusal)];
    return JSON.stringify({ id, type, payload: type === 'error' ? errors : { errors } });
  }

  /** `result`, or an answer carrying only the refusal when it serializes to more bytes than allowed. */
  capResponse(result: FormattedExecutionResult): FormattedExecutionResult {
    if (this.config.maxResponseBytes === null) return result;
    const refusal = this.responseSizeRefusal(Buffer.byteLength(JSON.stringify(result)));
    return refusal ? { errors: [formatRefusal(refusal)] } : result;
  }

  /**
   * Parses, validates and costs an operation received over graphql-ws: its execution arguments, or
   * the errors to answer with (nothing is executed then).
   */
  prepare(payload: SubscribePayload): Omit<ExecutionArgs, 'contextValue'> | readonly GraphQLError[] {
    const known = this.validDocuments.get(payload.query);
    if (known) return this.costed(known, payload);
    let document: DocumentNode;
    try {
      document = parse(payload.query, this.parseOptions);
    } catch (error) {
      const syntax = error instanceof GraphQLError ? error : new GraphQLError('Syntax Error');
      const tokens = tokenRefusalOf(syntax, true);
      return [tokens ?? syntax];
    }
    const errors = validate(this.schema, document, [...specifiedRules, ...this.validationRules]);
    if (errors.length > 0) {
      return this.config.blockFieldSuggestions
        ? errors.map((error) =>
            error instanceof OperationLimitError
              ? error
              : new GraphQLError(withoutSuggestions(error.message), {
                  nodes: error.nodes,
                  extensions: error.extensions,
                }),
          )
        : errors;
    }
    if (this.validDocuments.size >= VALID_DOCUMENTS_KEPT) this.validDocuments.clear();
    this.validDocuments.set(payload.query, document);
    return this.costed(document, payload);
  }

  /** A valid document's execution arguments, or the cost refusal. */
  private costed(
    document: DocumentNode,
    payload: SubscribePayload,
  ): Omit<ExecutionArgs, 'contextValue'> | readonly GraphQLError[] {
    const refusal = this.costRefusal(document, payload.operationName, payload.variables);
    if (refusal) return [refusal];
    return { schema: this.schema, document, operationName: payload.operationName, variableValues: payload.variables };
  }

  /**
   * The Apollo Server plugin: suggestions hidden, tokens counted, cost checked before execution. The
   * answer's size is capped on the text Apollo wrote (`capBody`), not serialised a second time here.
   */
  apolloPlugin(): ApolloServerPlugin {
    const blockSuggestions = this.config.blockFieldSuggestions;
    return {
      requestDidStart: async () => ({
        didEncounterErrors: async ({ errors }) => {
          // Apollo formats these same error objects next; a message is the one thing changed.
          if (blockSuggestions) for (const error of errors) error.message = withoutSuggestions(error.message);
        },
        parsingDidStart: async () => async (error) => {
          if (error instanceof GraphQLError && TOKEN_LIMIT.test(error.message)) limitsHit.inc({ limit: 'tokens' });
        },
        didResolveOperation: async ({ document, request }) => {
          const refusal = this.costRefusal(document, request.operationName, request.variables);
          if (refusal) {
            // Refused before execution, like a validation error: 400, and nothing sent upstream.
            refusal.extensions.http = { status: 400, headers: new HeaderMap() };
            throw refusal;
          }
        },
      }),
    };
  }
}

/**
 * graphql-js's token-limit syntax error as our refusal (counted when `count`: the transport that
 * parsed it counts it once), else null.
 */
export function tokenRefusalOf(error: GraphQLError, count: boolean): OperationLimitError | null {
  const match = TOKEN_LIMIT.exec(error.message);
  if (!match) return null;
  const max = Number(match[1]);
  const message = `The operation has more than ${max} tokens; at most ${max} are allowed.`;
  return count ? refuse('tokens', message, { max }) : new OperationLimitError('tokens', message, { max });
}

/** A refusal as it is sent: message and extensions, nothing else. */
export function formatRefusal(error: OperationLimitError): GraphQLFormattedError {
  const { http: _http, ...extensions } = error.extensions;
  return { message: error.message, ...(error.locations && { locations: error.locations }), extensions };
}

/**
 * The variables the operation declares, in the order it declares them, each as `[value]`, or `[]` when
 * not sent (its default applies); whatever else was sent is no input of the operation.
 */
function declaredVariables(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): unknown[][] {
  const definitions = getOperationAST(document, operationName)?.variableDefinitions ?? [];
  return definitions.map((definition) => {
    const name = definition.variable.name.value;
    return variables && Object.hasOwn(variables, name) ? [variables[name]] : [];
  });
}
