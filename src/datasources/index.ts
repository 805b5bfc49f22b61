import { AccountsAPI } from './accounts.js';
import { BillsAPI } from './bills.js';
import { ChequeActionsAPI } from './chequeActions.js';
import { ChequesAPI } from './cheques.js';
import { CompaniesAPI } from './companies.js';
import { CreditAPI } from './credit.js';
import type { ActionPort } from './flows/port.js';
import { MessagingAPI } from './messaging.js';
import { PeopleAPI } from './people.js';
import { PostalAPI } from './postal.js';
import { RequestUpstream, type OperationScope } from './shared/requestUpstream.js';
import { TransfersAPI } from './transfers.js';
import type { UpstreamClient } from './upstream/client.js';
import type { Clock } from '../lib/clock.js';
import { VehiclesAPI } from './vehicles.js';
import { VerificationAPI } from './verification.js';

/**
 * The datasources of one GraphQL operation, one per domain (the names of `schema/<domain>.graphql`
 * and `resolvers/<domain>/`); each holds its own loaders and calls whatever upstream operations its
 * domain needs.
 */
export interface DataSources {
  readonly accounts: AccountsAPI;
  readonly bills: BillsAPI;
  readonly chequeActions: ChequeActionsAPI;
  readonly cheques: ChequesAPI;
  readonly companies: CompaniesAPI;
  readonly credit: CreditAPI;
  readonly messaging: MessagingAPI;
  readonly people: PeopleAPI;
  readonly postal: PostalAPI;
  readonly transfers: TransfersAPI;
  readonly vehicles: VehiclesAPI;
  readonly verification: VerificationAPI;
}

/**
 * `scope` carries the consent the caller presented, for operations under a user grant, and the lane
 * that names the caller and the operation, for the fair share of the process-wide upstream capacity.
 * `actions` runs the at-most-once actions (transfers, cheque actions).
 */
export function createDataSources(
  client: Pick<UpstreamClient, 'call'>,
  requestConcurrency: number,
  actions: ActionPort,
  scope: OperationScope = {},
  /** The client's SMS sender numbers. */
  senderNumbers: readonly string[] = [],
  clock?: Clock,
): DataSources {
  const upstream = RequestUpstream.forOperation(client, requestConcurrency, scope);
  return {
    accounts: new AccountsAPI(upstream),
    bills: new BillsAPI(upstream),
    chequeActions: new ChequeActionsAPI(upstream, actions, clock),
    cheques: new ChequesAPI(upstream),
    companies: new CompaniesAPI(upstream),
    credit: new CreditAPI(upstream),
    messaging: new MessagingAPI(upstream, actions, senderNumbers),
    people: new PeopleAPI(upstream),
    postal: new PostalAPI(upstream),
    transfers: new TransfersAPI(upstream, actions),
    vehicles: new VehiclesAPI(upstream),
    verification: new VerificationAPI(upstream),
  };
}
