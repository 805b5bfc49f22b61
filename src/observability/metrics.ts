/**
 * The subgraph's Prometheus metrics, served at `/metrics`. One registry for the process: every part
 * records into the metrics named here, so an operator finds them all in one list.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const registers = [registry];

/** Upstream calls by catalog operation and outcome (`success`, the error code in lower case, `not_sent`, or `aborted`). */
export const upstreamCalls = new Counter({
  name: 'subgraph_upstream_calls_total',
  help: 'Upstream calls by operation and outcome.',
  labelNames: ['operation', 'outcome'] as const,
  registers,
});

/** Time from sending an upstream call to its answer (or failure), per operation. */
export const upstreamDuration = new Histogram({
  name: 'subgraph_upstream_call_duration_seconds',
  help: 'Duration of upstream calls by operation.',
  labelNames: ['operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** Calls sent again after a failure that left a safe read unanswered. */
export const upstreamRetries = new Counter({
  name: 'subgraph_upstream_retries_total',
  help: 'Safe upstream reads sent again after a transient failure, by operation.',
  labelNames: ['operation'] as const,
  registers,
});

/** Token renewals: client-credentials tokens from the broker, consent tokens by refresh grant. */
export const tokenRenewals = new Counter({
  name: 'subgraph_token_renewals_total',
  help: 'Upstream token renewals by kind (client_credentials, consent) and reason (expiry, rejected).',
  labelNames: ['kind', 'reason'] as const,
  registers,
});

/** 0 closed, 1 half-open, 2 open; one series per upstream group. */
export const breakerState = new Gauge({
  name: 'subgraph_upstream_breaker_state',
  help: 'Circuit breaker state per upstream group: 0 closed, 1 half-open, 2 open.',
  labelNames: ['group'] as const,
  registers,
});

/** Operations or calls refused by a limit (depth, aliases, tokens, cost, upstream budget, rate, SMS throttle, …). */
export const limitsHit = new Counter({
  name: 'subgraph_limits_hit_total',
  help: 'Requests refused by a limit, by limit name.',
  labelNames: ['limit'] as const,
  registers,
});

/** Job state changes as stored, by kind and the status reached. */
export const jobTransitions = new Counter({
  name: 'subgraph_job_transitions_total',
  help: 'Jobs created or changed, by kind and the status reached (PENDING, SUCCESS, FAILED).',
  labelNames: ['kind', 'status'] as const,
  registers,
});

/** Jobs this process is following now (polling), by kind. */
export const jobsFollowed = new Gauge({
  name: 'subgraph_jobs_followed',
  help: 'Jobs this process is polling now, by kind.',
  labelNames: ['kind'] as const,
  registers,
});

/** Open graphql-ws connections. */
export const websocketConnections = new Gauge({
  name: 'subgraph_websocket_connections',
  help: 'Open WebSocket (graphql-ws) connections.',
  registers,
});

/** Subscriptions relayed over HTTP callbacks (the Apollo Router's callback mode), running now. */
export const callbackSubscriptions = new Gauge({
  name: 'subgraph_callback_subscriptions',
  help: 'Subscriptions relayed over HTTP callbacks (Apollo Router callback mode) running now.',
  registers,
});

/**
 * Callback subscriptions ended, by how: `completed` (the stream ended, `complete` sent), `gone` (the router
 * answered 404), `refused` (another 4xx), `unreachable` (no answer, or 5xx), `shutdown`.
 */
export const callbackSubscriptionEnds = new Counter({
  name: 'subgraph_callback_subscription_ends_total',
  help: 'Callback subscriptions ended, by reason (completed, gone, refused, unreachable, shutdown).',
  labelNames: ['reason'] as const,
  registers,
});

/** GraphQL operations answered, by type and whether the answer carried errors. */
export const graphqlOperations = new Counter({
  name: 'subgraph_graphql_operations_total',
  help: 'GraphQL operations by type (query, mutation, subscription) and outcome (ok, error).',
  labelNames: ['type', 'outcome'] as const,
  registers,
});

/** Time to answer a GraphQL operation over HTTP. */
export const graphqlDuration = new Histogram({
  name: 'subgraph_graphql_operation_duration_seconds',
  help: 'Duration of GraphQL operations over HTTP, by type.',
  labelNames: ['type'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

/** Whether the job store answers: 1 reachable, 0 not (always 1 for the in-memory store). */
export const storeUp = new Gauge({
  name: 'subgraph_store_up',
  help: 'Whether the shared store (Redis) answers: 1 yes, 0 no.',
  registers,
});

/** The text `/metrics` answers with, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
