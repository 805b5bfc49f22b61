import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { parseRial } from '../../lib/amount.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function invalid(scalar: string, expected: string): GraphQLError {
  return new GraphQLError(`${scalar} must be ${expected}`, { extensions: { code: 'BAD_USER_INPUT' } });
}

function literalString(ast: ValueNode, scalar: string, expected: string): string {
  if (ast.kind === Kind.STRING || ast.kind === Kind.INT) return ast.value;
  throw invalid(scalar, expected);
}

function toRial(value: unknown): string {
  let parsed: string | null;
  try {
    parsed =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? parseRial(value) : null;
  } catch {
    parsed = null;
  }
  if (parsed === null) throw invalid('RialAmount', 'a whole number of rials as a string of digits');
  return parsed;
}

export const RialAmount = new GraphQLScalarType({
  name: 'RialAmount',
  serialize: toRial,
  parseValue: toRial,
  parseLiteral: (ast) => toRial(literalString(ast, 'RialAmount', 'a whole number of rials as a string of digits')),
});

function toIsoDate(value: unknown): string {
  if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw invalid('GregorianDate', 'an ISO-8601 calendar date, YYYY-MM-DD');
  }
  return value;
}

export const GregorianDate = new GraphQLScalarType({
  name: 'GregorianDate',
  serialize: toIsoDate,
  parseValue: toIsoDate,
  parseLiteral: (ast) => toIsoDate(literalString(ast, 'GregorianDate', 'an ISO-8601 calendar date, YYYY-MM-DD')),
});

function toDateTime(value: unknown): string {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) throw invalid('DateTime', 'an ISO-8601 instant');
  return new Date(ms).toISOString();
}

export const DateTime = new GraphQLScalarType({
  name: 'DateTime',
  serialize: toDateTime,
  parseValue: toDateTime,
  parseLiteral: (ast) => toDateTime(literalString(ast, 'DateTime', 'an ISO-8601 instant')),
});

export const scalarResolvers = { RialAmount, GregorianDate, DateTime } satisfies Resolvers;
