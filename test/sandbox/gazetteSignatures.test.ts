import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { COMPANY_SAMPLES, INVALID_LEGAL_ID } from '../../sandbox/world/companySamples.js';
import { companyOf } from '../../sandbox/world/companies.js';
import { gazetteOf } from '../../sandbox/world/gazette.js';
import { signatureVerificationOf } from '../../sandbox/world/gazetteSignatures.js';
import { operation } from '../../src/datasources/upstream/operations.js';
import { eventually } from '../helpers/eventually.js';
import { at } from '../helpers/responses.js';
import { UUID, callOperation, errorOf, issueToken, resultOf, type Json, type JsonResponse } from './support.js';

const SUBMIT = 'kybGazetteSignatureVerificationSubmitPost';
const RESULT = 'kybGazetteSignatureVerificationResultGet';
const DELAY_MS = 60;
const { active, largeBoard, dissolved } = COMPANY_SAMPLES;

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, asyncDelayMs: DELAY_MS });
  token = (await issueToken(sandbox, [operation(SUBMIT).scope, operation(RESULT).scope])).value;
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => {
  sandbox.clearFaults();
  sandbox.setAsyncDelay(DELAY_MS);
});

const submit = (body: unknown) => callOperation(sandbox, SUBMIT, { token, body });
const result = (requestId: string | undefined) => callOperation(sandbox, RESULT, { token, query: { requestId } });

async function submitted(companyId: string, nationalId: string): Promise<string> {
  return resultOf(await submit({ companyId, nationalId }))['requestId'] as string;
}

async function settled(requestId: string): Promise<Json> {
  return eventually(
    async () => {
      const r: JsonResponse = await result(requestId);
      const answer = resultOf(r);
      return answer['status'] === 'PENDING' ? undefined : answer;
    },
    { what: 'the verification to leave PENDING' },
  );
}

const seat = (companyId: string, test: (s: ReturnType<typeof companyOf>['board'][number]) => boolean) =>
  at(companyOf(companyId).board.filter(test), 0);

describe('gazette signature verification in the sandbox', () => {
  it('answers PENDING with a new requestId, then PENDING until the delay has passed', async () => {
    const ceo = seat(active.nationalId, (s) => s.role === 'CEO');
    sandbox.setAsyncDelay(60_000);
    const response = await submit({ companyId: active.nationalId, nationalId: ceo.nationalId });
    expect(response.status).toBe(200);
    expect(response.body['responseCode']).toBe('FN-KBIE-20000000000');
    const first = resultOf(response);
    expect(Object.keys(first).sort()).toEqual(['requestId', 'status']);
    expect(first['requestId']).toMatch(UUID);
    expect(first['status']).toBe('PENDING');
    const requestId = first['requestId'] as string;
    expect(resultOf(await result(requestId))).toEqual({ requestId, status: 'PENDING' });
    expect(await submitted(active.nationalId, ceo.nationalId)).not.toBe(requestId);
    sandbox.setAsyncDelay(DELAY_MS);
  });

  it('settles into the verdict the gazette gives, naming the signing-rights notice', async () => {
    const ceo = seat(active.nationalId, (s) => s.role === 'CEO');
    const { appointment } = gazetteOf(active.nationalId);
    const answer = await settled(await submitted(active.nationalId, ceo.nationalId));
    expect(answer).toMatchObject({
      status: 'SUCCESS',
      data: {
        companyId: active.nationalId,
        nationalId: ceo.nationalId,
        isVerified: true,
        signatureType: 'obligatoryAndNormal',
        positionName: ceo.title,
        newsId: appointment.newsId,
        newspaperDate: appointment.newspaperDate,
        newspaperNumber: appointment.newspaperNumber,
      },
    });
  });

  it.each([
    ['the chairman', (s: { role: string }) => s.role === 'CHAIRMAN', true, 'obligatory'],
    ['the vice chairman', (s: { role: string }) => s.role === 'VICE_CHAIRMAN', true, 'normal'],
    ['a member without signing rights', (s: { signature: unknown }) => s.signature === null, false, null],
  ])('verifies %s as the board gives it', async (_, test, isVerified, signatureType) => {
    const holder = seat(active.nationalId, test);
    const answer = await settled(await submitted(active.nationalId, holder.nationalId));
    expect(answer['data']).toMatchObject({ isVerified, signatureType, positionName: holder.title });
  });

  it('gives every member of a large board signing rights', () => {
    for (const member of companyOf(largeBoard.nationalId).board) {
      const verdict = signatureVerificationOf(largeBoard.nationalId, member.nationalId);
      expect(verdict.status === 'SUCCESS' && verdict.data.isVerified).toBe(true);
    }
  });

  it('fails a request about a dissolved company as a business result', async () => {
    const member = at(companyOf(dissolved.nationalId).board, 0);
    const answer = await settled(await submitted(dissolved.nationalId, member.nationalId));
    expect(answer).toMatchObject({ status: 'FAILED', error: { code: '40422', message: 'company is not active' } });
  });

  it('is deterministic for the same company and person', () => {
    const member = at(companyOf(active.nationalId).board, 1);
    expect(signatureVerificationOf(active.nationalId, member.nationalId)).toEqual(
      signatureVerificationOf(active.nationalId, member.nationalId),
    );
  });

  it.each([
    ['no body', undefined, 'invalid body'],
    ['a numeric companyId', { companyId: 10100001478, nationalId: '0499370899' }, 'invalid body'],
    ['no companyId', { nationalId: '0499370899' }, 'companyId is required'],
    ['an invalid companyId', { companyId: INVALID_LEGAL_ID, nationalId: '0499370899' }, 'invalid companyId'],
    ['no nationalId', { companyId: active.nationalId }, 'nationalId is required'],
    ['an invalid nationalId', { companyId: active.nationalId, nationalId: '1234567890' }, 'invalid nationalId'],
  ])('answers 400 VALIDATION_ERROR at submission for %s', async (_, body, message) => {
    expect(errorOf(await submit(body))).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
  });

  it.each([
    ['no requestId', undefined, 'requestId is required'],
    ['an unknown requestId', '00000000-0000-4000-8000-000000000000', 'invalid requestId'],
  ])('answers 400 VALIDATION_ERROR for a result with %s', async (_, requestId, message) => {
    expect(errorOf(await result(requestId))).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
  });

  it('refuses a token without the operation scope', async () => {
    const other = (await issueToken(sandbox, [operation(SUBMIT).scope])).value;
    const response = await callOperation(sandbox, RESULT, { token: other, query: { requestId: 'x' } });
    expect(response.status).toBe(401);
  });

  it('answers injected faults on its routes like any other', async () => {
    sandbox.injectFault({ operationId: RESULT, status: 503 });
    const requestId = await submitted(active.nationalId, at(companyOf(active.nationalId).board, 0).nationalId);
    expect(errorOf(await result(requestId)).status).toBe(503);
    expect(resultOf(await result(requestId))['requestId']).toBe(requestId);
  });
});
