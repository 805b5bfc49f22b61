/**
 * The operation limits' Apollo Server plugin, in an Apollo Server that listens on nothing
 * (`executeOperation`): suggestions hidden, the token bound counted, the cost refused before execution.
 */
import { ApolloServer, type GraphQLResponse } from '@apollo/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { LimitsConfig } from '../../src/config.js';
import { limitHits, limitsSchema, limitsWith } from '../helpers/limits.js';

const servers: ApolloServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function serverWith(on: Partial<LimitsConfig>): Promise<ApolloServer> {
  const limits = limitsWith(on);
  const server = new ApolloServer({
    schema: limitsSchema,
    validationRules: [...limits.validationRules],
    parseOptions: limits.parseOptions,
    rootValue: { items: [] },
    includeStacktraceInErrorResponses: false,
    stopOnTerminationSignals: false,
    plugins: [limits.apolloPlugin()],
  });
  servers.push(server);
  await server.start();
  return server;
}

function answerOf(response: GraphQLResponse) {
  if (response.body.kind !== 'single') throw new Error('expected a single answer');
  const { data, errors } = response.body.singleResult;
  return {
    status: response.http.status,
    data,
    errors: errors?.map(({ message, extensions }) => ({ message, extensions })),
  };
}

describe('the suggestions of a validation error', () => {
  it('are hidden when they are to be', async () => {
    const server = await serverWith({ blockFieldSuggestions: true });
    const answer = answerOf(await server.executeOperation({ query: '{ nam }' }));
    expect(answer.errors?.map((error) => error.message)).toEqual([
      'Cannot query field "nam" on type "Query". [Suggestion hidden]?',
    ]);
  });

  it('are kept otherwise', async () => {
    const server = await serverWith({});
    const answer = answerOf(await server.executeOperation({ query: '{ nam }' }));
    expect(answer.errors?.map((error) => error.message)).toEqual([
      'Cannot query field "nam" on type "Query". Did you mean "name"?',
    ]);
  });
});

describe('the token bound', () => {
  it('is counted once when the parser stops at it, and not for another syntax error', async () => {
    const server = await serverWith({ maxTokens: 5 });
    const before = await limitHits('tokens');
    const answer = answerOf(await server.executeOperation({ query: '{ name name name name }' }));
    expect(answer.errors?.[0]?.message).toMatch(/^Syntax Error: Document contains more tha[nt] 5 tokens/);
    expect(await limitHits('tokens')).toBe(before + 1);
    answerOf(await server.executeOperation({ query: '{ name' }));
    expect(answerOf(await server.executeOperation({ query: '{ name }' })).errors).toBeUndefined();
    expect(await limitHits('tokens')).toBe(before + 1);
  });
});

describe('the cost limit', () => {
  it('refuses before execution with 400, estimated with the operation named and its variables', async () => {
    const server = await serverWith({ maxCost: 3 });
    const query = 'query some($n: Int) { items(first: $n) { name } } query more { items(first: 4) { name } }';
    expect(answerOf(await server.executeOperation({ query, operationName: 'some', variables: { n: 3 } }))).toEqual({
      status: undefined,
      data: { items: [] },
      errors: undefined,
    });
    expect(answerOf(await server.executeOperation({ query, operationName: 'some', variables: { n: 4 } }))).toEqual({
      status: 400,
      data: undefined,
      errors: [
        {
          message:
            "The operation's estimated cost is 4 upstream calls; at most 3 are allowed. Ask for fewer fields or smaller pages.",
          extensions: { code: 'OPERATION_LIMIT_EXCEEDED', limit: 'cost', max: 3, actual: 4 },
        },
      ],
    });
    const more = answerOf(await server.executeOperation({ query, operationName: 'more' }));
    expect([more.status, more.errors?.[0]?.extensions]).toEqual([400, expect.objectContaining({ actual: 4 })]);
  });
});
