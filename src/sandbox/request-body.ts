import type { IncomingMessage } from 'node:http';

export type RequestBody =
  | { readonly kind: 'empty' }
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'malformed'; readonly text: string };

const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<RequestBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  if (size > MAX_BODY_BYTES) return { kind: 'malformed', text: `<${size} bytes, over the ${MAX_BODY_BYTES}-byte limit>` };
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'malformed', text };
  }
}

/** What the call log keeps of a body. */
export function recordedBody(body: RequestBody): unknown {
  if (body.kind === 'json') return body.value;
  if (body.kind === 'malformed') return body.text;
  return undefined;
}

/** The body as a JSON object, or undefined when it is anything else. */
export function jsonObject(body: RequestBody): Record<string, unknown> | undefined {
  if (body.kind !== 'json' || typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) return undefined;
  return body.value as Record<string, unknown>;
}

/** A field that must be a string when present: the string, undefined when absent/null, or 'invalid'. */
export function stringField(object: Record<string, unknown>, name: string): { ok: true; value: string | undefined } | { ok: false } {
  const value = object[name];
  if (value === undefined || value === null) return { ok: true, value: undefined };
  return typeof value === 'string' ? { ok: true, value } : { ok: false };
}
