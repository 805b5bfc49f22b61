import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
});

describe('OpenTelemetry spans', () => {
  const harness = useHarness();

  it('a GraphQL request is a server span named after its operation; each upstream call is its child, with the trackId and request id', async () => {
    exporter.reset();
    const res = await harness.gql(
      `query WaterBill { bill(type: WATER, parameter: "${samples.waterBillId}") { amount } }`,
      undefined,
      {
        'x-request-id': 'req-tracing-1',
      },
    );
    expect(res.errors).toBeUndefined();
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'graphql.query WaterBill');
    const upstream = spans.filter((s) => s.name.startsWith('upstream '));
    expect(request?.attributes).toMatchObject({
      'subgraph.request_id': 'req-tracing-1',
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'WaterBill',
    });
    const [call] = harness.upstreamCalls();
    expect(upstream.map((s) => s.name)).toEqual([`upstream ${call?.operationId}`]);
    expect(upstream[0]?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
    expect(upstream[0]?.attributes).toMatchObject({
      'subgraph.request_id': 'req-tracing-1',
      'subgraph.track_id': call?.trackId,
      'http.response.status_code': 200,
    });
  });

  it('an answer with errors marks the request span failed with their codes', async () => {
    exporter.reset();
    await harness.gql('{ bill(type: WATER, parameter: "12") { amount } }');
    const request = exporter.getFinishedSpans().find((s) => s.name.startsWith('graphql.'));
    expect(request?.status.code).toBe(2);
    expect(request?.attributes['graphql.error_codes']).toEqual(['BAD_USER_INPUT']);
    expect(harness.upstreamCalls()).toEqual([]);
  });
});

describe('tracing configuration', () => {
  it('is on only when an OTLP endpoint is configured and the SDK is not disabled', () => {
    expect(loadConfig({}).tracing.enabled).toBe(false);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing).toEqual({
      enabled: true,
      serviceName: 'inquiry-subgraph',
    });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces', OTEL_SERVICE_NAME: 'x' })
        .tracing,
    ).toEqual({ enabled: true, serviceName: 'x' });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }).tracing.enabled,
    ).toBe(false);
  });
});
