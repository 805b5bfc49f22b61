/** The sandbox's call log by trackId (wages) over HTTP: how each call ends, faults around the effect, the lookup, the listing. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { tehranTimestamp } from '../../sandbox/calendar.js';
import { chequebooksOf } from '../../sandbox/world/chequebooks.js';
import { THREE_BANKS, accountsOf } from '../../sandbox/world/index.js';
import { UUID, callOperation, errorOf, issueToken, resultOf, type Json } from './support.js';
import { eventually } from '../helpers/eventually.js';
import { callWorld, issueCodeToken } from './worldSupport.js';
import { at, present } from '../helpers/responses.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

const SERIAL_SCOPE = operation('creditSayadSerialInquiryGet').scope;
const TRANSFER_SCOPE = operation('oakTransferToDepositPost').scope;

const leafAccount = accountsOf(THREE_BANKS.nationalId).find(
  (account) => account.iban === 'IR490150007580401235200517',
)!;
const leaf = present(at(chequebooksOf(leafAccount), 0).sayadIds[0], 'leaf');
const { rich, other } = transferAccounts();

let sandbox: Sandbox;
let token = '';
let userToken = '';
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = (await issueToken(sandbox, [operation('devWagesGet').scope, SERIAL_SCOPE])).value;
  userToken = await issueCodeToken(sandbox, THREE_BANKS.nationalId, '062', [TRANSFER_SCOPE]);
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.clearFaults());

/** `bearer` null sends no token. */
const serial = (trackId: string, sayadId = leaf, bearer: string | null = token) =>
  callOperation(sandbox, 'creditSayadSerialInquiryGet', { token: bearer ?? undefined, query: { sayadId, trackId } });
const wagesCall = (query: Record<string, string>) => callOperation(sandbox, 'devWagesGet', { token, query });
const wages = async (query: Record<string, string>) =>
  resultOf(await wagesCall(query)) as { wages: Json[]; total: number };
const statusOf = async (trackId: string) => (await wages({ trackId })).wages[0]?.['status'];

describe('the record of one call, by its trackId', () => {
  it('shows a call answered with success as DONE, charged, with its scope, service, caller and time', async () => {
    const trackId = randomUUID();
    const before = tehranTimestamp(Date.now());
    expect(resultOf(await serial(trackId))['serialNo']).toEqual(expect.any(String));
    const after = tehranTimestamp(Date.now());
    const { wages: listed, total } = await wages({ trackId });
    expect(total).toBe(1);
    const wage = at(listed, 0);
    expect(Object.keys(wage).sort()).toEqual([
      'amount',
      'date',
      'deposit',
      'scopeName',
      'serviceName',
      'status',
      'tariffName',
      'trackId',
      'transactionAmount',
      'uid',
    ]);
    expect(wage).toMatchObject({
      trackId,
      status: 'DONE',
      transactionAmount: 0,
      scopeName: SERIAL_SCOPE,
      serviceName: 'sayadSerialInquiry',
      uid: sandbox.options.clientNid,
      deposit: null,
      tariffName: expect.any(String),
    });
    expect(wage['amount']).toBeGreaterThan(0);
    const date = String(wage['date']);
    expect(date).toMatch(/^14\d{12}$/);
    expect(date >= before && date <= after).toBe(true);
  });

  it.each([
    ['the handler refused it', (trackId: string) => serial(trackId, '12345'), 400],
    ['it carried no token', (trackId: string) => serial(trackId, leaf, null), 401],
    [
      'its client is unknown',
      (trackId: string) =>
        callOperation(sandbox, 'creditSayadSerialInquiryGet', {
          token,
          query: { sayadId: leaf, trackId },
          clientId: 'someone-else',
        }),
      401,
    ],
  ])('shows a call FAILED, uncharged, when %s', async (_, send, status) => {
    const trackId = randomUUID();
    expect((await send(trackId)).status).toBe(status);
    expect((await wages({ trackId })).wages).toEqual([
      expect.objectContaining({ trackId, status: 'FAILED', amount: 0 }),
    ]);
  });

  it('answers an empty list for a trackId that never arrived', async () => {
    expect(await wages({ trackId: randomUUID() })).toEqual({ wages: [], total: 0 });
  });

  it('refuses a malformed trackId to look up', async () => {
    expect(errorOf(await wagesCall({ trackId: 'not a trackId!' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'invalid trackId',
    });
  });
});

describe('faults around the effect', () => {
  it('keeps a call DONE when a fault after the effect shows the caller a 500', async () => {
    sandbox.injectFault({ operationId: 'creditSayadSerialInquiryGet', status: 500, afterEffect: true });
    const trackId = randomUUID();
    expect(errorOf(await serial(trackId)).status).toBe(500);
    expect(await statusOf(trackId)).toBe('DONE');
  });

  it('shows a transfer cut off after the effect as DONE, with its amount, source deposit and user', async () => {
    sandbox.injectFault({ operationId: 'oakTransferToDepositPost', reset: true, afterEffect: true });
    const trackId = randomUUID();
    const before = sandbox.balanceOf(rich.iban);
    const body = { description: 'اجاره', deposit: rich.deposit, amount: 45_000, destinationNumber: other.deposit };
    await expect(
      callWorld(sandbox, userToken, 'oakTransferToDepositPost', { query: { trackId }, body }),
    ).rejects.toThrow();
    expect(sandbox.balanceOf(rich.iban)).toBe(before - 45_000n);
    expect((await wages({ trackId })).wages[0]).toMatchObject({
      status: 'DONE',
      transactionAmount: 45_000,
      deposit: rich.deposit,
      uid: THREE_BANKS.nationalId,
      serviceName: 'transferTo',
      scopeName: TRANSFER_SCOPE,
    });
  });

  it.each([
    ['an error status', { status: 503 }],
    ['a reset', { reset: true }],
  ])('shows a call FAILED when %s strikes before the effect', async (_, fault) => {
    sandbox.injectFault({ operationId: 'creditSayadSerialInquiryGet', ...fault });
    const trackId = randomUUID();
    const sent = serial(trackId);
    if ('reset' in fault) await expect(sent).rejects.toThrow();
    else expect((await sent).status).toBe(503);
    expect(await statusOf(trackId)).toBe('FAILED');
  });

  it('shows a call PENDING while a delay before the effect runs, then how it ended', async () => {
    sandbox.injectFault({ operationId: 'creditSayadSerialInquiryGet', delayMs: 400 });
    const trackId = randomUUID();
    const sent = serial(trackId);
    expect(await eventually(() => statusOf(trackId), { what: 'the call to be on record' })).toBe('PENDING');
    expect((await sent).status).toBe(200);
    expect(await statusOf(trackId)).toBe('DONE');
  });
});

describe('the lookup', () => {
  it('neither uses up nor duplicates the trackId it looks up, and answers under a fresh one', async () => {
    const trackId = randomUUID();
    const lookup = await wagesCall({ trackId });
    expect(resultOf(lookup)).toEqual({ wages: [], total: 0 });
    expect(lookup.body['trackId']).toMatch(UUID);
    expect(lookup.body['trackId']).not.toBe(trackId);
    expect(sandbox.calls('devWagesGet').at(-1)?.trackId).toBeUndefined();

    expect((await serial(trackId)).status).toBe(200);
    expect(await statusOf(trackId)).toBe('DONE');
    expect(await statusOf(trackId)).toBe('DONE');
  });

  it('keeps the first call’s record when its trackId is sent again, and outlives a cleared call log', async () => {
    const trackId = randomUUID();
    await serial(trackId);
    expect(errorOf(await serial(trackId, '12345'))).toMatchObject({ status: 400, message: 'duplicate trackId' });
    sandbox.clearCalls();
    expect(await wages({ trackId })).toMatchObject({ total: 1, wages: [{ status: 'DONE' }] });
  });
});

describe('the listing', () => {
  it('filters by status, newest first, paged by limit and offset', async () => {
    const done = [randomUUID(), randomUUID(), randomUUID()];
    for (const trackId of done) expect((await serial(trackId)).status).toBe(200);
    const failed = randomUUID();
    await serial(failed, '12345');

    const page = await wages({ status: 'DONE', limit: '2' });
    expect(page.wages.map((wage) => wage['trackId'])).toEqual([done[2], done[1]]);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect((await wages({ status: 'DONE', limit: '1', offset: '1' })).wages.map((wage) => wage['trackId'])).toEqual([
      done[1],
    ]);

    const all = await wages({ status: 'DONE', limit: '1000' });
    expect(all.wages).toHaveLength(all.total);
    expect(all.wages.every((wage) => wage['status'] === 'DONE')).toBe(true);
    const dates = all.wages.map((wage) => String(wage['date']));
    expect(dates).toEqual([...dates].sort().reverse());

    const failures = await wages({ status: 'FAILED' });
    expect(failures.wages[0]?.['trackId']).toBe(failed);
    expect(failures.wages.every((wage) => wage['status'] === 'FAILED')).toBe(true);
    expect((await wages({})).wages.slice(0, 2).map((wage) => wage['trackId'])).toEqual([failed, done[2]]);
  });

  it('filters by Jalali date, a bare day taking the whole day', async () => {
    const trackId = randomUUID();
    await serial(trackId);
    const now = tehranTimestamp(Date.now());
    const today = now.slice(0, 8);
    const includes = async (query: Record<string, string>) =>
      (await wages(query)).wages.some((wage) => wage['trackId'] === trackId);
    expect(await includes({ fromDate: today, toDate: today })).toBe(true);
    expect(await includes({ fromDate: tehranTimestamp(Date.now() + 60_000) })).toBe(false);
    expect(await includes({ toDate: tehranTimestamp(Date.now() - 60_000) })).toBe(false);
    expect(await wages({ fromDate: tehranTimestamp(Date.now() + 86_400_000).slice(0, 8) })).toEqual({
      wages: [],
      total: 0,
    });
  });

  it.each([
    ['status', { status: 'SOMETIMES' }],
    ['limit', { limit: '1001' }],
    ['limit', { limit: '0' }],
    ['offset', { offset: '-1' }],
    ['fromDate', { fromDate: '14031332' }],
    ['toDate', { toDate: '14030101246000' }],
  ])('refuses an invalid %s', async (name, query) => {
    expect(errorOf(await wagesCall(query))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: `invalid ${name}`,
    });
  });
});
