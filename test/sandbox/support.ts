/** Shared helpers of the sandbox tests: real HTTP against a started sandbox. */
import { operation, operations, type OperationId } from '../../src/datasources/upstream/operations.js';
import type { Sandbox } from '../../sandbox/index.js';
import { billIdCheckDigit } from '../../sandbox/validation.js';

export const BILL_OPERATIONS = [
  'billingInquiryCcGet',
  'billingDetailInquiryCcGet',
  'billingBillHistoryInquiryGet',
  'billingNegativeScoreGet',
  'billingInquiryRequestSubmit',
  'billingInquiryStatusPoll',
] as const satisfies readonly OperationId[];

export const BILL_SCOPES = BILL_OPERATIONS.map((id) => operation(id).scope);
export const ALL_SCOPES = [...new Set([...operations.values()].map((spec) => spec.scope))];

export interface JsonResponse {
  status: number;
  body: Record<string, unknown>;
}

/** The `result` of a success envelope, typed loosely for assertions. */
export type Json = Record<string, unknown>;

export const withCheckDigit = (digits: string): string => digits + String(billIdCheckDigit(digits));

export function basicAuth(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

async function asJson(response: Response): Promise<JsonResponse> {
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

export async function requestToken(
  sandbox: Sandbox,
  body: unknown,
  /** null sends no Authorization header. */
  authorization: string | null = basicAuth(sandbox.options.clientId, sandbox.options.clientSecret),
): Promise<JsonResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (authorization !== null) headers['authorization'] = authorization;
  const response = await fetch(`${sandbox.url}/dev/v2/oauth2/token`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return asJson(response);
}

export interface IssuedToken {
  value: string;
  refreshToken: string;
  lifeTime: number;
  creationDate: string;
  scopes: string[];
}

export async function issueToken(sandbox: Sandbox, scopes: readonly string[] = BILL_SCOPES): Promise<IssuedToken> {
  const { status, body } = await requestToken(sandbox, {
    grant_type: 'client_credentials',
    nid: sandbox.options.clientNid,
    scopes: scopes.join(','),
  });
  if (status !== 200) throw new Error(`token request failed: ${status} ${JSON.stringify(body)}`);
  return body['result'] as IssuedToken;
}

export function operationUrl(
  sandbox: Sandbox,
  id: OperationId,
  query: Record<string, string | undefined> = {},
  clientId = sandbox.options.clientId,
): string {
  const path = operation(id).path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'clientId' ? clientId : '0499370899',
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const qs = search.toString();
  return `${sandbox.url}${path}${qs ? `?${qs}` : ''}`;
}

export interface CallOptions {
  token?: string | undefined;
  query?: Record<string, string | undefined>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  clientId?: string;
  signal?: AbortSignal;
}

/** Calls a catalog operation with its catalog method. */
export async function callOperation(
  sandbox: Sandbox,
  id: OperationId,
  options: CallOptions = {},
): Promise<JsonResponse> {
  const spec = operation(id);
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(operationUrl(sandbox, id, options.query, options.clientId), {
    method: spec.method,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return asJson(response);
}

/** The `result` of a 200 DONE answer; throws with the body otherwise, so failures read well. */
export function resultOf(response: JsonResponse): Json {
  if (response.status !== 200 || response.body['status'] !== 'DONE') {
    throw new Error(`expected a DONE answer, got ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body['result'] as Json;
}

export function errorOf(response: JsonResponse): { status: number; code: unknown; message: unknown } {
  const error = response.body['error'] as Json | undefined;
  return { status: response.status, code: error?.['code'], message: error?.['message'] };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SLASHED_DATE = /^1[34]\d\d\/(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])$/;
export const PERSIAN = /[\u0600-\u06FF]/;

/**
 * Valid sample inputs per bill type, and one per type that is well formed but fails the upstream's
 * checks. Bill ids: a body and its check digit.
 */
export const SAMPLES = {
  water: [withCheckDigit('1234567001'), withCheckDigit('987654321041')],
  electricity: [withCheckDigit('5566778802'), withCheckDigit('12121212032')],
  gasSubscription: ['123456789', '900000000000001'],
  gasBillId: [withCheckDigit('4455667703'), withCheckDigit('773311')],
  landline: ['02177689361', '03132221234'],
  mci: ['09121234567', '09901234567'],
  mtn: ['09351234567', '09011234567'],
  rightel: ['09211234567', '09221234567'],
} as const;
