/**
 * How a transfer or cheque action whose answer settled nothing is followed: only the upstream's word ends
 * it. Silence (no such transfer, no such call) never does, however long it lasts: the request may still
 * land. Every combination of what the bank's inquiry and the call log may say, with no clock involved.
 */
import { describe, expect, it } from 'vitest';
import { chequeActionJob } from '../../src/datasources/flows/chequeAction.js';
import type { JobUpstream } from '../../src/datasources/flows/port.js';
import { transferJob, type TransferJobInput } from '../../src/datasources/flows/transfer.js';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { ErrorCode, UpstreamError } from '../../src/errors.js';

const TRACK_ID = 'T-1';

const notFound = (operationId: string) =>
  new UpstreamError({ code: ErrorCode.NotFound, message: 'none', operationId, httpStatus: 404 });

/** The bank's inquiry of the transfer: `absent` (404), `failing`, or the status word it answers. */
type Inquiry = string | null;
/** The call log's record of the call: `none`, `failing`, or the status word it answers. */
type CallLog = string | null;

/** An upstream whose transfer inquiry and call log answer as given; records what was asked. */
function upstream(inquiry: Inquiry, log: CallLog, asked: OperationId[] = []): JobUpstream {
  return {
    send: async (operationId) => {
      asked.push(operationId);
      if (operationId === 'oakTransferInquiryGet') {
        if (inquiry === 'absent') throw notFound(operationId);
        if (inquiry === 'failing') throw new Error('cut');
        return { trackId: 'q', result: { transferStatus: inquiry, amount: 5000, type: 'internal', refCode: 'R' } };
      }
      if (operationId === 'devWagesGet') {
        if (log === 'failing') throw new Error('cut');
        const wages = log === 'none' ? [] : [{ trackId: TRACK_ID, status: log }];
        return { trackId: 'w', result: { wages, total: wages.length } };
      }
      throw new Error(`unexpected ${operationId}`);
    },
  };
}

const input = {} as TransferJobInput;
const CALL_LOG_WORDS: CallLog[] = ['none', 'failing', 'PENDING', 'UNKNOWN', 'DONE', null, 'odd'];

describe('a transfer whose answer settled nothing', () => {
  it('is completed when the bank applied it, with its receipt, whatever the call log says', async () => {
    for (const word of ['DONE', 'success']) {
      const outcome = await transferJob.poll(upstream(word, 'FAILED'), TRACK_ID, input);
      expect(outcome).toMatchObject({ status: 'SUCCESS', result: { amount: '5000', trackId: TRACK_ID } });
    }
  });

  it('is rejected when the bank says it failed', async () => {
    expect(await transferJob.poll(upstream('FAILED', 'none'), TRACK_ID, input)).toEqual({
      status: 'FAILED',
      failure: { code: 'REJECTED_BY_BANK', message: 'The bank reports the transfer failed; no money moved.' },
    });
  });

  it('stays pending while the bank knows it and has no final word, without asking the call log', async () => {
    for (const word of ['PENDING', 'IN_PROGRESS', '', null]) {
      const asked: OperationId[] = [];
      expect(await transferJob.poll(upstream(word, 'FAILED', asked), TRACK_ID, input)).toEqual({ status: 'PENDING' });
      expect(asked).toEqual(['oakTransferInquiryGet']);
    }
  });

  it('stays pending while the bank knows nothing of it, unless the call log records the request failed', async () => {
    for (const log of CALL_LOG_WORDS) {
      const asked: OperationId[] = [];
      expect(await transferJob.poll(upstream('absent', log, asked), TRACK_ID, input), String(log)).toEqual({
        status: 'PENDING',
      });
      expect(asked).toEqual(['oakTransferInquiryGet', 'devWagesGet']);
    }
    expect(await transferJob.poll(upstream('absent', 'FAILED'), TRACK_ID, input)).toEqual({
      status: 'FAILED',
      failure: {
        code: 'REJECTED_BY_BANK',
        message: 'The upstream records the transfer request as failed; no money moved.',
      },
    });
  });

  it('stays pending when the inquiry cannot be read', async () => {
    expect(await transferJob.poll(upstream('failing', 'FAILED'), TRACK_ID, input)).toEqual({ status: 'PENDING' });
  });

  it('never expires', () => {
    expect(transferJob.maxAgeMs).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('a cheque action whose answer settled nothing', () => {
  const poll = (log: CallLog) => chequeActionJob.poll(upstream('absent', log), TRACK_ID, {} as never);

  it('is completed when the call log records it done, and rejected when it records it failed', async () => {
    expect(await poll('done')).toMatchObject({ status: 'SUCCESS' });
    expect(await poll('FAILED')).toEqual({
      status: 'FAILED',
      failure: { code: 'REJECTED', message: 'The upstream records the action as failed; it was not applied.' },
    });
  });

  it('stays pending for anything else: no record yet, pending, unknown, or a log that cannot be read', async () => {
    for (const log of ['none', 'failing', 'PENDING', 'UNKNOWN', null, 'odd'] as CallLog[])
      expect(await poll(log), String(log)).toEqual({ status: 'PENDING' });
  });

  it('never expires', () => {
    expect(chequeActionJob.maxAgeMs).toBe(Number.POSITIVE_INFINITY);
  });
});
