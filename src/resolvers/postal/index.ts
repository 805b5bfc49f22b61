import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { ParcelEvent } from './ParcelEvent.js';
import { PostalAddress } from './PostalAddress.js';
import { Query } from './Query.js';

export const postal = { Query, PostalAddress, ParcelEvent } satisfies Resolvers;
