import { parseJson } from '../../lib/json.js';

export type UpstreamAnswer =
  | { readonly kind: 'success'; readonly result: unknown; readonly trackId?: string; readonly responseCode?: string }
  | {
      readonly kind: 'failure';
      readonly httpStatus: number;
      readonly upstreamCode?: string;
      readonly message?: string;
      readonly trackId?: string;
      readonly responseCode?: string;
      /** False when the body was not the upstream's envelope at all (a proxy page, garbage). */
      readonly enveloped: boolean;
      /**
       * True when the failure came inside a 2xx answer (a FAILED envelope, or one nested under a DONE
       * `result`): a refusal, although `httpStatus` is the 2xx the upstream really sent.
       */
      readonly within2xx?: true;
    };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * A failure the upstream reports inside a DONE envelope: `result: { response: null, status: "FAILED",
 * error }` (wire facts §3.2). A business outcome such as a FAILED asynchronous inquiry
 * (`result: { requestId, status: "FAILED", error }`) is a successful answer and is not matched.
 */
function nestedFailure(result: unknown): Json | null {
  if (!isObject(result) || result.status !== 'FAILED' || !isObject(result.error)) return null;
  return 'response' in result || result.error.code === 'SERVICE_CALL_ERROR' ? result : null;
}

const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['trackId', 'status', 'responseCode']);

/** Some answers put their payload beside the envelope keys instead of under `result` (wire facts §4.7, guaranteeCollaterals). */
function payloadBeside(json: Json): Json {
  return Object.fromEntries(Object.entries(json).filter(([key]) => !ENVELOPE_KEYS.has(key)));
}

/**
 * Reads an upstream answer: `{trackId, result, status: "DONE", responseCode?}` on success and
 * `{trackId, status: "FAILED", error: {code, message}}` on failure. A failure nested under `result`
 * with a DONE envelope (seen for SERVICE_CALL_ERROR) is a failure too.
 */
export function parseAnswer(httpStatus: number, body: string): UpstreamAnswer {
  return answerFrom(httpStatus, parsedBody(body));
}

/** The body as JSON, or undefined when it is empty or not JSON. */
function parsedBody(body: string): unknown {
  try {
    return body.length > 0 ? parseJson(body) : undefined;
  } catch {
    return undefined;
  }
}

/** Bodies already parsed, by the response that carried them. */
const bodies = new WeakMap<object, unknown>();

/**
 * A response's body as JSON (undefined when empty or not JSON), parsed once per response: the circuit
 * breaker looks at it before the client reads the answer from it.
 */
export function bodyOf(response: { readonly text: string }): unknown {
  if (bodies.has(response)) return bodies.get(response);
  const json = parsedBody(response.text);
  bodies.set(response, json);
  return json;
}

/**
 * `parseAnswer` of a response whose body may already have been parsed (`bodyOf`). `withoutStatus`: the
 * operation's documented answer has no `status` at all, so a 2xx answer with neither `status` nor `error`
 * is its payload (`answersWithoutStatus` of the catalog).
 */
export function answerOf(
  response: { readonly status: number; readonly text: string },
  withoutStatus = false,
): UpstreamAnswer {
  return answerFrom(response.status, bodyOf(response), withoutStatus);
}

function answerFrom(httpStatus: number, json: unknown, withoutStatus = false): UpstreamAnswer {
  if (!isObject(json)) return { kind: 'failure', httpStatus: httpStatus === 200 ? 502 : httpStatus, enveloped: false };

  const trackId = text(json.trackId);
  const responseCode = text(json.responseCode);
  const common = { ...(trackId && { trackId }), ...(responseCode && { responseCode }) };
  const nested = nestedFailure(json.result);

  const done = json.status === 'DONE' || (withoutStatus && !('status' in json) && !('error' in json));
  if (httpStatus >= 200 && httpStatus < 300 && done && !nested) {
    return { kind: 'success', result: 'result' in json ? json.result : payloadBeside(json), ...common };
  }
  const error = isObject(json.error) ? json.error : nested && isObject(nested.error) ? nested.error : undefined;
  const upstreamCode = text(error?.code);
  const message = text(error?.message);
  return {
    kind: 'failure',
    httpStatus,
    ...(httpStatus >= 200 && httpStatus < 300 && { within2xx: true as const }),
    ...(upstreamCode && { upstreamCode }),
    ...(message && { message }),
    ...common,
    enveloped: json.status === 'FAILED' || error !== undefined,
  };
}
