import { BillingAPI } from './billing.js';
import { ChequeAPI } from './cheques.js';
import { CreditAPI } from './credit.js';
import { EcityAPI } from './ecity.js';
import { FacilityAPI } from './facility.js';
import { KycAPI } from './kyc.js';
import { KybAPI } from './kyb.js';
import { KycMediaAPI } from './kycMedia.js';
import { MoneyAPI } from './money.js';
import { MpgAPI } from './mpg.js';
import { OakAPI } from './oak.js';
import { RequestUpstream, type OperationScope } from './requestUpstream.js';
import { SayadAPI } from './sayad.js';
import { StatementAPI } from './statements.js';
import type { UpstreamClient } from './upstream/client.js';
import { TrafficAPI } from './traffic.js';
import { VehicleAPI } from './vehicle.js';
import type { ActionDesk } from '../jobs/actionDesk.js';

/** The datasources of one GraphQL operation; each holds its own loaders. */
export interface DataSources {
  readonly billing: BillingAPI;
  readonly cheques: ChequeAPI;
  readonly credit: CreditAPI;
  readonly ecity: EcityAPI;
  readonly facility: FacilityAPI;
  readonly kyc: KycAPI;
  readonly kyb: KybAPI;
  readonly kycMedia: KycMediaAPI;
  readonly money: MoneyAPI;
  readonly mpg: MpgAPI;
  readonly oak: OakAPI;
  readonly sayad: SayadAPI;
  readonly statements: StatementAPI;
  readonly vehicle: VehicleAPI;
  readonly traffic: TrafficAPI;
}

/**
 * `consent` is the consent the caller presented, for operations under a user grant; `lane` names the
 * caller and the operation, for the fair share of the process-wide upstream capacity.
 */
export function createDataSources(
  client: Pick<UpstreamClient, 'call'>,
  requestConcurrency: number,
  desk: ActionDesk,
  scope: OperationScope = {},
): DataSources {
  const upstream = RequestUpstream.forOperation(client, requestConcurrency, scope);
  return {
    billing: new BillingAPI(upstream),
    cheques: new ChequeAPI(upstream),
    credit: new CreditAPI(upstream),
    ecity: new EcityAPI(upstream),
    facility: new FacilityAPI(upstream),
    kyc: new KycAPI(upstream),
    kyb: new KybAPI(upstream),
    kycMedia: new KycMediaAPI(upstream),
    money: new MoneyAPI(upstream, desk),
    mpg: new MpgAPI(upstream),
    oak: new OakAPI(upstream),
    sayad: new SayadAPI(upstream, desk),
    statements: new StatementAPI(upstream),
    vehicle: new VehicleAPI(upstream),
    traffic: new TrafficAPI(upstream),
  };
}
