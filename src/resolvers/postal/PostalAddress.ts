import type { PostalAddressResolvers } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import { lazyField } from '../shared/lazyField.js';
import type { PostalAddressModel } from './models.js';

const address = (parent: PostalAddressModel, { dataSources }: Context) =>
  dataSources.postal.getAddress(parent.postalCode);

export const PostalAddress: PostalAddressResolvers = {
  province: lazyField(address, 'province'),
  township: lazyField(address, 'township'),
  zone: lazyField(address, 'zone'),
  village: lazyField(address, 'village'),
  localityType: lazyField(address, 'localityType'),
  localityName: lazyField(address, 'localityName'),
  localityCode: lazyField(address, 'localityCode'),
  subLocality: lazyField(address, 'subLocality'),
  street: lazyField(address, 'street'),
  street2: lazyField(address, 'street2'),
  houseNumber: lazyField(address, 'houseNumber'),
  floor: lazyField(address, 'floor'),
  sideFloor: lazyField(address, 'sideFloor'),
  buildingName: lazyField(address, 'buildingName'),
  description: lazyField(address, 'description'),
  coordinates: (parent, _args, { dataSources }) => dataSources.postal.getCoordinates(parent.postalCode),
};
