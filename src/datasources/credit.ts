import type { UpstreamAccess } from './requestUpstream.js';

/** The datasource of the credit group: facilities, bounced cheques, guarantees and cheque standing of people and companies. */
export class CreditAPI {
  constructor(protected readonly upstream: UpstreamAccess) {}
}
