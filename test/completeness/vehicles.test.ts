import { describeDocumented } from './support.js';
import { vehicleOperations } from './vehicles.cases.js';

describeDocumented('vehicle operations', vehicleOperations);
