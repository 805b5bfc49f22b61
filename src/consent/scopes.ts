import { operations } from '../datasources/upstream/operations.js';
import { BadUserInputError } from '../errors.js';
import type { ConsentGrant } from './types.js';

/** The scopes a consent of each grant may ask for: those of the catalog's operations under that grant. */
export const CONSENT_SCOPES: Readonly<Record<ConsentGrant, readonly string[]>> = {
  authorization_sms: scopesOf('authorization_sms'),
  authorization_code: scopesOf('authorization_code'),
};

function scopesOf(grant: ConsentGrant): string[] {
  return [...new Set([...operations.values()].filter((spec) => spec.grant === grant).map((spec) => spec.scope))].sort();
}

/**
 * The requested scopes, checked against the catalog: at least one, each a scope of an operation
 * under `grant`. Duplicates are dropped; the order is kept.
 */
export function parseScopes(scopes: readonly string[], grant: ConsentGrant, argumentPath: string): string[] {
  const wanted = [...new Set(scopes.map((scope) => scope.trim()))];
  if (wanted.length === 0) throw new BadUserInputError(argumentPath, 'ask for at least one scope');
  const allowed = CONSENT_SCOPES[grant];
  const wrong = wanted.filter((scope) => !allowed.includes(scope));
  if (wrong.length > 0) {
    throw new BadUserInputError(
      argumentPath,
      `not a scope of an operation under ${grant}: ${wrong.join(', ')} (the consentScopes query lists the allowed ones)`,
    );
  }
  return wanted;
}
