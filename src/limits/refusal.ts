import { GraphQLError, type ASTNode } from 'graphql';
import { ErrorCode } from '../errors.js';
import { limitsHit } from '../observability/metrics.js';

/** The limits an operation can hit; `extensions.limit` of the refusal and the `limit` label of the metric. */
export type LimitName =
  | 'depth'
  | 'aliases'
  | 'tokens'
  | 'directives'
  | 'repeatedSelections'
  | 'cost'
  | 'upstreamCalls'
  | 'responseSize'
  | 'queryBytes'
  | 'variablesDepth'
  | 'socketOperations';

/**
 * An operation (or one of its upstream calls) refused by a limit. `extensions.limit` names the limit,
 * `max` its bound and `actual` what the operation reached, when known.
 */
export class OperationLimitError extends GraphQLError {
  readonly limit: LimitName;

  constructor(
    limit: LimitName,
    message: string,
    values: { max: number; actual?: number },
    nodes?: ASTNode | readonly ASTNode[],
  ) {
    super(message, {
      ...(nodes && { nodes }),
      extensions: {
        code: ErrorCode.OperationLimitExceeded,
        limit,
        max: values.max,
        ...(values.actual !== undefined && { actual: values.actual }),
      },
    });
    this.limit = limit;
  }
}

/** A refusal by `limit`, counted in the `limitsHit` metric. */
export function refuse(
  limit: LimitName,
  message: string,
  values: { max: number; actual?: number },
  nodes?: ASTNode | readonly ASTNode[],
): OperationLimitError {
  limitsHit.inc({ limit });
  return new OperationLimitError(limit, message, values, nodes);
}

export function isOperationLimitError(error: unknown): error is OperationLimitError {
  return error instanceof OperationLimitError;
}
