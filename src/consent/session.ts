import type { UserCredentials, UserTokenNeed } from '../datasources/upstream/client.js';
import { storeKey } from './secrets.js';
import type { ConsentService } from './service.js';
import type { ConsentView } from './types.js';

/**
 * The consent a caller presented (HTTP header `x-consent-handle`, or `consentHandle` in the
 * graphql-ws connectionParams), for one operation. Nothing is looked up until a field needs it.
 */
export class ConsentSession implements UserCredentials {
  /** A digest of the handle: identifies the consent in deduplication keys without revealing it. */
  readonly key: string;

  constructor(
    private readonly service: ConsentService,
    private readonly handle: string,
  ) {
    this.key = storeKey('active', handle);
  }

  token(need: UserTokenNeed): Promise<string> {
    return this.service.tokenFor(this.handle, need);
  }

  renew(rejected: string): Promise<string> {
    return this.service.renewFor(this.handle, rejected);
  }

  describe(): Promise<ConsentView> {
    return this.service.describe(this.handle);
  }

  revoke(): Promise<ConsentView> {
    return this.service.revoke(this.handle);
  }
}
