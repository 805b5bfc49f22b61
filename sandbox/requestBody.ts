import type { IncomingMessage } from 'node:http';

/** A file part of a multipart form. */
export interface UploadedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly data: Buffer;
}

export type RequestBody =
  | { readonly kind: 'empty' }
  | { readonly kind: 'json'; readonly value: unknown }
  /** `multipart/form-data` (the upload operations, wire facts §1): text fields and file parts by name. */
  | {
      readonly kind: 'form';
      readonly fields: Readonly<Record<string, string>>;
      readonly files: Readonly<Record<string, UploadedFile>>;
    }
  | { readonly kind: 'malformed'; readonly text: string };

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Multipart bodies carry files: room for a video a little over the upstream's 5 MB limit, so the
 * operation itself answers the oversize with its VALIDATION_ERROR.
 */
const MAX_MULTIPART_BYTES = 16 * 1024 * 1024;

const isMultipart = (contentType: string | undefined): contentType is string =>
  /^multipart\/form-data\s*;/i.test(contentType ?? '');

export async function readBody(req: IncomingMessage): Promise<RequestBody> {
  const contentType = req.headers['content-type'];
  const multipart = isMultipart(contentType);
  const limit = multipart ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size <= limit) chunks.push(buffer);
  }
  if (size > limit) return { kind: 'malformed', text: `<${size} bytes, over the ${limit}-byte limit>` };
  const bytes = Buffer.concat(chunks);
  if (multipart) return parseMultipart(bytes, contentType);
  const text = bytes.toString('utf8');
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'malformed', text };
  }
}

/** Parses a multipart body with the platform's own parser (the fetch Response's formData()). */
async function parseMultipart(bytes: Buffer, contentType: string): Promise<RequestBody> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { kind: 'malformed', text: `<${bytes.length}-byte multipart body that could not be parsed>` };
  }
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  for (const [name, value] of form) {
    // The first part of a name wins, as for repeated query parameters.
    if (name in fields || name in files) continue;
    if (typeof value === 'string') fields[name] = value;
    else files[name] = { filename: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) };
  }
  return { kind: 'form', fields, files };
}

/** What the call log keeps of a body; a form keeps its text fields and, of each file, its name, type and size. */
export function recordedBody(body: RequestBody): unknown {
  if (body.kind === 'json') return body.value;
  if (body.kind === 'malformed') return body.text;
  if (body.kind === 'form') {
    const files = Object.entries(body.files).map(([name, file]) => [
      name,
      { filename: file.filename, contentType: file.contentType, size: file.data.length },
    ]);
    return { ...body.fields, ...Object.fromEntries(files) };
  }
  return undefined;
}

/** The body as a JSON object, or undefined when it is anything else. */
export function jsonObject(body: RequestBody): Record<string, unknown> | undefined {
  if (body.kind !== 'json' || typeof body.value !== 'object' || body.value === null || Array.isArray(body.value))
    return undefined;
  return body.value as Record<string, unknown>;
}

/** A field that must be a string when present: the string, undefined when absent/null, or 'invalid'. */
export function stringField(
  object: Record<string, unknown>,
  name: string,
): { ok: true; value: string | undefined } | { ok: false } {
  const value = object[name];
  if (value === undefined || value === null) return { ok: true, value: undefined };
  return typeof value === 'string' ? { ok: true, value } : { ok: false };
}
