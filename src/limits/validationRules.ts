import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  type GraphQLError,
  Kind,
  type FieldNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { LimitsConfig } from '../config.js';
import { refuse, type LimitName } from './refusal.js';

/** The armor's own refusal messages end with "… limit of N exceeded, found M." */
const FOUND = /limit of (\d+) exceeded, found (\d+)/;

/** Reports an armor refusal as ours: OPERATION_LIMIT_EXCEEDED naming the limit, counted once. */
const reportAs =
  (limit: LimitName, what: string, max: number) =>
  (context: ValidationContext | null, error: GraphQLError): void => {
    const actual = Number(FOUND.exec(error.message)?.[2] ?? Number.NaN);
    const found = Number.isFinite(actual) ? actual : undefined;
    const message = `The operation has ${found !== undefined ? found : 'too many'} ${what}; at most ${max} are allowed.`;
    context?.reportError(refuse(limit, message, { max, ...(found !== undefined && { actual: found }) }));
  };

/**
 * The armor's depth, alias and directive rules, configured to report our refusals (never to throw),
 * plus our repeated-selections rule. The armor's cost rule is off (ours reads the schema's
 * `@cost`/`@listSize` and the variables), and so are its Apollo plugins: graphql-js bounds tokens while
 * parsing (a plugin that throws there answers 500), and suggestions are hidden by `withoutSuggestions`
 * for both transports.
 */
export function armorRules(limits: LimitsConfig): ValidationRule[] {
  const { validationRules } = new ApolloArmor({
    costLimit: { enabled: false },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: false },
    maxDepth:
      limits.maxDepth === null
        ? { enabled: false }
        : {
            n: limits.maxDepth,
            flattenFragments: true,
            ignoreIntrospection: true,
            propagateOnRejection: false,
            onReject: [reportAs('depth', 'levels of nested fields', limits.maxDepth)],
          },
    maxAliases:
      limits.maxAliases === null
        ? { enabled: false }
        : {
            n: limits.maxAliases,
            propagateOnRejection: false,
            onReject: [reportAs('aliases', 'aliases', limits.maxAliases)],
          },
    maxDirectives:
      limits.maxDirectives === null
        ? { enabled: false }
        : {
            n: limits.maxDirectives,
            propagateOnRejection: false,
            onReject: [reportAs('directives', 'directives', limits.maxDirectives)],
          },
  }).protect();
  return limits.maxRepeatedSelections === null
    ? validationRules
    : [...validationRules, repeatedSelectionsRule(limits.maxRepeatedSelections)];
}

export const SUGGESTION_MASK = '[Suggestion hidden]';

/** A validation message without graphql-js's "Did you mean …" hints. */
export function withoutSuggestions(message: string): string {
  return message.replace(/Did you mean ".+"/g, SUGGESTION_MASK);
}

/**
 * Refuses a selection set that selects one response name more than `max` times. graphql-js merges
 * such selections, but checking that they can be merged grows with the square of their number.
 */
export function repeatedSelectionsRule(max: number): ValidationRule {
  return (context) => ({
    SelectionSet(node: SelectionSetNode) {
      const seen = new Map<string, { times: number; first: FieldNode }>();
      for (const selection of node.selections) {
        if (selection.kind !== Kind.FIELD) continue;
        const name = selection.alias?.value ?? selection.name.value;
        const entry = seen.get(name);
        if (entry) entry.times += 1;
        else seen.set(name, { times: 1, first: selection });
      }
      for (const [name, { times, first }] of seen) {
        if (times <= max) continue;
        context.reportError(
          refuse(
            'repeatedSelections',
            `\`${name.slice(0, 50)}\` is selected ${times} times in one selection set; at most ${max} are allowed.`,
            { max, actual: times },
            first,
          ),
        );
        // One refusal is enough; the rest of the document is not walked.
        return false;
      }
      return undefined;
    },
  });
}
