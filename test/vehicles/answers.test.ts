/** How some vehicle answers are read: ids the registry hides, fields spelled two ways, the insurers' classifications. */
import { describe, expect, it } from 'vitest';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';
import { VehiclesAPI } from '../../src/datasources/vehicles.js';

/** Vehicles over an upstream that answers every call with `result`. */
function vehicles(result: unknown): VehiclesAPI {
  const answer = () => Promise.resolve({ result, trackId: 'track-1' });
  const upstream: UpstreamAccess = { read: answer, send: answer, authorize: () => Promise.resolve() };
  return new VehiclesAPI(upstream);
}

describe('vehicle answers', () => {
  it('gives the national id a plate is registered under, null where the registry writes `-`', async () => {
    const plates = await vehicles({
      plateNumbers: [
        { nationalId: '0012148962', plateNumber: 'ایران 14 - 367 م 12', revoked: false },
        { nationalId: '-', plateNumber: 'ایران 21 - 429 م 17', revoked: false },
      ],
    }).listActivePlates('0012148962', '09040424258');
    expect(plates.map((plate) => plate.registeredNationalId)).toEqual(['0012148962', null]);
  });

  it('reads the policy’s discount percentages under either name, and the insurers’ classifications', async () => {
    const policy = await vehicles({
      discountThirdPercent: 15,
      disPrsnYrPrcnt: '10',
      discountPersonPercent: 20,
      mapTypNam: 'سواری',
      mapUsageCode: 10,
      typeField: 'ساینا',
      systemCodeCii: 1043,
      typeNameCii: 'ساینا',
      modelCii: 1399,
      tonage: '1.5',
      plk1: 12,
      plk2: 8,
      installDateField: '1402/10/27',
    }).getThirdPartyPolicy('122836714', '0012148962');
    expect(policy?.discounts).toMatchObject({ financialPercent: 15, personPercent: 10 });
    expect(policy?.vehicle).toMatchObject({
      type: 'ساینا',
      tonnage: 1.5,
      plateInstalledOn: '1402/10/27',
      plate: { twoDigits: '12', letterNumber: '8', threeDigits: null, region: null },
      sharedClassification: { type: 'سواری', usageCode: '10', systemCode: null, model: null },
      centralInsurance: { systemCode: '1043', type: 'ساینا', model: '1399', usage: null },
    });
  });
});
