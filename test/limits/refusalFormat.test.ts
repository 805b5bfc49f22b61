/** graphql-js's token-bound syntax error read as our refusal, and a refusal as it is sent. */
import { GraphQLError, Kind, parse } from 'graphql';
import { HeaderMap } from '@apollo/server';
import { describe, expect, it } from 'vitest';
import { formatRefusal, tokenRefusalOf } from '../../src/limits/operationLimits.js';
import { OperationLimitError } from '../../src/limits/refusal.js';
import { limitHits } from '../helpers/limits.js';

const tokens = (max: number) => ({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'tokens', max });

describe("the parser's token bound", () => {
  it('is read from either spelling of the syntax error, the bound of any length', () => {
    for (const spelling of ['than', 'that']) {
      const error = new GraphQLError(`Syntax Error: Document contains more ${spelling} 1234 tokens. Parsing aborted.`);
      const refusal = tokenRefusalOf(error, false);
      expect(refusal).toBeInstanceOf(OperationLimitError);
      expect(refusal?.message).toBe('The operation has more than 1234 tokens; at most 1234 are allowed.');
      expect(refusal?.extensions).toStrictEqual(tokens(1234));
    }
  });

  it('is counted only when asked to', async () => {
    const error = new GraphQLError('Syntax Error: Document contains more that 7 tokens. Parsing aborted.');
    const before = await limitHits('tokens');
    expect(tokenRefusalOf(error, false)?.extensions).toStrictEqual(tokens(7));
    expect(await limitHits('tokens')).toBe(before);
    expect(tokenRefusalOf(error, true)?.extensions).toStrictEqual(tokens(7));
    expect(await limitHits('tokens')).toBe(before + 1);
  });

  it('is not read from any other error, nor from the words inside another message', () => {
    for (const message of [
      'Syntax Error: Expected Name, found <EOF>.',
      'Syntax Error: Document contains more than many tokens.',
      'Upstream said: Syntax Error: Document contains more than 7 tokens.',
    ])
      expect(tokenRefusalOf(new GraphQLError(message), true)).toBeNull();
  });
});

describe('a refusal as it is sent', () => {
  it('is its message and extensions, without the http extension', () => {
    const refusal = new OperationLimitError('cost', 'too costly', { max: 1, actual: 2 });
    refusal.extensions.http = { status: 400, headers: new HeaderMap() };
    expect(formatRefusal(refusal)).toStrictEqual({
      message: 'too costly',
      extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'cost', max: 1, actual: 2 },
    });
  });

  it('keeps where it points', () => {
    const [operation] = parse('{\n  a }').definitions;
    const field = operation?.kind === Kind.OPERATION_DEFINITION ? operation.selectionSet.selections[0] : undefined;
    const refusal = new OperationLimitError('depth', 'too deep', { max: 1 }, field);
    expect(formatRefusal(refusal)).toStrictEqual({
      message: 'too deep',
      locations: [{ line: 2, column: 3 }],
      extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'depth', max: 1 },
    });
  });
});
