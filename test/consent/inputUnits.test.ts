/**
 * The consent inputs in pieces: the scopes a consent may ask for, the OTP, consent id and redirect
 * values, and the session that hands a caller's handle to the consent service (no server).
 */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { CONSENT_SCOPES, parseScopes } from '../../src/consent/scopes.js';
import { storeKey } from '../../src/consent/secrets.js';
import type { ConsentService } from '../../src/consent/service.js';
import { ConsentSession } from '../../src/consent/session.js';
import type { ConsentView } from '../../src/consent/types.js';
import { parseConsentId, parseOtp, parseRedirectValue } from '../../src/consent/validation.js';
import type { UserTokenNeed } from '../../src/datasources/upstream/client.js';
import { operations } from '../../src/datasources/upstream/operations.js';
import { ErrorCode } from '../../src/errors.js';

/** The BAD_USER_INPUT error `run` throws; fails the test when it throws none. */
function refusal(run: () => unknown): GraphQLError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    return error as GraphQLError;
  }
  throw new Error('expected a BAD_USER_INPUT error');
}

function expectRefused(run: () => unknown, path: string, message: string): void {
  const error = refusal(run);
  expect(error.extensions).toMatchObject({ code: ErrorCode.BadUserInput, argumentPath: path });
  expect(error.message).toBe(`${path}: ${message}`);
}

const SMS_SCOPE = 'kyc:sms-nid-verification:get';
const CODE_SCOPE = 'oak:transfer-to:execute';

describe('CONSENT_SCOPES', () => {
  it.each(['authorization_sms', 'authorization_code'] as const)(
    'lists each scope of the operations under %s once, sorted, and no other',
    (grant) => {
      const listed = CONSENT_SCOPES[grant];
      const catalog = [...operations.values()];
      expect(listed.length).toBeGreaterThan(1);
      expect(new Set(listed).size).toBe(listed.length);
      expect([...listed].sort()).toEqual(listed);
      for (const spec of catalog.filter((s) => s.grant === grant)) expect(listed).toContain(spec.scope);
      for (const scope of listed) expect(catalog.some((s) => s.grant === grant && s.scope === scope)).toBe(true);
    },
  );

  it('keeps the scopes of one grant out of the other', () => {
    expect(CONSENT_SCOPES.authorization_sms).toContain(SMS_SCOPE);
    expect(CONSENT_SCOPES.authorization_sms).not.toContain(CODE_SCOPE);
    expect(CONSENT_SCOPES.authorization_code).toContain(CODE_SCOPE);
    expect(CONSENT_SCOPES.authorization_code).not.toContain(SMS_SCOPE);
  });
});

describe('parseScopes', () => {
  it('trims the scopes and drops duplicates, keeping the order', () => {
    const last = CONSENT_SCOPES.authorization_sms.at(-1) ?? '';
    expect(parseScopes([` ${last} `, SMS_SCOPE, last], 'authorization_sms', 'input.scopes')).toEqual([last, SMS_SCOPE]);
  });

  it('refuses no scope at all', () => {
    expectRefused(
      () => parseScopes([], 'authorization_code', 'input.scopes'),
      'input.scopes',
      'ask for at least one scope',
    );
  });

  it('refuses a scope of the other grant or of no operation, naming each', () => {
    expectRefused(
      () => parseScopes([CODE_SCOPE, SMS_SCOPE, 'nope'], 'authorization_sms', 'input.scopes'),
      'input.scopes',
      `not a scope of an operation under authorization_sms: ${CODE_SCOPE}, nope (the consentScopes query lists the allowed ones)`,
    );
    expect(parseScopes([CODE_SCOPE], 'authorization_code', 'input.scopes')).toEqual([CODE_SCOPE]);
  });
});

describe('parseOtp', () => {
  it('accepts 5 letters or digits, trimmed, with Persian digits made ASCII', () => {
    expect(parseOtp(' aB3z9 ', 'input.otp')).toBe('aB3z9');
    expect(parseOtp('۱۲۳۴۵', 'input.otp')).toBe('12345');
  });

  it.each(['1234', '123456', '12-45', 'x12345', '12345x', ''])('refuses %j', (value) => {
    expectRefused(
      () => parseOtp(value, 'input.otp'),
      'input.otp',
      'expected the 5 letters or digits of the code the person received',
    );
  });
});

describe('parseConsentId', () => {
  it('accepts up to 64 letters, digits, _ and -, trimmed', () => {
    expect(parseConsentId(' c_1-A ', 'input.consentId')).toBe('c_1-A');
    expect(parseConsentId('a'.repeat(64), 'input.consentId')).toBe('a'.repeat(64));
  });

  it.each(['', 'a'.repeat(65), 'c.1', 'x c', '/c1', 'c1/'])('refuses %j', (value) => {
    expectRefused(() => parseConsentId(value, 'input.consentId'), 'input.consentId', 'not a consent id');
  });
});

describe('parseRedirectValue', () => {
  it('accepts up to 512 URL-safe characters, trimmed', () => {
    expect(parseRedirectValue(' Ab1._~- ', 'input.code')).toBe('Ab1._~-');
    expect(parseRedirectValue('c'.repeat(512), 'input.code')).toBe('c'.repeat(512));
  });

  it.each(['', 'c'.repeat(513), 'a b', 'a&b', '&ab', 'ab&'])('refuses %j', (value) => {
    expectRefused(
      () => parseRedirectValue(value, 'input.state'),
      'input.state',
      'expected the value of the redirect query parameter as it came',
    );
  });
});

describe('ConsentSession', () => {
  const view = { status: 'ACTIVE' } as unknown as ConsentView;
  const need: UserTokenNeed = {
    operationId: 'op',
    scope: SMS_SCOPE,
    grant: 'authorization_sms',
    subject: '0499370899',
  };

  function session() {
    const calls: unknown[][] = [];
    const service = {
      tokenFor: (...args: unknown[]) => (calls.push(['tokenFor', ...args]), Promise.resolve('token-1')),
      renewFor: (...args: unknown[]) => (calls.push(['renewFor', ...args]), Promise.resolve('token-2')),
      describe: (...args: unknown[]) => (calls.push(['describe', ...args]), Promise.resolve(view)),
      revoke: (...args: unknown[]) => (calls.push(['revoke', ...args]), Promise.resolve(view)),
    } as unknown as ConsentService;
    return { consent: new ConsentSession(service, 'handle-1'), calls };
  }

  it('is keyed by the digest of its handle as an active consent, not the handle', () => {
    const { consent } = session();
    expect(consent.key).toBe(storeKey('active', 'handle-1'));
    expect(consent.key).not.toContain('handle-1');
  });

  it('asks the service, with its handle, only when a field needs it', async () => {
    const { consent, calls } = session();
    expect(calls).toEqual([]);
    expect(await consent.token(need)).toBe('token-1');
    expect(await consent.renew('token-1')).toBe('token-2');
    expect(await consent.describe()).toBe(view);
    expect(await consent.revoke()).toBe(view);
    expect(calls).toEqual([
      ['tokenFor', 'handle-1', need],
      ['renewFor', 'handle-1', 'token-1'],
      ['describe', 'handle-1'],
      ['revoke', 'handle-1'],
    ]);
  });
});
