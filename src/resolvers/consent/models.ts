import type { ConsentView } from '../../consent/types.js';

/** A granted consent as a parent: the new handle and the consent's description. */
export interface ConsentGrantedModel {
  readonly handle: string;
  readonly consent: ConsentView;
}
