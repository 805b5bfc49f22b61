import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operations } from '../../src/datasources/upstream/operations.js';
import { createHandlers } from '../../sandbox/handlers/index.js';
import { Finnotext } from '../../sandbox/handlers/finnotext.js';
import { Ledger } from '../../sandbox/ledger.js';
import { TrackIdRegistry } from '../../sandbox/trackIds.js';
import { SayadRegistry } from '../../sandbox/sayad.js';
import { SmsInboxes } from '../../sandbox/smsInbox.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { ALL_SCOPES, SAMPLES, UUID, callOperation, errorOf, issueToken } from './support.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = (await issueToken(sandbox, ALL_SCOPES)).value;
});

afterAll(async () => {
  await sandbox.close();
});

const waterQuery = (extra: Record<string, string> = {}) => ({ type: 'Water', parameter: SAMPLES.water[0], ...extra });

describe('envelopes and trackId', () => {
  it('wraps a success as { trackId, result, status: DONE } with a generated UUID trackId', async () => {
    const response = await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery() });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['result', 'status', 'trackId']);
    expect(response.body['status']).toBe('DONE');
    expect(response.body['trackId']).toMatch(UUID);
  });

  it('wraps a failure as { trackId, status: FAILED, error: { code, message } }', async () => {
    const response = await callOperation(sandbox, 'billingInquiryCcGet', {
      token,
      query: { parameter: SAMPLES.water[0] },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body).sort()).toEqual(['error', 'status', 'trackId']);
    expect(response.body['status']).toBe('FAILED');
    expect(response.body['error']).toEqual({ code: 'VALIDATION_ERROR', message: 'Bill Type is Empty' });
  });

  it('echoes a sent trackId, on success and on failure', async () => {
    const ok = await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery({ trackId: 'echo-1' }) });
    expect(ok.body['trackId']).toBe('echo-1');
    const failed = await callOperation(sandbox, 'billingInquiryCcGet', { query: waterQuery({ trackId: 'echo-2' }) });
    expect(failed.status).toBe(401);
    expect(failed.body['trackId']).toBe('echo-2');
  });

  it('rejects a trackId sent a second time, even when the first call failed', async () => {
    expect(
      (await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery({ trackId: 'dup-1' }) })).status,
    ).toBe(200);
    const again = await callOperation(sandbox, 'billingInquiryCcGet', {
      token,
      query: waterQuery({ trackId: 'dup-1' }),
    });
    expect(errorOf(again)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'duplicate trackId' });

    expect((await callOperation(sandbox, 'billingNegativeScoreGet', { query: { trackId: 'dup-2' } })).status).toBe(401);
    const afterRejection = await callOperation(sandbox, 'billingInquiryCcGet', {
      token,
      query: waterQuery({ trackId: 'dup-2' }),
    });
    expect(errorOf(afterRejection).message).toBe('duplicate trackId');
  });

  it('accepts 40 letters, digits and hyphens', async () => {
    const trackId = `${'a'.repeat(20)}-${'7'.repeat(19)}`;
    const response = await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery({ trackId }) });
    expect(response.status).toBe(200);
    expect(response.body['trackId']).toBe(trackId);
  });

  it.each([
    ['41 characters', 'a'.repeat(41)],
    ['an underscore', 'track_1'],
    ['a space', 'track 1'],
    ['non-ASCII letters', 'ترک'],
  ])('rejects a trackId with %s', async (_, trackId) => {
    const response = await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery({ trackId }) });
    expect(errorOf(response)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'invalid trackId' });
    expect(response.body['trackId']).toMatch(UUID);
  });
});

describe('routing from the catalog', () => {
  it('answers 401 for a path under another client id', async () => {
    const response = await callOperation(sandbox, 'billingInquiryCcGet', {
      token,
      query: waterQuery(),
      clientId: 'someone-else',
    });
    expect(errorOf(response)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'client not found' });
  });

  it.each([
    ['an unknown path', 'GET', '/billing/v2/clients/sandbox-client/nothingHere'],
    ['an unknown version', 'GET', '/billing/v1/clients/sandbox-client/billingInquiry'],
    ['the root', 'GET', '/'],
    ['a catalog path with the wrong method', 'POST', '/billing/v2/clients/sandbox-client/billingInquiry'],
    ['the token path with GET', 'GET', '/dev/v2/oauth2/token'],
  ])('answers a bare 404, outside the error envelope, for %s', async (_, method, path) => {
    const response = await fetch(`${sandbox.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  // Operations under a user grant need a CODE token, not the client-credentials token used here:
  // test/consent/ covers them. The implemented ones come from the sandbox's own handler table, so an
  // operation that gains a handler leaves the 501 list by itself.
  const handled = createHandlers(
    () => 0,
    () => 0,
    new Ledger(),
    () => '0499370899',
    new TrackIdRegistry(),
    new SayadRegistry(),
    new SmsInboxes(),
    new Finnotext(() => 0),
  );
  const clientCredential = [...operations.keys()].filter((id) => operations.get(id)?.grant === 'client_credentials');
  const implemented = clientCredential.filter((id) => handled[id] !== undefined);
  const unimplemented = clientCredential.filter((id) => handled[id] === undefined);
  const userGrant = [...operations.keys()].filter((id) => operations.get(id)?.grant !== 'client_credentials');

  it.each(userGrant)('answers %s with 401 to a client-credentials token, even one with its scope', async (id) => {
    const withToken = await callOperation(sandbox, id, { token });
    expect(errorOf(withToken)).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'invalid token type' });
  });

  it.each(unimplemented)('answers %s with 501 NOT_IMPLEMENTED after the token check', async (id) => {
    const withoutToken = await callOperation(sandbox, id);
    expect(errorOf(withoutToken)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const withToken = await callOperation(sandbox, id, { token });
    expect(errorOf(withToken)).toMatchObject({ status: 501, code: 'NOT_IMPLEMENTED' });
  });

  it.each(implemented)('routes %s to its handler, which answers or rejects the empty request', async (id) => {
    const response = await callOperation(sandbox, id, {
      token,
      body: operations.get(id)?.method === 'POST' ? {} : undefined,
    });
    expect([200, 400, 404]).toContain(response.status);
    // A handler may answer 404 for a record it does not know, in the error envelope; only the router
    // answers a bare 404.
    if (response.status === 404) expect(errorOf(response).code).toBe('NOT_FOUND');
  });
});

describe('call recording', () => {
  beforeEach(() => {
    sandbox.clearCalls();
  });

  it('records every request in order, with the status sent', async () => {
    const before = Date.now();
    await fetch(`${sandbox.url}/dev/v2/oauth2/token`, { method: 'POST', body: '{}' });
    await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery({ trackId: 'rec-1' }) });
    await callOperation(sandbox, 'billingInquiryCcGet', { query: waterQuery() });
    await callOperation(sandbox, 'billingInquiryRequestSubmit', {
      token,
      body: { type: 'Tel', parameter: SAMPLES.landline[0] },
    });
    await callOperation(sandbox, 'billingInquiryStatusPoll', { token, body: '{not json' });
    await fetch(`${sandbox.url}/nowhere?x=1`);

    const calls = sandbox.calls();
    expect(calls.map((c) => [c.operationId, c.method, c.status])).toEqual([
      ['token', 'POST', 401],
      ['billingInquiryCcGet', 'GET', 200],
      ['billingInquiryCcGet', 'GET', 401],
      ['billingInquiryRequestSubmit', 'POST', 200],
      ['billingInquiryStatusPoll', 'POST', 400],
      ['unknown', 'GET', 404],
    ]);
    const [tokenCall, inquiry, unauthorized, submit, poll, unknown] = calls;
    expect(tokenCall).toMatchObject({ path: '/dev/v2/oauth2/token', body: {} });
    expect(inquiry).toMatchObject({
      path: '/billing/v2/clients/sandbox-client/billingInquiry',
      query: { type: 'Water', parameter: SAMPLES.water[0], trackId: 'rec-1' },
      trackId: 'rec-1',
      scopes: ALL_SCOPES,
    });
    expect(inquiry?.body).toBeUndefined();
    expect(unauthorized?.scopes).toBeUndefined();
    expect(unauthorized?.trackId).toBeUndefined();
    expect(submit?.body).toEqual({ type: 'Tel', parameter: SAMPLES.landline[0] });
    expect(poll?.body).toBe('{not json');
    expect(unknown).toMatchObject({ path: '/nowhere', query: { x: '1' } });
    for (const call of calls) expect(call.at).toBeGreaterThanOrEqual(before);
    expect(calls.map((c) => c.at)).toEqual([...calls.map((c) => c.at)].sort((a, b) => a - b));
  });

  it('filters by operation id and clears', async () => {
    await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery() });
    await callOperation(sandbox, 'billingNegativeScoreGet', { token, query: {} });
    expect(sandbox.calls('billingNegativeScoreGet').map((c) => c.status)).toEqual([400]);
    expect(sandbox.calls('billingInquiryCcGet')).toHaveLength(1);
    expect(sandbox.calls()).toHaveLength(2);
    sandbox.clearCalls();
    expect(sandbox.calls()).toEqual([]);
  });

  it('hands out copies, so a caller cannot change the log', async () => {
    await callOperation(sandbox, 'billingInquiryCcGet', { token, query: waterQuery() });
    const first = sandbox.calls()[0];
    if (!first) throw new Error('no call recorded');
    first.status = 999;
    first.query['type'] = 'changed';
    expect(sandbox.calls()[0]).toMatchObject({ status: 200, query: { type: 'Water' } });
  });
});
