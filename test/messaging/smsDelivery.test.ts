/** The SMS delivery job on its own: the report read recipient by recipient, an unclear send, and refusals. */
import { describe, expect, it } from 'vitest';
import { smsAction, smsDeliveryJob, type SmsDeliveryJobInput } from '../../src/datasources/flows/smsDelivery.js';
import type { JobUpstream } from '../../src/datasources/flows/port.js';
import { SMS_DELIVERY_CODES, type SmsDeliveryRecord } from '../../src/datasources/types/messaging.js';
import { ErrorCode, UpstreamError } from '../../src/errors.js';
import { present } from '../helpers/responses.js';

const CLAIMED_AT = 1_000_000;

const input = (...to: string[]): SmsDeliveryJobInput => ({
  actor: 'client',
  idempotencyKey: 'k',
  fingerprint: 'f',
  claimedAt: CLAIMED_AT,
  order: { from: '200000', templateId: null, messages: to.map((mobile) => ({ to: mobile, text: 'hi' })) },
});

const sent: SmsDeliveryRecord = { numberOfRecords: 2, numberOfParts: 2, recipients: [] };

/** An upstream whose inquiry answers `lines`, or fails with `error`. */
function upstream(answer: Array<{ to_number: unknown; status: unknown }> | Error): JobUpstream {
  return {
    send: async () => {
      if (answer instanceof Error) throw answer;
      return { trackId: 't', result: { messages_status: answer } };
    },
  };
}

/** An upstream whose inquiry fails with `inquiry` and whose call log lists `calls` (or fails with it). */
function withCallLog(inquiry: Error, calls: Array<{ trackId: string; status: string }> | Error): JobUpstream {
  return {
    send: async (operationId) => {
      if (operationId !== 'devWagesGet') throw inquiry;
      if (calls instanceof Error) throw calls;
      return { trackId: 'log', result: { wages: calls, total: calls.length } };
    },
  };
}

const notFound = new UpstreamError({
  code: ErrorCode.NotFound,
  message: 'no such send',
  operationId: 'facilityFinnotextInquiryGet',
  httpStatus: 404,
});

describe('the SMS delivery job', () => {
  it('maps every documented code, finality included', () => {
    expect([...SMS_DELIVERY_CODES.keys()].sort((a, b) => a - b)).toEqual([
      -1, 0, 1, 2, 5, 6, 10, 11, 19, 20, 21, 22, 23, 24, 25, 26, 100,
    ]);
    const finals = [...SMS_DELIVERY_CODES].filter(([, mapped]) => mapped.final).map(([code]) => code);
    expect(finals.sort((a, b) => a - b)).toEqual([-1, 2, 6, 10, 19, 20, 23, 24, 25, 26, 100]);
  });

  it('matches report lines to recipients by mobile, in any written form, one line per message', async () => {
    const job = smsDeliveryJob;
    const outcome = await job.poll(
      upstream([
        { to_number: '+989121110002', status: 23 },
        { to_number: '09121110001', status: '24' },
        { to_number: '989121110001', status: 5 },
        // A line for no mobile is nobody's.
        { to_number: null, status: 24 },
      ]),
      'track',
      input('09121110001', '09121110002', '09121110001', '09121110003'),
      sent,
    );
    expect(outcome).toEqual({
      status: 'PENDING',
      progress: {
        numberOfRecords: 2,
        numberOfParts: 2,
        recipients: [
          { to: '09121110001', status: 'DELIVERED', code: 24, final: true },
          { to: '09121110002', status: 'BLACKLISTED', code: 23, final: true },
          { to: '09121110001', status: 'ON_THE_WAY', code: 5, final: false },
          { to: '09121110003', status: 'NOT_ACCEPTED', code: null, final: true },
        ],
      },
    });
  });

  describe('a report whose numbers are masked, as the documentation’s sample shows them', () => {
    const accepted = (count: number): SmsDeliveryRecord => ({ ...sent, numberOfRecords: count });
    const poll = (lines: Array<{ to_number: string; status: number }>, to: string[], count: number) =>
      smsDeliveryJob.poll(upstream(lines), 't', input(...to), accepted(count));

    it('reads the documented sample line by line, in order: one delivered, one failed', async () => {
      const outcome = await poll(
        [
          { to_number: '+9891********', status: 24 },
          { to_number: '+091********', status: 10 },
        ],
        ['09121110001', '09131110002'],
        2,
      );
      expect(outcome).toMatchObject({
        status: 'SUCCESS',
        result: {
          recipients: [
            { to: '09121110001', status: 'DELIVERED', code: 24, final: true },
            { to: '09131110002', status: 'FAILED', code: 10, final: true },
          ],
        },
      });
    });

    it('places the lines by their visible digits when the upstream dropped a recipient', async () => {
      const outcome = await poll(
        [
          { to_number: '091********', status: 24 },
          { to_number: '091********', status: 10 },
        ],
        ['09121110001', '09351110002', '09131110003'],
        2,
      );
      expect(outcome).toMatchObject({
        status: 'SUCCESS',
        result: {
          recipients: [
            { status: 'DELIVERED', code: 24 },
            { status: 'NOT_ACCEPTED', code: null },
            { status: 'FAILED', code: 10 },
          ],
        },
      });
    });

    it('keeps waiting while lines are missing, and says UNMATCHED, not a guess, when the whole report fits more than one way', async () => {
      const lines = [{ to_number: '091********', status: 24 }];
      const to = ['09121110001', '09131110002'];
      expect(await poll(lines, to, 2)).toMatchObject({
        status: 'PENDING',
        progress: {
          recipients: [
            { status: 'QUEUED', final: false },
            { status: 'QUEUED', final: false },
          ],
        },
      });
      expect(await poll(lines, to, 1)).toMatchObject({
        status: 'SUCCESS',
        result: {
          recipients: [
            { status: 'UNMATCHED', final: true },
            { status: 'UNMATCHED', final: true },
          ],
        },
      });
    });

    it('says UNMATCHED when no recipient fits a masked line', async () => {
      expect(await poll([{ to_number: '093********', status: 24 }], ['09121110001'], 1)).toMatchObject({
        status: 'SUCCESS',
        result: { recipients: [{ status: 'UNMATCHED', code: null }] },
      });
    });
  });

  it('keeps a recipient with no line queued while the report has fewer lines than the upstream accepted', async () => {
    const outcome = await smsDeliveryJob.poll(
      upstream([{ to_number: '09121110001', status: 24 }]),
      't',
      input('09121110001', '09121110002'),
      sent,
    );
    expect(outcome).toMatchObject({
      status: 'PENDING',
      progress: { recipients: [{ status: 'DELIVERED' }, { status: 'QUEUED', final: false }] },
    });
  });

  it('follows an undocumented code as UNKNOWN, and succeeds once every recipient is final', async () => {
    const job = smsDeliveryJob;
    const unknown = await job.poll(
      upstream([{ to_number: '09121110001', status: 77 }]),
      't',
      input('09121110001'),
      sent,
    );
    expect(unknown).toMatchObject({ status: 'PENDING', progress: { recipients: [{ status: 'UNKNOWN', code: 77 }] } });
    const done = await job.poll(upstream([{ to_number: '09121110001', status: 100 }]), 't', input('09121110001'), sent);
    expect(done).toMatchObject({ status: 'SUCCESS', result: { recipients: [{ status: 'NO_REPORT_POSSIBLE' }] } });
  });

  it('keeps an unclear send pending however long the upstream shows nothing, and fails it only on its call log', async () => {
    const job = smsDeliveryJob;
    // No report and no record of the call: it may still arrive, at any time.
    expect(await job.poll(withCallLog(notFound, []), 't', input('09121110001'), null)).toEqual({ status: 'PENDING' });
    for (const status of ['PENDING', 'UNKNOWN', 'DONE'])
      expect(
        await job.poll(withCallLog(notFound, [{ trackId: 't', status }]), 't', input('09121110001'), null),
      ).toEqual({
        status: 'PENDING',
      });
    // Another call's record says nothing of this one.
    expect(
      await job.poll(withCallLog(notFound, [{ trackId: 'other', status: 'FAILED' }]), 't', input('09121110001'), null),
    ).toEqual({ status: 'PENDING' });
    expect(
      await job.poll(withCallLog(notFound, [{ trackId: 't', status: 'FAILED' }]), 't', input('09121110001'), null),
    ).toMatchObject({ status: 'FAILED', failure: { code: 'REJECTED' } });
    // A send whose answer was read is never declared failed.
    expect(
      await job.poll(withCallLog(notFound, [{ trackId: 't', status: 'FAILED' }]), 't', input('09121110001'), sent),
    ).toEqual({ status: 'PENDING' });
    // A report it cannot read says nothing: ask again.
    expect(await job.poll(upstream(new Error('cut')), 't', input('09121110001'), null)).toEqual({ status: 'PENDING' });
    expect(await job.poll(withCallLog(notFound, new Error('cut')), 't', input('09121110001'), null)).toEqual({
      status: 'PENDING',
    });
  });

  it('expires after six hours a send the upstream accepted, and never one whose answer was lost', () => {
    const job = (result: SmsDeliveryRecord | null) =>
      ({
        id: 'j',
        kind: 'smsDelivery',
        status: 'PENDING',
        input: input('09121110001'),
        ref: 't',
        result,
        failure: null,
        createdAt: 0,
        updatedAt: 0,
        version: 1,
      }) as const;
    expect(smsDeliveryJob.maxAgeOf?.(job(sent))).toBe(6 * 60 * 60_000);
    expect(smsDeliveryJob.maxAgeOf?.(job(null))).toBe(Number.POSITIVE_INFINITY);
  });

  it('reads the upstream refusals of a send by their documented messages', () => {
    const refused = (upstreamMessage: string) =>
      smsAction.refusalOf(
        new UpstreamError({
          code: ErrorCode.UpstreamRejected,
          message: 'refused',
          operationId: 'facilityFinnotextPost',
          httpStatus: 400,
          upstreamCode: 'VALIDATION_ERROR',
          upstreamMessage,
        }),
      )?.code;
    expect(refused('sizes of to and message differ')).toBe('INVALID_REQUEST');
    expect(refused('sender number not registered for client')).toBe('SENDER_NOT_REGISTERED');
    expect(refused('invalid source')).toBe('SENDER_NOT_REGISTERED');
    expect(refused('invalid destination')).toBe('INVALID_DESTINATION');
    expect(refused('parameter exceeds limit')).toBe('LIMIT_EXCEEDED');
    expect(refused('something else')).toBe('REJECTED');
    const unclear = new UpstreamError({
      code: ErrorCode.UpstreamUnavailable,
      message: 'timeout',
      operationId: 'facilityFinnotextPost',
    });
    expect(smsAction.refusalOf(unclear)).toBeNull();
  });

  it('sends the order once with its trackId, the template only when there is one, and follows it as queued', async () => {
    const calls: Array<{ operationId: string; options: unknown }> = [];
    const recording: JobUpstream = {
      send: async (operationId, options) => {
        calls.push({ operationId, options });
        return { trackId: 'tk', result: { numberOfRecords: 2, numberOfParts: 3 } };
      },
    };
    const order = input('09121110001', '09121110002').order;
    const result = await smsAction.send(recording, order, 'tk');
    await smsAction.send(recording, { ...order, templateId: 'tpl_1' }, 'tk2');
    expect(calls).toEqual([
      {
        operationId: 'facilityFinnotextPost',
        options: { body: { from: '200000', to: ['09121110001', '09121110002'], message: ['hi', 'hi'] }, trackId: 'tk' },
      },
      {
        operationId: 'facilityFinnotextPost',
        options: {
          body: { from: '200000', to: ['09121110001', '09121110002'], message: ['hi', 'hi'], templateId: 'tpl_1' },
          trackId: 'tk2',
        },
      },
    ]);
    expect(result).toEqual({
      numberOfRecords: 2,
      numberOfParts: 3,
      recipients: [
        { to: '09121110001', status: 'QUEUED', code: null, final: false },
        { to: '09121110002', status: 'QUEUED', code: null, final: false },
      ],
    });
    expect(present(smsAction.sent, 'sent')(result)).toEqual({ status: 'PENDING', progress: result });
  });

  it('asks for the report by the trackId, and reads one of a send whose answer was lost', async () => {
    const calls: unknown[] = [];
    const recording: JobUpstream = {
      send: async (_operationId, options) => {
        calls.push(options);
        return { trackId: 'r', result: { messages_status: [{ to_number: '09121110001', status: 5 }] } };
      },
    };
    expect(await smsDeliveryJob.poll(recording, 'track', input('09121110001'), null)).toEqual({
      status: 'PENDING',
      progress: {
        numberOfRecords: 1,
        numberOfParts: null,
        recipients: [{ to: '09121110001', status: 'ON_THE_WAY', code: 5, final: false }],
      },
    });
    expect(calls).toEqual([{ query: { inquiryTrackId: 'track' } }]);
  });

  it('says why a send failed, or was refused for no documented reason', async () => {
    expect(
      await smsDeliveryJob.poll(
        withCallLog(notFound, [{ trackId: 't', status: 'FAILED' }]),
        't',
        input('0912111001'),
        null,
      ),
    ).toEqual({
      status: 'FAILED',
      failure: { code: 'REJECTED', message: 'The upstream records the send as failed; nothing was sent.' },
    });
    const refusal = (upstreamCode?: string) =>
      smsAction.refusalOf(
        new UpstreamError({
          code: ErrorCode.UpstreamRejected,
          message: 'refused',
          operationId: 'facilityFinnotextPost',
          httpStatus: 400,
          ...(upstreamCode !== undefined && { upstreamCode }),
        }),
      );
    expect(refusal('E_42')).toEqual({
      code: 'REJECTED',
      message: 'The upstream refused the SMS (E_42); nothing was sent.',
    });
    expect(refusal()?.message).toBe('The upstream refused the SMS (HTTP 400); nothing was sent.');
    const notSent = new UpstreamError({
      code: ErrorCode.UpstreamUnavailable,
      message: 'down',
      operationId: 'facilityFinnotextPost',
      notSent: true,
    });
    expect(smsAction.refusalOf(notSent)?.message).toMatch(/^The SMS send was never sent/);
    await expect(smsDeliveryJob.submit(upstream([]), input('09121110001'))).rejects.toThrow(
      'an SMS is claimed and sent by the action desk, never submitted by the engine',
    );
  });
});
