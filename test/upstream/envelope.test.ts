/** parseAnswer: the upstream's success and failure envelopes (wire facts §3.1, §3.2; spec §2.4). */
import { describe, expect, it } from 'vitest';
import { answerOf, bodyOf, parseAnswer } from '../../src/datasources/upstream/envelope.js';
import { errorFromAnswer } from '../../src/datasources/upstream/errorMapping.js';
import { isUnhealthyAnswer } from '../../src/datasources/upstream/resilience.js';

describe('success', () => {
  it('reads a DONE envelope with its trackId and responseCode', () => {
    const body = JSON.stringify({
      responseCode: 'FN-BGFH-20000300000',
      trackId: 't-1',
      result: { Amount: 1200, Date: '' },
      status: 'DONE',
    });
    expect(parseAnswer(200, body)).toEqual({
      kind: 'success',
      result: { Amount: 1200, Date: '' },
      trackId: 't-1',
      responseCode: 'FN-BGFH-20000300000',
    });
  });

  it('reads a DONE envelope without trackId (the token answer) and with an array result', () => {
    expect(parseAnswer(200, '{"result":[{"a":1}],"status":"DONE"}')).toEqual({ kind: 'success', result: [{ a: 1 }] });
  });

  it('keeps integers beyond 2^53 as their exact digits', () => {
    expect(parseAnswer(200, '{"trackId":"t","result":{"card":60379912345678901234},"status":"DONE"}')).toEqual({
      kind: 'success',
      result: { card: '60379912345678901234' },
      trackId: 't',
    });
  });

  it('takes the payload beside the envelope keys when there is no result (guaranteeCollaterals, wire facts §4.7)', () => {
    const body =
      '{"trackId":"t","guaranteeId":"0620000000013","collaterals":[{"collateralId":"1"}],"alertCode":"00000","status":"DONE"}';
    expect(parseAnswer(200, body)).toEqual({
      kind: 'success',
      result: { guaranteeId: '0620000000013', collaterals: [{ collateralId: '1' }], alertCode: '00000' },
      trackId: 't',
    });
  });

  it('reads an answer with no status as its payload only for an operation documented so (guaranteeCollaterals)', () => {
    const bare = {
      status: 200,
      text: '{"trackId":"t","guaranteeId":"6000034390000","collaterals":[],"alertCode":"00000"}',
    };
    expect(answerOf(bare, true)).toEqual({
      kind: 'success',
      result: { guaranteeId: '6000034390000', collaterals: [], alertCode: '00000' },
      trackId: 't',
    });
    expect(answerOf({ ...bare }).kind).toBe('failure');
    expect(answerOf({ status: 200, text: '{"trackId":"t","error":{"code":"X","message":"m"}}' }, true).kind).toBe(
      'failure',
    );
    expect(answerOf({ status: 200, text: '{"trackId":"t","status":"FAILED"}' }, true).kind).toBe('failure');
  });

  it('a "no data" business outcome is a success', () => {
    const body = '{"trackId":"t","result":{"result":110,"message":"no cheque found"},"status":"DONE"}';
    expect(parseAnswer(200, body)).toEqual({
      kind: 'success',
      result: { result: 110, message: 'no cheque found' },
      trackId: 't',
    });
  });
});

describe('failure', () => {
  it('reads a FAILED envelope', () => {
    const body = JSON.stringify({
      trackId: 't-2',
      status: 'FAILED',
      error: { code: 'VALIDATION_ERROR', message: 'invalid deposit' },
      responseCode: 'FN-KCFH-40002830033',
    });
    expect(parseAnswer(400, body)).toEqual({
      kind: 'failure',
      httpStatus: 400,
      upstreamCode: 'VALIDATION_ERROR',
      message: 'invalid deposit',
      trackId: 't-2',
      responseCode: 'FN-KCFH-40002830033',
      enveloped: true,
    });
  });

  it('reads a numeric error code as text', () => {
    expect(parseAnswer(403, '{"status":"FAILED","error":{"code":403,"message":"no"}}')).toEqual({
      kind: 'failure',
      httpStatus: 403,
      upstreamCode: '403',
      message: 'no',
      enveloped: true,
    });
  });

  it('a SERVICE_CALL_ERROR nested under result with a DONE envelope is a failure (wire facts §3.2)', () => {
    const body = JSON.stringify({
      trackId: 't-3',
      result: {
        response: null,
        status: 'FAILED',
        error: { code: 'SERVICE_CALL_ERROR', message: 'Minimum amount is 10000 Rials.' },
      },
      status: 'DONE',
    });
    expect(parseAnswer(200, body)).toEqual({
      kind: 'failure',
      httpStatus: 200,
      within2xx: true,
      upstreamCode: 'SERVICE_CALL_ERROR',
      message: 'Minimum amount is 10000 Rials.',
      trackId: 't-3',
      enveloped: true,
    });
  });

  it('a body that is not JSON is a non-enveloped failure; a 200 becomes 502', () => {
    expect(parseAnswer(200, '<html>bad gateway</html>')).toEqual({
      kind: 'failure',
      httpStatus: 502,
      enveloped: false,
    });
    expect(parseAnswer(503, '<html>maintenance</html>')).toEqual({
      kind: 'failure',
      httpStatus: 503,
      enveloped: false,
    });
    expect(parseAnswer(200, '')).toEqual({ kind: 'failure', httpStatus: 502, enveloped: false });
    expect(parseAnswer(200, '"DONE"')).toEqual({ kind: 'failure', httpStatus: 502, enveloped: false });
    expect(parseAnswer(200, '[1,2]')).toEqual({ kind: 'failure', httpStatus: 502, enveloped: false });
    expect(parseAnswer(200, '{"status":"DONE",')).toEqual({ kind: 'failure', httpStatus: 502, enveloped: false });
  });

  it('a 200 whose envelope status is not DONE is a non-enveloped failure', () => {
    expect(parseAnswer(200, '{"trackId":"t-4","result":{"a":1},"status":"PENDING"}')).toEqual({
      kind: 'failure',
      httpStatus: 200,
      within2xx: true,
      trackId: 't-4',
      enveloped: false,
    });
    expect(parseAnswer(200, '{"result":{"a":1}}')).toEqual({
      kind: 'failure',
      httpStatus: 200,
      within2xx: true,
      enveloped: false,
    });
  });

  it('a DONE envelope with a non-2xx status is a failure', () => {
    expect(parseAnswer(500, '{"trackId":"t-5","result":{},"status":"DONE"}')).toEqual({
      kind: 'failure',
      httpStatus: 500,
      trackId: 't-5',
      enveloped: false,
    });
  });
});

describe('the asynchronous bill inquiry status (spec §2.4, §7)', () => {
  // "A FAILED outcome is a business result returned with HTTP 200 and envelope status DONE": the
  // status poll reports it in `result` ({requestId, status: FAILED, error}), and the job kind reads it
  // from there (billing.ts readOutcome). It must not be taken for the §3.2 nested SERVICE_CALL_ERROR.
  it('a FAILED inquiry reported by the status poll is a success answer carrying the business outcome', () => {
    const result = {
      requestId: '6f1c1d0e-8d2a-4c1b-9a43-1e0f7b0a3c55',
      status: 'FAILED',
      error: { code: '40317', message: 'invalid input value' },
    };
    const body = JSON.stringify({ responseCode: 'FN-BGFH-20000300000', trackId: 't-6', result, status: 'DONE' });
    expect(parseAnswer(200, body)).toEqual({
      kind: 'success',
      result,
      trackId: 't-6',
      responseCode: 'FN-BGFH-20000300000',
    });
  });

  it('PENDING and SUCCESS inquiries are success answers', () => {
    const pending = { requestId: 'r', status: 'PENDING' };
    expect(parseAnswer(200, JSON.stringify({ trackId: 't', result: pending, status: 'DONE' }))).toEqual({
      kind: 'success',
      result: pending,
      trackId: 't',
    });
    const success = {
      requestId: 'r',
      status: 'SUCCESS',
      data: { amount: '1000', billId: '1', payId: '2', date: '1403/01/01' },
    };
    expect(parseAnswer(200, JSON.stringify({ trackId: 't', result: success, status: 'DONE' }))).toEqual({
      kind: 'success',
      result: success,
      trackId: 't',
    });
  });
});

describe('one parse per response', () => {
  it('answers from a response as from its text, and keeps the body the breaker parsed', () => {
    const text = '{"trackId":"t-9","result":{"card":6037991234567890123},"status":"DONE"}';
    const response = { status: 200, text };
    expect(isUnhealthyAnswer(response)).toBe(false);
    const parsed = bodyOf(response);
    expect(bodyOf(response)).toBe(parsed);
    expect(answerOf(response)).toEqual(parseAnswer(200, text));
    expect(answerOf(response)).toMatchObject({ kind: 'success', result: { card: '6037991234567890123' } });
  });

  it('still finds a body that is no JSON object unhealthy, and no envelope', () => {
    for (const text of ['', 'oops', '[1]', 'null']) {
      const response = { status: 200, text };
      expect(isUnhealthyAnswer(response)).toBe(true);
      expect(answerOf(response)).toEqual({ kind: 'failure', httpStatus: 502, enveloped: false });
    }
  });
});

describe('a failure inside a 2xx answer, as callers see it', () => {
  it('is a refusal that reports the status the upstream really sent', () => {
    const answer = parseAnswer(
      200,
      JSON.stringify({
        trackId: 't-6',
        result: { response: null, status: 'FAILED', error: { code: 'SERVICE_CALL_ERROR', message: 'no' } },
        status: 'DONE',
      }),
    );
    if (answer.kind !== 'failure') throw new Error('expected a failure');
    const error = errorFromAnswer('op', answer, 't-6', true);
    expect(error.extensions).toMatchObject({
      code: 'UPSTREAM_REJECTED',
      httpStatus: 200,
      upstreamCode: 'SERVICE_CALL_ERROR',
    });
    expect(error.details).toMatchObject({ httpStatus: 200, within2xx: true });
  });

  it('is not marked so when the upstream answered a 4xx', () => {
    const answer = parseAnswer(400, '{"trackId":"t-7","status":"FAILED","error":{"code":"VALIDATION_ERROR"}}');
    expect(answer).not.toHaveProperty('within2xx');
  });
});
