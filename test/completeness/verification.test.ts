import { describeDocumented } from './support.js';
import {
  civilRegistryOperations,
  mediaOperations,
  ownershipOperations,
  registryOperations,
} from './verification.cases.js';

describeDocumented('verification operations', [
  ...civilRegistryOperations,
  ...registryOperations,
  ...ownershipOperations,
  ...mediaOperations,
]);
