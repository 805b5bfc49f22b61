import type { UpstreamAccess } from './requestUpstream.js';

/** The datasource of the kyb group: company registry records, boards, signing rights and gazette notices. */
export class KybAPI {
  constructor(protected readonly upstream: UpstreamAccess) {}
}
