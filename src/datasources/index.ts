import { BillingAPI } from './billing.js';
import { EcityAPI } from './ecity.js';
import { FacilityAPI } from './facility.js';
import { KycAPI } from './kyc.js';
import { KycMediaAPI } from './kycMedia.js';
import { MpgAPI } from './mpg.js';
import { OakAPI } from './oak.js';
import { RequestUpstream } from './requestUpstream.js';
import type { UpstreamClient, UserCredentials } from './upstream/client.js';

/** The datasources of one GraphQL operation; each holds its own loaders. */
export interface DataSources {
  readonly billing: BillingAPI;
  readonly ecity: EcityAPI;
  readonly facility: FacilityAPI;
  readonly kyc: KycAPI;
  readonly kycMedia: KycMediaAPI;
  readonly mpg: MpgAPI;
  readonly oak: OakAPI;
}

/** `consent` is the consent the caller presented, for operations under a user grant. */
export function createDataSources(
  client: Pick<UpstreamClient, 'call'>,
  requestConcurrency: number,
  signal?: AbortSignal,
  consent?: UserCredentials,
): DataSources {
  const upstream = new RequestUpstream(client, requestConcurrency, signal, consent);
  return {
    billing: new BillingAPI(upstream),
    ecity: new EcityAPI(upstream),
    facility: new FacilityAPI(upstream),
    kyc: new KycAPI(upstream),
    kycMedia: new KycMediaAPI(upstream),
    mpg: new MpgAPI(upstream),
    oak: new OakAPI(upstream),
  };
}
