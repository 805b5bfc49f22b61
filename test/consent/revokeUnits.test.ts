/**
 * The revocation of a user token, in pieces: what UpstreamGrants sends and how it reads the answers,
 * and the consent service's order (forget here first, then revoke upstream; a token renewed while the
 * consent was revoked is revoked too).
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryConsentStore } from '../../src/consent/memoryStore.js';
import { ConsentService } from '../../src/consent/service.js';
import {
  UpstreamGrants,
  type OtpCheck,
  type OtpRequest,
  type Revocation,
  type TokenGrant,
} from '../../src/consent/upstreamGrants.js';
import type { HttpRequest } from '../../src/datasources/upstream/http.js';
import { OAuthEndpoint } from '../../src/datasources/upstream/tokenBroker.js';
import { ErrorCode } from '../../src/errors.js';
import { at, present } from '../helpers/responses.js';

const NATIONAL_ID = '0499370899';

/** Grants over an endpoint answering `answers` in turn (HTTP status, body), recording every request. */
function grantsAnswering(answers: Array<[number, unknown]>) {
  const sent: HttpRequest[] = [];
  const renewed: string[] = [];
  let issued = 0;
  const endpoint = new OAuthEndpoint({
    http: {
      send: (request) => {
        sent.push(request);
        const [status, body] = answers.shift() ?? [500, {}];
        return Promise.resolve({ status, text: JSON.stringify(body) });
      },
      close: () => Promise.resolve(),
    },
    baseUrl: 'https://upstream.example',
    clientId: 'client/1',
    clientSecret: 'secret',
    timeoutMs: 1000,
  });
  const grants = new UpstreamGrants(endpoint, 'https://app.example/done', {
    token: () => Promise.resolve(`cc-${issued}`),
    renew: (rejected) => {
      renewed.push(rejected);
      issued += 1;
      return Promise.resolve(`cc-${issued}`);
    },
  });
  return { grants, sent, renewed };
}

const DONE: [number, unknown] = [200, { trackId: 't-1', status: 'DONE' }];
const failed = (status: number, code: string): [number, unknown] => [
  status,
  { trackId: 't-2', status: 'FAILED', error: { code, message: 'no' } },
];

describe('UpstreamGrants.revoke', () => {
  it('sends DELETE /dev/v2/clients/{clientId}/token with a client Bearer token and the SMS token', async () => {
    const { grants, sent } = grantsAnswering([DONE]);
    expect(await grants.revoke({ grant: 'authorization_sms', bank: null }, 'user-token')).toEqual({ kind: 'revoked' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'DELETE',
      url: 'https://upstream.example/dev/v2/clients/client%2F1/token',
      headers: { authorization: 'Bearer cc-0', 'content-type': 'application/json' },
    });
    expect(JSON.parse(present(at(sent, 0).body, 'a body'))).toEqual({
      token: 'user-token',
      token_type: 'CODE',
      auth_type: 'SMS',
    });
  });

  it('names the bank of a web token', async () => {
    const { grants, sent } = grantsAnswering([DONE]);
    await grants.revoke({ grant: 'authorization_code', bank: '062' }, 'user-token');
    expect(JSON.parse(present(at(sent, 0).body, 'a body'))).toEqual({
      token: 'user-token',
      token_type: 'CODE',
      bank: '062',
    });
  });

  it('renews a rejected client token and sends once more, only then', async () => {
    const { grants, sent, renewed } = grantsAnswering([failed(401, 'UNAUTHORIZED'), DONE]);
    expect(await grants.revoke({ grant: 'authorization_sms', bank: null }, 'user-token')).toEqual({ kind: 'revoked' });
    expect(renewed).toEqual(['cc-0']);
    expect(sent.map((request) => request.headers['authorization'])).toEqual(['Bearer cc-0', 'Bearer cc-1']);

    const twice = grantsAnswering([failed(401, 'UNAUTHORIZED'), failed(401, 'UNAUTHORIZED')]);
    await expect(twice.grants.revoke({ grant: 'authorization_sms', bank: null }, 'user-token')).rejects.toMatchObject({
      details: { operationId: 'revokeToken' },
    });
    expect(twice.sent).toHaveLength(2);
  });

  it('reads a validation refusal as refused, and anything else as an error, sending once', async () => {
    const refused = grantsAnswering([failed(400, 'VALIDATION_ERROR')]);
    expect(await refused.grants.revoke({ grant: 'authorization_sms', bank: null }, 'user-token')).toEqual({
      kind: 'refused',
      upstreamCode: 'VALIDATION_ERROR',
    });
    const down = grantsAnswering([failed(503, 'SERVICE_UNAVAILABLE'), DONE]);
    await expect(down.grants.revoke({ grant: 'authorization_sms', bank: null }, 'user-token')).rejects.toMatchObject({
      details: { code: ErrorCode.UpstreamUnavailable, operationId: 'revokeToken' },
    });
    expect(down.sent).toHaveLength(1);
  });
});

/** The upstream's side of the grants: every OTP is right, tokens are numbered, refreshes wait for a gate. */
class FakeGrants extends UpstreamGrants {
  readonly revoked: string[] = [];
  private issued = 0;
  refreshGate: Promise<void> = Promise.resolve();
  revokeFails = false;

  constructor() {
    super({} as OAuthEndpoint, 'https://app.example/done');
  }

  override async requestOtp(): Promise<OtpRequest> {
    return { kind: 'sent', trackId: 'otp-track' };
  }

  override async verifyOtp(): Promise<OtpCheck> {
    return { kind: 'code', code: 'code' };
  }

  override exchangeCode(): Promise<TokenGrant> {
    return Promise.resolve(this.issue());
  }

  override async refresh(): Promise<TokenGrant> {
    await this.refreshGate;
    return this.issue();
  }

  override async revoke(_consent: unknown, accessToken: string): Promise<Revocation> {
    this.revoked.push(accessToken);
    if (this.revokeFails) throw new Error('upstream down');
    return { kind: 'revoked' };
  }

  private issue(): TokenGrant {
    this.issued += 1;
    const token = {
      value: `access-${this.issued}`,
      refreshToken: `refresh-${this.issued}`,
      expiresAt: Date.now() + 600_000,
      scopes: null,
      userId: NATIONAL_ID,
    };
    return { kind: 'issued', token };
  }
}

async function granted() {
  const grants = new FakeGrants();
  const store = new MemoryConsentStore();
  const service = new ConsentService({
    store,
    grants,
    logger: pino({ level: 'silent' }),
    smsPendingMs: 180_000,
    codePendingMs: 600_000,
    refreshMarginMs: 60_000,
  });
  const started = await service.startSms({ nationalId: NATIONAL_ID, mobile: '09121234567', scopes: ['s'] });
  const consentId = started.kind === 'challenge' ? started.consentId : '';
  const done = await service.completeSms({ consentId, otp: '12345' });
  const handle = done.kind === 'granted' ? done.handle : '';
  return { grants, store, service, handle };
}

const need = { operationId: 'x', scope: 's', grant: 'authorization_sms', subject: NATIONAL_ID } as const;

describe('ConsentService.revoke', () => {
  it('forgets the consent before the upstream hears of it', async () => {
    const { grants, store, service, handle } = await granted();
    let heldWhenRevoking: boolean | undefined;
    grants.revoke = async (_consent, accessToken) => {
      heldWhenRevoking = store.size > 0;
      grants.revoked.push(accessToken);
      return { kind: 'revoked' };
    };
    await service.revoke(handle);
    expect(heldWhenRevoking).toBe(false);
    expect(grants.revoked).toEqual(['access-1']);
    await store.close();
  });

  it('answers the revocation and forgets the consent when the upstream fails it', async () => {
    const { grants, store, service, handle } = await granted();
    grants.revokeFails = true;
    expect(await service.revoke(handle)).toMatchObject({ nationalId: NATIONAL_ID });
    await expect(service.tokenFor(handle, need)).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(grants.revoked).toEqual(['access-1']);
    await store.close();
  });

  it('revokes the token a renewal brought back while the consent was being revoked', async () => {
    const { grants, store, service, handle } = await granted();
    let release = () => {};
    grants.refreshGate = new Promise((resolve) => (release = resolve));
    const renewing = service.renewFor(handle, 'access-1');
    await service.revoke(handle);
    release();
    await expect(renewing).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(grants.revoked).toEqual(['access-1', 'access-2']);
    await store.close();
  });
});
