/** Requests of one text arriving together are parsed and validated once, in an Apollo Server that listens on nothing. */
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { afterEach, describe, expect, it } from 'vitest';
import { validationOncePerText } from '../../src/limits/validationOncePerText.js';
import { limitsSchema } from '../helpers/limits.js';

const servers: ApolloServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** A server counting the parses it starts, with or without the plugin. */
async function counting(withPlugin: boolean): Promise<{ server: ApolloServer; parses: () => number }> {
  let parses = 0;
  const counter: ApolloServerPlugin = {
    requestDidStart: async () => ({
      parsingDidStart: async () => {
        parses += 1;
      },
    }),
  };
  const server = new ApolloServer({
    schema: limitsSchema,
    rootValue: { name: 'n' },
    stopOnTerminationSignals: false,
    plugins: [counter, ...(withPlugin ? [validationOncePerText()] : [])],
  });
  servers.push(server);
  await server.start();
  return { server, parses: () => parses };
}

const single = (response: Awaited<ReturnType<ApolloServer['executeOperation']>>) => {
  if (response.body.kind !== 'single') throw new Error('expected a single answer');
  return response.body.singleResult;
};

describe('validationOncePerText', () => {
  it('parses ten requests of one text arriving together once, and answers each', async () => {
    const { server, parses } = await counting(true);
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.executeOperation({ query: '{ name }' })));
    for (const answer of answers) expect(single(answer).data).toEqual({ name: 'n' });
    expect(parses()).toBe(1);
  });

  it('is what makes the difference: without it each parses its own', async () => {
    const { server, parses } = await counting(false);
    await Promise.all(Array.from({ length: 10 }, () => server.executeOperation({ query: '{ name }' })));
    expect(parses()).toBe(10);
  });

  it('lets the others go on when the first fails, each then told its own errors', async () => {
    const { server, parses } = await counting(true);
    const answers = await Promise.all(Array.from({ length: 3 }, () => server.executeOperation({ query: '{ nope }' })));
    for (const answer of answers)
      expect(single(answer).errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(parses()).toBe(3);
    const broken = await Promise.all(Array.from({ length: 3 }, () => server.executeOperation({ query: '{ name' })));
    for (const answer of broken) expect(single(answer).errors?.[0]?.extensions?.['code']).toBe('GRAPHQL_PARSE_FAILED');
  });
});
