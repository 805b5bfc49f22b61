import type { ApolloServerPlugin } from '@apollo/server';
import { execute, getOperationAST, Kind, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';

/** How many answers are kept, each for one document, operation and variables. */
const ANSWERS_KEPT = 16;
/** Longest variables, as JSON, an answer is kept for (`__type(name: $name)` needs a few characters). */
const VARIABLES_KEPT_CHARACTERS = 256;

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

  constructor(private readonly schema: GraphQLSchema) {}

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
    const operation = getOperationAST(document, operationName);
    if (operation?.operation !== 'query') return null;
    const onlyIntrospection = operation.selectionSet.selections.every(
      (selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__'),
    );
    if (!onlyIntrospection) return null;
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
   * The Apollo Server plugin: an introspection-only operation that passed validation and the limits is
   * answered from memory instead of executed.
   */
  apolloPlugin(): ApolloServerPlugin {
    return {
      requestDidStart: async () => ({
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
