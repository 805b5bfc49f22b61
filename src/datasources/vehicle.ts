import type { UpstreamAccess } from './requestUpstream.js';

/** The datasource of the vehicle group: plates, ownership, vehicle records and tolls. */
export class VehicleAPI {
  constructor(protected readonly upstream: UpstreamAccess) {}
}
