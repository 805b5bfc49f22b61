import { ApolloServer, HeaderMap } from '@apollo/server';
import { GraphQLError, locatedError, type GraphQLFormattedError } from 'graphql';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { createErrorFormatter } from '../../src/errorFormatting.js';
import { BadUserInputError, UpstreamError } from '../../src/errors.js';
import { buildSchema } from '../../src/schema.js';
import { useHarness } from '../helpers/harness.js';
import { collectSubscription, openWsClient } from '../helpers/procUtils.js';
import { samples } from '../helpers/samples.js';

/** A real pino logger whose lines are kept in memory, so we can see what was logged (and what was not). */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

const STACK = ['Error: secret detail', '    at resolver (/srv/app/src/secret.ts:1:1)'];

describe('createErrorFormatter', () => {
  let captured: ReturnType<typeof capturingLogger>;
  let format: ReturnType<typeof createErrorFormatter>;

  beforeEach(() => {
    captured = capturingLogger();
    format = createErrorFormatter(captured.logger);
  });

  /** What Apollo passes to formatError: the error's JSON, plus a stack trace when stack traces are on. */
  function formatted(error: GraphQLError): GraphQLFormattedError {
    const json = error.toJSON();
    return { ...json, extensions: { ...json.extensions, stacktrace: STACK } };
  }

  it('masks a plain Error thrown by a resolver (located, as graphql-js wraps it)', () => {
    const error = locatedError(new Error('secret detail'), undefined, ['bill', 'amount']);
    const result = format(formatted(error), error);
    expect(result).toEqual({
      message: 'Internal server error',
      path: ['bill', 'amount'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(JSON.stringify(result)).not.toContain('secret detail');
    expect(JSON.stringify(result)).not.toContain('stacktrace');
    // ...but the operator still gets the detail in the log
    expect(captured.lines).toHaveLength(1);
    const logged = JSON.parse(captured.lines[0] ?? '{}') as {
      level: number;
      msg: string;
      err?: { message: string };
      path?: unknown;
    };
    expect(logged.level).toBe(50);
    expect(logged.msg).toBe('unexpected error');
    expect(logged.err?.message).toBe('secret detail');
    expect(logged.path).toEqual(['bill', 'amount']);
  });

  it('masks new GraphQLError("x", { originalError, path }) — a resolver error built by hand', () => {
    const error = new GraphQLError('x', { originalError: new Error('secret detail'), path: ['bill'] });
    const result = format(formatted(error), error);
    expect(result).toEqual({
      message: 'Internal server error',
      path: ['bill'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(JSON.stringify(result)).not.toContain('secret detail');
  });

  it('masks new GraphQLError("x", { originalError: new Error("secret detail") }) without a path too', () => {
    // The shape Apollo gives errors from outside execution (context creation, plugins): a GraphQLError
    // wrapping a plain Error, with no path. The formatter's contract is that anything unexpected is masked.
    const error = new GraphQLError('x', { originalError: new Error('secret detail') });
    const result = format(formatted(error), error);
    expect(result).toEqual({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(result)).not.toContain('stacktrace');
  });

  it('keeps the message and code of a BadUserInputError thrown by a resolver, minus the stack trace', () => {
    const error = locatedError(
      new BadUserInputError('parameter', 'expected a bill identifier of 6 to 13 digits'),
      undefined,
      ['bill'],
    );
    const result = format(formatted(error), error);
    expect(result).toEqual({
      message: 'parameter: expected a bill identifier of 6 to 13 digits',
      path: ['bill'],
      extensions: { code: 'BAD_USER_INPUT', argumentPath: 'parameter' },
    });
    expect(captured.lines).toEqual([]);
  });

  it('keeps an UpstreamError (our own message, our extensions), minus the stack trace', () => {
    const upstream = new UpstreamError({
      code: 'UPSTREAM_TIMEOUT',
      message: 'The upstream did not answer in time.',
      operationId: 'billingInquiryCcGet',
      outcomeUnknown: true,
    });
    const error = locatedError(upstream, undefined, ['bill', 'amount']);
    expect(format(formatted(error), error)).toEqual({
      message: 'The upstream did not answer in time.',
      path: ['bill', 'amount'],
      extensions: { code: 'UPSTREAM_TIMEOUT', operationId: 'billingInquiryCcGet', outcomeUnknown: true },
    });
  });

  it('masks a code-less GraphQLError graphql-js raises during execution (an abstract type resolving to no object type)', () => {
    const internal = new GraphQLError(
      'Abstract type "_Entity" must resolve to an Object type at runtime for field "Query._entities".',
    );
    const error = locatedError(internal, undefined, ['_entities', 0]);
    const result = format(formatted(error), error);
    expect(result).toEqual({
      message: 'Internal server error',
      path: ['_entities', 0],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(captured.lines).toHaveLength(1);
  });

  it('cuts a long quoted value in a message to a short prefix, keeps schema names, and caps the length', () => {
    const value = 'x'.repeat(10_000);
    const error = new GraphQLError(
      `Variable "$type" got invalid value "${value}"; Value "${value}" does not exist in "BillType" enum.`,
      {
        extensions: { code: 'BAD_USER_INPUT' },
      },
    );
    const result = format(formatted(error), error);
    expect(result.message).toBe(
      `Variable "$type" got invalid value "${'x'.repeat(24)}…"; Value "${'x'.repeat(24)}…" does not exist in "BillType" enum.`,
    );
    const long = new GraphQLError(
      `Cannot query field "drivingLicenceNegativeScore" on type "Query". ${'y '.repeat(500)}`,
      {
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    );
    const longResult = format(formatted(long), long);
    expect(longResult.message.startsWith('Cannot query field "drivingLicenceNegativeScore" on type "Query".')).toBe(
      true,
    );
    expect([...longResult.message].length).toBeLessThanOrEqual(300);
  });

  it('keeps an error raised by GraphQL itself (validation), minus the stack trace', () => {
    const error = new GraphQLError('Cannot query field "nope" on type "Query".', {
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(format(formatted(error), error)).toEqual({
      message: 'Cannot query field "nope" on type "Query".',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(captured.lines).toEqual([]);
  });
});

describe('createErrorFormatter inside Apollo Server', () => {
  it('masks a context-creation failure (Apollo wraps it as "Context creation failed: …")', async () => {
    const { logger } = capturingLogger();
    const apollo = new ApolloServer<Record<string, never>>({
      schema: buildSchema(),
      formatError: createErrorFormatter(logger),
      includeStacktraceInErrorResponses: false,
    });
    await apollo.start();
    try {
      const headers = new HeaderMap([['content-type', 'application/json']]);
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: 'POST', headers, search: '', body: { query: '{ __typename }' } },
        context: async () => {
          throw new Error('secret detail');
        },
      });
      expect(response.status).toBe(500);
      const body = response.body.kind === 'complete' ? response.body.string : '';
      expect(JSON.parse(body)).toEqual({
        errors: [{ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      });
      expect(body).not.toContain('secret detail');
    } finally {
      await apollo.stop();
    }
  });
});

describe('errors over HTTP', () => {
  const harness = useHarness();

  it('a BadUserInputError reaches the caller with its message and code, without a stack trace or upstream call', async () => {
    const response = await harness.gql(`{ bill(type: WATER, parameter: "123") { amount } }`);
    expect(response).toEqual({
      status: 200,
      data: { bill: null },
      errors: [
        {
          message: 'parameter: expected a bill identifier of 6 to 13 digits',
          locations: [{ line: 1, column: 3 }],
          path: ['bill'],
          extensions: { code: 'BAD_USER_INPUT', argumentPath: 'parameter' },
        },
      ],
    });
    expect(harness.upstreamCalls()).toEqual([]);
  });

  it('an upstream 500 reaches the caller as UPSTREAM_UNAVAILABLE with our message, not the upstream body', async () => {
    harness.sandbox.injectFault({ operationId: 'billingInquiryCcGet', status: 500, times: Infinity });
    const response = await harness.gql<{ bill: { amount: string | null } }>(
      `{ bill(type: WATER, parameter: "${samples.waterBillId}") { amount } }`,
    );
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ bill: { amount: null } });
    expect(response.errors).toHaveLength(1);
    const [error] = response.errors ?? [];
    expect(error?.message).toBe('The upstream failed to answer; try again later.');
    expect(error?.path).toEqual(['bill', 'amount']);
    // Every attempt failed; the error names the last one.
    const call = harness.upstreamCalls('billingInquiryCcGet').at(-1);
    expect(error?.extensions).toEqual({
      code: 'UPSTREAM_UNAVAILABLE',
      operationId: 'billingInquiryCcGet',
      httpStatus: 500,
      upstreamCode: 'SERVICE_CALL_ERROR',
      trackId: call?.trackId,
    });
    expect(call?.trackId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a huge bad variable value is quoted only by a short prefix', async () => {
    const value = '9'.repeat(10_000);
    const response = await harness.gql(`query($type: BillType!) { bill(type: $type, parameter: "1") { amount } }`, {
      type: value,
    });
    expect(response.errors).toHaveLength(1);
    const [error] = response.errors ?? [];
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toContain(`"${'9'.repeat(24)}…"`);
    expect([...(error?.message ?? '')].length).toBeLessThanOrEqual(300);
    expect(JSON.stringify(response).length).toBeLessThan(1_000);
  });

  it('errors over graphql-ws keep our message and code too (NOT_FOUND from the subscription, BAD_USER_INPUT from a query)', async () => {
    const ws = openWsClient(harness.server.url.replace(/^http/, 'ws'));
    try {
      await ws.connected;
      const missing = collectSubscription(ws.client, 'subscription { jobUpdated(id: "no-such-job") { id } }');
      const bad = collectSubscription(ws.client, '{ bill(type: WATER, parameter: "123") { amount } }');
      expect(await missing.ended).toBe('complete');
      expect(missing.results).toEqual([
        { errors: [{ message: 'No job with id "no-such-job".', extensions: { code: 'NOT_FOUND' } }] },
      ]);
      expect(await bad.ended).toBe('complete');
      expect(bad.results).toEqual([
        {
          data: { bill: null },
          errors: [
            {
              message: 'parameter: expected a bill identifier of 6 to 13 digits',
              extensions: { code: 'BAD_USER_INPUT', argumentPath: 'parameter' },
            },
          ],
        },
      ]);
    } finally {
      await ws.dispose();
    }
  });
  it('over graphql-ws a bad variable is BAD_USER_INPUT with a short quote, and a non-entity representation no internal message', async () => {
    const ws = openWsClient(harness.server.url.replace(/^http/, 'ws'));
    try {
      await ws.connected;
      const bad = collectSubscription(
        ws.client,
        'query($type: BillType!) { bill(type: $type, parameter: "1") { amount } }',
        { type: 'z'.repeat(10_000) },
      );
      expect(await bad.ended).toBe('complete');
      const [error] = bad.results[0]?.errors ?? [];
      expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(error?.message).toContain(`"${'z'.repeat(24)}…"`);
      const job = collectSubscription(ws.client, 'subscription($id: ID!) { jobUpdated(id: $id) { id } }', {
        id: 'j'.repeat(10_000),
      });
      expect(await job.ended).toBe('complete');
      expect(job.results).toEqual([
        { errors: [{ message: `No job with id "${'j'.repeat(24)}…".`, extensions: { code: 'NOT_FOUND' } }] },
      ]);
      const entities = collectSubscription(
        ws.client,
        'query($r: [_Any!]!) { _entities(representations: $r) { __typename } }',
        { r: [{ __typename: 'Query' }] },
      );
      expect(await entities.ended).toBe('complete');
      expect(entities.results).toEqual([
        {
          data: { _entities: [null] },
          errors: [
            {
              message: expect.stringContaining('representations[0].__typename') as string,
              extensions: { code: 'BAD_USER_INPUT', argumentPath: 'representations[0].__typename' },
            },
          ],
        },
      ]);
      expect(JSON.stringify(entities.results)).not.toContain('Abstract type');
    } finally {
      await ws.dispose();
    }
  });
});
