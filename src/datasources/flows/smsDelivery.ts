/**
 * An SMS send and its delivery report (wire facts §4.10) as one job: `finnotext` sent once with a
 * trackId chosen and stored before sending, then `finnotextInquiry` by that trackId until every
 * recipient's delivery is final. Only the action desk sends one: claimed before it is sent (its id names
 * the idempotency key), and, when its answer was unclear, followed through the same inquiry and the
 * upstream's call log, which show whether the send reached the upstream. An SMS is never sent twice.
 */
import { nullIfNotFound } from '../../errors.js';
import { SmsReportAnswer, SmsSendAnswer } from '../records/messaging.js';
import type { UpstreamAccess } from '../shared/requestUpstream.js';
import { decode } from '../shared/shapes.js';
import type { SmsDeliveryRecord, SmsOrderRecord, SmsRecipientRecord } from '../types/messaging.js';
import type { ActionInput, ActionJobRecord, DeskAction, JobKind, PollOutcome } from './port.js';
import { callStatusOf } from './callRecords.js';
import { abandonedAction, refusalFrom, refusalIn, type RefusalTable } from './refusals.js';
import { recipientsOf, type ReportLine } from './smsRecipients.js';

const queued = (to: string): SmsRecipientRecord => ({ to, status: 'QUEUED', code: null, final: false });

const SEND = 'facilityFinnotextPost';
const INQUIRY = 'facilityFinnotextInquiryGet';

export const SMS_DELIVERY = 'smsDelivery';

/** Who sends every SMS: the subgraph's own upstream client, so idempotency keys are the client's, not a caller's. */
export const SMS_SENDER = 'client';

export type SmsDeliveryJobInput = ActionInput<SmsOrderRecord>;
export type SmsDeliveryJobRecord = ActionJobRecord<typeof SMS_DELIVERY, SmsOrderRecord, SmsDeliveryRecord>;

/** How long the delivery report of a send the upstream accepted is followed before the job expires (with the report it had). */
const DELIVERY_MAX_AGE_MS = 6 * 60 * 60_000;

export const sms = {
  /** Sends the order once with `trackId`; throws the upstream's answer when it is not a success. */
  async send(
    upstream: Pick<UpstreamAccess, 'send'>,
    order: SmsOrderRecord,
    trackId: string,
  ): Promise<SmsDeliveryRecord> {
    const body = {
      from: order.from,
      to: order.messages.map((message) => message.to),
      message: order.messages.map((message) => message.text),
      ...(order.templateId !== null && { templateId: order.templateId }),
    };
    const answer = await upstream.send(SEND, { body, trackId });
    const { numberOfRecords, numberOfParts } = decode(SEND, answer, SmsSendAnswer);
    return { numberOfRecords, numberOfParts, recipients: order.messages.map(({ to }) => queued(to)) };
  },

  /** The delivery report of the send made with `trackId`; null when the upstream knows no send with it. */
  async report(upstream: Pick<UpstreamAccess, 'send'>, trackId: string): Promise<ReportLine[] | null> {
    const answer = await nullIfNotFound(upstream.send(INQUIRY, { query: { inquiryTrackId: trackId } }));
    if (!answer) return null;
    return decode(INQUIRY, answer, SmsReportAnswer).messages_status.map((line) => ({
      to: line.to_number,
      code: line.status,
    }));
  },
};

/** Why the upstream refused a send, by its documented messages (wire facts §3.2). */
const REFUSALS: RefusalTable = [
  [/sizes? of to and message/i, 'INVALID_REQUEST', 'The recipients and the texts do not pair up.'],
  [
    /sender number|invalid source/i,
    'SENDER_NOT_REGISTERED',
    'The sender number is not one the upstream registered for this client.',
  ],
  [/invalid destination/i, 'INVALID_DESTINATION', 'No recipient is a mobile number the upstream accepts.'],
  [/exceed/i, 'LIMIT_EXCEEDED', 'The send exceeds one of the upstream’s limits (recipients or text length).'],
];

/** An SMS send as the action desk sends it: followed after it is sent until every delivery is final. */
export const smsAction: DeskAction<typeof SMS_DELIVERY, SmsOrderRecord, SmsDeliveryRecord> = {
  kind: SMS_DELIVERY,
  noun: 'SMS send',
  send: (upstream, order, trackId) => sms.send(upstream, order, trackId),
  refusalOf: (error) =>
    refusalFrom(
      error,
      'SMS send',
      (refused) =>
        refusalIn(REFUSALS, refused.details.upstreamMessage ?? '') ?? {
          code: 'REJECTED',
          message: `The upstream refused the SMS (${refused.details.upstreamCode ?? 'HTTP 400'}); nothing was sent.`,
        },
    ),
  sent: (result) => ({ status: 'PENDING', progress: result }),
};

/**
 * An SMS send's job: its delivery report followed until every recipient's delivery is final. A send whose
 * answer settled nothing may reach the upstream however late, so it is failed only on the upstream's
 * word (its call log records the send as failed); otherwise it stays pending until the report shows it.
 * A send the upstream accepted expires after six hours with the report it had.
 */
export const smsDeliveryJob: JobKind<SmsDeliveryJobInput, SmsDeliveryRecord, typeof SMS_DELIVERY> = {
  name: SMS_DELIVERY,
  // A send whose answer was never read is followed until the upstream says what became of it.
  maxAgeOf: (job) => (job.result === null ? Number.POSITIVE_INFINITY : DELIVERY_MAX_AGE_MS),
  abandoned: abandonedAction('SMS send'),
  submit: () =>
    Promise.reject(new Error('an SMS is claimed and sent by the action desk, never submitted by the engine')),
  async poll(upstream, trackId, input, current): Promise<PollOutcome<SmsDeliveryRecord>> {
    try {
      const report = await sms.report(upstream, trackId);
      if (report === null) {
        // Sent (its answer was read) but not reported yet, or an unclear send that may still arrive.
        if (!current && (await callStatusOf(upstream, trackId)) === 'FAILED')
          return {
            status: 'FAILED',
            failure: { code: 'REJECTED', message: 'The upstream records the send as failed; nothing was sent.' },
          };
        return { status: 'PENDING' };
      }
      const delivery: SmsDeliveryRecord = {
        numberOfRecords: current?.numberOfRecords ?? report.length,
        numberOfParts: current?.numberOfParts ?? null,
        recipients: recipientsOf(input.order, report, current?.numberOfRecords ?? null),
      };
      return delivery.recipients.every((recipient) => recipient.final)
        ? { status: 'SUCCESS', result: delivery }
        : { status: 'PENDING', progress: delivery };
    } catch {
      // An inquiry that failed says nothing about the send: ask again later.
      return { status: 'PENDING' };
    }
  },
};
