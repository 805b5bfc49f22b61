/** The upstream's answers about SMS (wire facts §4.10). */
import { count, list, record, strictDecimal, text } from '../shared/shapes.js';

/** `facilityFinnotextPost`: the messages accepted and the parts they make, both strings on the wire. */
export const SmsSendAnswer = record({ numberOfRecords: count, numberOfParts: count });

/** `facilityFinnotextInquiryGet`: each recipient with its delivery code. */
export const SmsReportAnswer = record({
  messages_status: list(record({ to_number: text, status: strictDecimal })),
});

/** `facilityFinnotextOtpPost`: `{ message: "request received" }`. */
export const OneTimePasswordSendAnswer = record({ message: text });
