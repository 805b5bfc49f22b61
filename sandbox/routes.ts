/** Routing built from the operations catalog, so the sandbox serves exactly the catalogued paths. */
import {
  AUTHORIZE_PATH,
  REVOKE_TOKEN_PATH,
  TOKEN_PATH,
  VERIFY_SMS_PATH,
  operations,
  type OperationId,
  type OperationSpec,
} from '../src/datasources/upstream/operations.js';

export type Route =
  | { readonly kind: 'token' }
  /** The user grants' authorization endpoint: the SMS OTP request, or the browser's login page (GET) and its form (POST). */
  | { readonly kind: 'authorize' }
  /** The SMS OTP check. */
  | { readonly kind: 'verifySms' }
  /** The revocation of a token (wire facts §2.7), by the client named in the path. */
  | { readonly kind: 'revokeToken'; readonly clientId: string }
  | {
      readonly kind: 'operation';
      readonly id: OperationId;
      readonly spec: OperationSpec;
      readonly clientId: string;
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'unknown' };

interface CompiledRoute {
  readonly id: OperationId;
  readonly spec: OperationSpec;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(id: OperationId, spec: OperationSpec): CompiledRoute {
  const names: string[] = [];
  const source = spec.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { id, spec, pattern: new RegExp(`^${source}$`), names };
}

const REVOKE_TOKEN_PATTERN = new RegExp(`^${REVOKE_TOKEN_PATH.split('{clientId}').map(escapeRegExp).join('([^/]+)')}$`);

const compiled: readonly CompiledRoute[] = [...operations].map(([id, spec]) => compile(id, spec));

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function resolveRoute(method: string, pathname: string): Route {
  if (pathname === TOKEN_PATH) return method === 'POST' ? { kind: 'token' } : { kind: 'unknown' };
  if (pathname === AUTHORIZE_PATH)
    return method === 'GET' || method === 'POST' ? { kind: 'authorize' } : { kind: 'unknown' };
  if (pathname === VERIFY_SMS_PATH) return method === 'POST' ? { kind: 'verifySms' } : { kind: 'unknown' };
  const revoking = REVOKE_TOKEN_PATTERN.exec(pathname);
  if (revoking) {
    const clientId = decode(revoking[1] ?? '');
    return method === 'DELETE' && clientId !== undefined ? { kind: 'revokeToken', clientId } : { kind: 'unknown' };
  }
  for (const route of compiled) {
    if (route.spec.method !== method) continue;
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    let decodable = true;
    route.names.forEach((name, i) => {
      const value = decode(match[i + 1] ?? '');
      if (value === undefined) decodable = false;
      else params[name] = value;
    });
    const clientId = params['clientId'];
    if (!decodable || clientId === undefined) continue;
    return { kind: 'operation', id: route.id, spec: route.spec, clientId, params };
  }
  return { kind: 'unknown' };
}

/** The operation id a call is recorded and matched for faults under. */
export function routeName(route: Route): string {
  return route.kind === 'operation' ? route.id : route.kind;
}
