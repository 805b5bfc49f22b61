import { randomUUID } from 'node:crypto';
import { SENDER_NUMBERS } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import type { Harness } from '../helpers/harness.js';
import { at, dataOf } from '../helpers/responses.js';
import type { DocumentedOperation } from './support.js';

const FROM = at(SENDER_NUMBERS, 0);
const TEMPLATE = 'completeness_1';

/** A mobile of its own for each send, so no other send's report mixes in. */
const mobile = (): string => `0912${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

interface JobData {
  sendSms: { id: string };
}

/** Sends two texts and follows the job until every delivery is final; the job as the graph last shows it. */
async function sendAndFollow(h: Harness): Promise<unknown> {
  const sent = dataOf(
    await h.gql<JobData>(`mutation($input: SendSmsInput!) { sendSms(input: $input) { id } }`, {
      input: {
        from: FROM,
        templateId: TEMPLATE,
        idempotencyKey: randomUUID(),
        messages: [
          { to: mobile(), text: 'پیام آزمایشی' },
          { to: mobile(), text: 'a test message' },
        ],
      },
    }),
  );
  return eventually(
    async () => {
      const data = dataOf(
        await h.gql<{ job: { status: string } | null }>(
          `query($id: ID!) { job(id: $id) { status ... on SmsDeliveryJob {
          from templateId delivery { numberOfRecords numberOfParts recipients { to status code final } } } } }`,
          { id: sent.sendSms.id },
        ),
      );
      return data.job?.status === 'SUCCESS' ? data : undefined;
    },
    { what: 'every delivery final' },
  );
}

export const messagingOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'facilityFinnotextPost',
    run: sendAndFollow,
    inputs: ['from', 'to', 'message', 'templateId'],
    fields: {
      numberOfRecords: 'job.delivery.numberOfRecords',
      numberOfParts: 'job.delivery.numberOfParts',
    },
  },
  {
    operationId: 'facilityFinnotextInquiryGet',
    run: sendAndFollow,
    inputs: ['inquiryTrackId'],
    fields: {
      'messages_status[].to_number': {
        notInGraph:
          'the number masked (`091********`): it matches each line to its recipient, and `recipients.to` is the whole number sent',
      },
      // The upstream's code, as it came and as the status it stands for.
      'messages_status[].status': 'job.delivery.recipients.code',
    },
  },
  {
    operationId: 'facilityFinnotextOtpPost',
    run: async (h) =>
      dataOf(
        await h.gql(`mutation { sendOneTimePassword(input: { to: "${mobile()}", from: "${FROM}", templateId: "${TEMPLATE}" }) {
          id expiresAt attemptsLeft } }`),
      ),
    inputs: ['from', 'to', 'message', 'templateId'],
    fields: {
      message: {
        notInGraph:
          'the fixed acknowledgement "request received": the challenge is answered only once the upstream took the SMS, and a refusal fails the mutation',
      },
    },
  },
  {
    operationId: 'facilityReceiveSmsGet',
    run: async (h) => {
      const texts = [`${randomUUID()} first`, `${randomUUID()} second`];
      for (const messageText of texts)
        h.sandbox.deliverInboundSms({ sourceAddress: mobile(), destinationAddress: FROM, messageText });
      const data = await eventually(
        async () => {
          const page = dataOf(
            await h.gql<{ inboundSms: { nodes: Array<{ text: string }> } }>(
              `query($number: String!) { inboundSms(destinationNumber: $number, first: 100) {
                nodes { id from to text receivedAt } } }`,
              { number: FROM },
            ),
          );
          const nodes = page.inboundSms.nodes.filter((node) => texts.includes(node.text));
          return nodes.length === texts.length ? { inboundSms: { nodes } } : undefined;
        },
        { what: 'the messages polled' },
      );
      // The poller reads on after it took the messages, and finds the inbox empty.
      await eventually(
        () =>
          h.upstreamCalls('facilityReceiveSmsGet').some((call) => JSON.stringify(call.answer).includes('"data":[]')),
        { what: 'an empty read' },
      );
      return data;
    },
    inputs: ['destinationNumber', 'limit'],
    fields: {
      // The messages one read took; a read of an empty inbox answers an empty list.
      'data[]': 'inboundSms.nodes',
      'data[].sourceAddress': 'inboundSms.nodes.from',
      'data[].destinationAddress': 'inboundSms.nodes.to',
      'data[].messageText': 'inboundSms.nodes.text',
      'data[].receiveDateTime': 'inboundSms.nodes.receivedAt',
    },
  },
];
