/**
 * The subgraph's job kinds: every asynchronous flow and at-most-once action of the upstream that the
 * job engine follows, and the jobs they make as one union, so a job's kind is never just a string.
 */
import { billInquiryJob, type BillInquiryJobRecord } from './billInquiry.js';
import { chequeActionJob, type ChequeActionJobRecord } from './chequeAction.js';
import { creditReportJob, type CreditReportJobRecord } from './creditReport.js';
import { gazetteSignatureJob, type GazetteSignatureJobRecord } from './gazetteSignature.js';
import { actorOf, type JobKind, type JobRecord } from './port.js';
import { smsDeliveryJob, type SmsDeliveryJobRecord } from './smsDelivery.js';
import { transferJob, type TransferJobRecord } from './transfer.js';

/** A job of one of the subgraph's kinds, discriminated by `kind`. */
export type UpstreamJob =
  | BillInquiryJobRecord
  | TransferJobRecord
  | ChequeActionJobRecord
  | CreditReportJobRecord
  | GazetteSignatureJobRecord
  | SmsDeliveryJobRecord;

export type UpstreamJobKind = UpstreamJob['kind'];

/** The kinds the job engine runs. */
export const upstreamJobKinds: readonly JobKind<never, unknown, UpstreamJobKind>[] = [
  billInquiryJob,
  transferJob,
  chequeActionJob,
  creditReportJob,
  gazetteSignatureJob,
  smsDeliveryJob,
];

const KIND_NAMES: ReadonlySet<string> = new Set(
  Object.keys({
    billInquiry: true,
    transfer: true,
    chequeAction: true,
    creditReport: true,
    gazetteSignature: true,
    smsDelivery: true,
  } satisfies Record<UpstreamJobKind, true>),
);

/** The stored job as one of the subgraph's kinds; null for a record of a kind this release does not know. */
export function asUpstreamJob(job: JobRecord): UpstreamJob | null {
  return KIND_NAMES.has(job.kind) ? (job as UpstreamJob) : null;
}

/**
 * The national id of the person whose job it is, who alone may see it: who acted, for an action; the
 * person, for a credit report asked under their consent. Null for a job anyone holding its id may see
 * (an SMS send: the client's own, sent under no person's consent).
 */
export function ownerOf(job: UpstreamJob): string | null {
  if (job.kind === 'smsDelivery') return null;
  if (job.kind === 'creditReport') return job.input.consentKey === null ? null : job.input.nationalId;
  return actorOf(job);
}
