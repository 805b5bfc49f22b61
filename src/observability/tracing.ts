/**
 * OpenTelemetry tracing. The subgraph records spans through the OpenTelemetry API, which costs next to
 * nothing while no tracer provider is registered; `startTracing` registers one that exports over OTLP/HTTP
 * when the standard `OTEL_EXPORTER_OTLP_*` endpoint variables are set.
 */
import {
  context,
  createContextKey,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export const TRACER_NAME = 'inquiry-subgraph';

const REQUEST_ID = createContextKey('subgraph.request_id');

export interface TracingConfig {
  readonly enabled: boolean;
  readonly serviceName: string;
}

/** Registers the process's tracer provider; returns its shutdown, which flushes what is still buffered. */
export function startTracing(config: TracingConfig): () => Promise<void> {
  if (!config.enabled) return async () => {};
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    // The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS itself.
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  return () => provider.shutdown();
}

const tracer = () => trace.getTracer(TRACER_NAME);

/** Runs one GraphQL request inside a server span that carries its request id; upstream calls made for it become its children. */
export function inRequestSpan<T>(requestId: string, run: () => Promise<T>): Promise<T> {
  return tracer().startActiveSpan(
    'graphql.request',
    { kind: SpanKind.SERVER, attributes: { 'subgraph.request_id': requestId } },
    context.active().setValue(REQUEST_ID, requestId),
    async (span) => {
      try {
        return await run();
      } catch (error) {
        markFailed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Names the request's span after its operation once it is known. */
export function describeRequestSpan(operationType: string, operationName: string | null): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(`graphql.${operationType}${operationName ? ` ${operationName}` : ''}`);
  span.setAttributes({
    'graphql.operation.type': operationType,
    ...(operationName && { 'graphql.operation.name': operationName }),
  });
}

/** Records that the request's answer carried errors, by their codes. */
export function markRequestErrors(codes: readonly string[]): void {
  const span = trace.getActiveSpan();
  if (!span || codes.length === 0) return;
  span.setAttribute('graphql.error_codes', [...new Set(codes)]);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Runs one upstream call inside a client span named after its catalog operation. */
export function inUpstreamSpan<T>(
  operationId: string,
  attributes: Attributes,
  run: (span: Span) => Promise<T>,
): Promise<T> {
  const requestId = context.active().getValue(REQUEST_ID);
  return tracer().startActiveSpan(
    `upstream ${operationId}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'subgraph.upstream.operation': operationId,
        ...(typeof requestId === 'string' && { 'subgraph.request_id': requestId }),
        ...attributes,
      },
    },
    async (span) => {
      try {
        return await run(span);
      } catch (error) {
        markFailed(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

function markFailed(span: Span, error: unknown): void {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  span.setStatus({ code: SpanStatusCode.ERROR, ...(typeof code === 'string' && { message: code }) });
}

/** Notes an attempt of the current upstream call on its span: the trackId it went with, and the HTTP status if one came back. */
export function noteUpstreamAttempt(trackId: string, status?: number): void {
  trace.getActiveSpan()?.setAttributes({
    'subgraph.track_id': trackId,
    ...(status !== undefined && { 'http.response.status_code': status }),
  });
}
