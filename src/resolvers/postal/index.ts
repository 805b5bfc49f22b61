import { ParcelEvent } from './ParcelEvent.js';
import { PostalAddress } from './PostalAddress.js';
import { Query } from './Query.js';

export const postal = { Query, PostalAddress, ParcelEvent };
