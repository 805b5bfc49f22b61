import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import {
  SAMPLES,
  UUID,
  callOperation,
  errorOf,
  issueToken,
  resultOf,
  withCheckDigit,
  type Json,
  type JsonResponse,
} from './support.js';
import { eventually } from '../helpers/eventually.js';

const DELAY_MS = 50;
const RESPONSE_CODE = /^FN-[A-Z]{4}-\d{11}$/;

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, asyncDelayMs: DELAY_MS });
  token = (await issueToken(sandbox)).value;
});

afterAll(async () => {
  await sandbox.close();
});

const submit = (body: unknown) => callOperation(sandbox, 'billingInquiryRequestSubmit', { token, body });
const poll = (body: unknown) => callOperation(sandbox, 'billingInquiryStatusPoll', { token, body });

async function submitted(body: unknown): Promise<string> {
  return resultOf(await submit(body))['requestId'] as string;
}

/** Polls until the inquiry leaves PENDING. */
async function settled(requestId: string): Promise<Json> {
  const response = await eventually(
    async () => {
      const r: JsonResponse = await poll({ requestId });
      return r.status !== 200 || (r.body['result'] as Json)['status'] !== 'PENDING' ? r : undefined;
    },
    { what: 'the inquiry to leave PENDING' },
  );
  return resultOf(response);
}

describe('billingInquiryRequest', () => {
  it('answers { responseCode, trackId, result: { requestId, status: PENDING }, status: DONE }', async () => {
    const response = await submit({ type: 'Mobile', parameter: SAMPLES.mtn[0], secondParameter: 'MTN' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['responseCode', 'result', 'status', 'trackId']);
    expect(response.body['responseCode']).toMatch(RESPONSE_CODE);
    expect(response.body['status']).toBe('DONE');
    const result = resultOf(response);
    expect(Object.keys(result).sort()).toEqual(['requestId', 'status']);
    expect(result['requestId']).toMatch(UUID);
    expect(result['status']).toBe('PENDING');
  });

  it('gives every submission its own requestId', async () => {
    const body = { type: 'Tel', parameter: SAMPLES.landline[0] };
    expect(await submitted(body)).not.toBe(await submitted(body));
  });

  it.each([
    ['a body that is not JSON', '{"type":"Tel",', 'invalid body'],
    ['no body', undefined, 'invalid body'],
    ['an array', [{ type: 'Tel', parameter: SAMPLES.landline[0] }], 'invalid body'],
    ['a numeric parameter', { type: 'Gas', parameter: 123456789 }, 'invalid body'],
    ['a numeric second parameter', { type: 'Mobile', parameter: SAMPLES.mtn[0], secondParameter: 1 }, 'invalid body'],
    ['no type', { parameter: SAMPLES.landline[0] }, 'Bill Type is Empty'],
    ['an empty type', { type: '', parameter: SAMPLES.landline[0] }, 'Bill Type is Empty'],
    ['no parameter', { type: 'Tel' }, 'Bill Parameter is Empty'],
    ['an unknown type', { type: 'Internet', parameter: SAMPLES.landline[0] }, 'Bill Wrong Type'],
    ['a detail-only type', { type: 'Electricity-support', parameter: SAMPLES.electricity[0] }, 'Bill Wrong Type'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, body, message) => {
    const response = await submit(body);
    expect(errorOf(response)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
    expect(response.body['status']).toBe('FAILED');
  });
});

describe('billingInquiryStatus', () => {
  it('stays PENDING for the configured delay, then reports SUCCESS with the bill', async () => {
    sandbox.setAsyncDelay(300);
    const submittedAt = Date.now();
    const requestId = await submitted({ type: 'Tel', parameter: SAMPLES.landline[0] });
    sandbox.setAsyncDelay(DELAY_MS);

    const pending = await poll({ requestId });
    expect(pending.body['responseCode']).toMatch(RESPONSE_CODE);
    expect(resultOf(pending)).toEqual({ requestId, status: 'PENDING' });

    const result = await settled(requestId);
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(300);
    expect(Object.keys(result).sort()).toEqual(['data', 'requestId', 'status']);
    expect(result['requestId']).toBe(requestId);
    expect(result['status']).toBe('SUCCESS');
    const data = result['data'] as Json;
    expect(Object.keys(data).sort()).toEqual(['amount', 'billId', 'date', 'payId']);
    expect(data['amount']).toMatch(/^\d+$/);
    expect(data['billId']).toMatch(/^\d{13}$/);
    expect(data['payId']).toMatch(/^\d+$/);
    expect(data['date']).toMatch(/^1405\/08\/\d\d$/);
  });

  it('keeps reporting the settled outcome on later polls', async () => {
    const requestId = await submitted({ type: 'Water', parameter: SAMPLES.water[0] });
    const first = await settled(requestId);
    expect(resultOf(await poll({ requestId }))).toEqual(first);
  });

  it('settles at once with a zero delay', async () => {
    sandbox.setAsyncDelay(0);
    try {
      const requestId = await submitted({ type: 'Water', parameter: SAMPLES.water[1] });
      expect(resultOf(await poll({ requestId }))['status']).toBe('SUCCESS');
    } finally {
      sandbox.setAsyncDelay(DELAY_MS);
    }
  });

  it.each([
    ['Water', { type: 'Water', parameter: SAMPLES.water[0] }],
    ['Electricity-standard', { type: 'Electricity-standard', parameter: SAMPLES.electricity[1] }],
    ['Gas', { type: 'Gas', parameter: SAMPLES.gasSubscription[0] }],
    ['GasByBillId', { type: 'GasByBillId', parameter: SAMPLES.gasBillId[1] }],
    ['Tel', { type: 'Tel', parameter: SAMPLES.landline[1] }],
    ['TelNow', { type: 'TelNow', parameter: SAMPLES.landline[0] }],
    ['Mobile MCI', { type: 'Mobile', parameter: SAMPLES.mci[0] }],
    ['MobileNow Rightel', { type: 'MobileNow', parameter: SAMPLES.rightel[1], secondParameter: 'Rightel' }],
  ])('reports for %s the same bill the synchronous inquiry gives', async (_, body) => {
    const result = await settled(await submitted(body));
    const sync = resultOf(await callOperation(sandbox, 'billingInquiryCcGet', { token, query: body }));
    expect(result['data']).toEqual({
      amount: String(sync['Amount']),
      billId: String(sync['BillId']),
      payId: String(sync['PayId']),
      date: sync['Date'],
    });
  });

  it.each([
    ['a bill id with a wrong check digit', { type: 'Water', parameter: '12345670016' }],
    ['a bill id that is too short', { type: 'Electricity', parameter: withCheckDigit('1234') }],
    ['a gas subscription with letters', { type: 'Gas', parameter: 'abc123456' }],
    ['an unknown area code', { type: 'Tel', parameter: '02077689361' }],
    ['an unknown mobile prefix', { type: 'Mobile', parameter: '09231234567' }],
    ['an MTN number without operator', { type: 'Mobile', parameter: SAMPLES.mtn[0] }],
    ['a Rightel number without operator', { type: 'MobileNow', parameter: SAMPLES.rightel[0] }],
    ['an unknown operator', { type: 'Mobile', parameter: SAMPLES.mci[0], secondParameter: 'Hamrah' }],
    ['an operator on a landline bill', { type: 'Tel', parameter: SAMPLES.landline[0], secondParameter: 'MCI' }],
  ])('accepts %s as PENDING, then reports FAILED 40317', async (_, body) => {
    const response = await submit(body);
    expect(resultOf(response)['status']).toBe('PENDING');
    const result = await settled(resultOf(response)['requestId'] as string);
    expect(result).toEqual({
      requestId: resultOf(response)['requestId'],
      status: 'FAILED',
      error: { code: '40317', message: 'invalid input value' },
    });
  });

  it.each([
    ['an unknown requestId', { requestId: '00000000-0000-4000-8000-000000000000' }, 'invalid requestId'],
    ['no requestId', {}, 'requestId is required'],
    ['an empty requestId', { requestId: '' }, 'requestId is required'],
    ['a numeric requestId', { requestId: 42 }, 'invalid body'],
    ['a body that is not JSON', 'requestId=abc', 'invalid body'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_, body, message) => {
    expect(errorOf(await poll(body))).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
  });
});
