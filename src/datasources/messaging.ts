import { OneTimePasswordSendAnswer } from './records/messaging.js';
import type { ActionPort } from './flows/port.js';
import { SMS_SENDER, smsAction, type SmsDeliveryJobRecord } from './flows/smsDelivery.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import { decode } from './shared/shapes.js';
import type { SmsOrderRecord } from './types/messaging.js';

/** The text of a one-time password's SMS ("Your verification code: …"). */
export const oneTimePasswordText = (code: string): string => `کد تایید شما: ${code}`;

/**
 * SMS for one GraphQL operation (wire facts §4.10): sends through the action desk, at most once per
 * idempotency key, from the client's sender numbers; and the one SMS of a one-time password.
 */
export class MessagingAPI {
  constructor(
    private readonly upstream: UpstreamAccess,
    private readonly desk: ActionPort,
    /** The sender numbers the upstream assigned to the client: the only `from` a send may name. */
    readonly senderNumbers: readonly string[],
  ) {}

  /**
   * The send under `idempotencyKey`: sent now if the key is new, once `admit` let it through (the SMS
   * throttle; it throws, and nothing is claimed or sent), else the stored one.
   */
  send(idempotencyKey: string, order: SmsOrderRecord, admit: () => Promise<void>): Promise<SmsDeliveryJobRecord> {
    return this.desk.execute(smsAction, {
      upstream: this.upstream,
      actor: SMS_SENDER,
      idempotencyKey,
      asked: order,
      prepare: async () => {
        await admit();
        return order;
      },
    });
  }

  /** Texts a one-time password's code, once, with the upstream template if given; throws when the upstream did not take it. */
  async sendOneTimePassword(from: string, to: string, code: string, templateId: string | null = null): Promise<void> {
    const operationId = 'facilityFinnotextOtpPost';
    const message = oneTimePasswordText(code);
    const body = { from, to, message, ...(templateId !== null && { templateId }) };
    const answer = await this.upstream.send(operationId, { body });
    decode(operationId, answer, OneTimePasswordSendAnswer);
  }
}
