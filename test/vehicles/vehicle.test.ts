/** `Query.vehicle`, `Vehicle.ownedBy` and the vehicle's records over HTTP: plate input, owner arguments, paging, errors, upstream calls. */
import { describe, expect, it } from 'vitest';
import { VEHICLE_SAMPLES, freewayTollsOf, offensesOf, trafficTollsOf, vehicleOf } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { callCounts } from '../helpers/calls.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

const { driver, noVehicles, unownedPlate } = VEHICLE_SAMPLES;
const [plate] = driver.plates;
type Data = { vehicle: Record<string, unknown> | null };
const vehicle = (fields: string, args = `plateNumber: "${plate}"`) =>
  h.gql<Data>(`{ vehicle${args ? `(${args})` : ''} { ${fields} } }`);
/** `fields` of the plate's vehicle as owned by `ownerNationalId` (the driver's, unless told). */
const owned = async (fields: string, ownerNationalId = driver.nationalId) => {
  const res = await vehicle(`ownedBy(ownerNationalId: "${ownerNationalId}") { ${fields} }`);
  return { res, owned: (res.data?.vehicle?.['ownedBy'] ?? null) as Record<string, unknown> | null };
};

describe('Query.vehicle', () => {
  it('decodes the plate of a plate number without any upstream call', async () => {
    const res = await vehicle(
      'plateNumber plate { twoDigits letter letterCode threeDigits region kind text } ownedBy(ownerNationalId: "' +
        driver.nationalId +
        '") { plateNumber ownerNationalId owner { nationalId } vehicle { plateNumber } }',
      `plateNumber: "${unownedPlate}"`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).vehicle).toEqual({
      plateNumber: '552411188',
      plate: {
        twoDigits: '55',
        letter: 'ق',
        letterCode: '24',
        threeDigits: '111',
        region: '88',
        kind: 'ORDINARY',
        text: 'ایران 88 - 111 ق 55',
      },
      ownedBy: {
        plateNumber: '552411188',
        ownerNationalId: driver.nationalId,
        owner: { nationalId: driver.nationalId },
        vehicle: { plateNumber: '552411188' },
      },
    });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('builds the same plate number from the plate’s parts, in Persian digits or with the letter’s code', async () => {
    const persian = await vehicle(
      'plateNumber',
      'plate: { twoDigits: "۵۵", letter: "ق", threeDigits: "۱۱۱", region: "۸۸" }',
    );
    const coded = await vehicle(
      'plateNumber',
      'plate: { twoDigits: "55", letter: "24", threeDigits: "111", region: "88" }',
    );
    expect(dataOf(persian).vehicle).toEqual({ plateNumber: '552411188' });
    expect(dataOf(coded).vehicle).toEqual({ plateNumber: '552411188' });
  });

  it('knows the disabled drivers’ and the protocol plates', async () => {
    const res = await h.gql<{ a: { plate: unknown }; b: { plate: unknown } }>(
      '{ a: vehicle(plateNumber: "123312345") { plate { letter kind } } b: vehicle(plateNumber: "123412345") { plate { letter kind } } }',
    );
    expect(res.data).toEqual({
      a: { plate: { letter: 'معلولین', kind: 'DISABLED' } },
      b: { plate: { letter: 'تشریفات', kind: 'PROTOCOL' } },
    });
  });

  it.each([
    [
      'both forms',
      `plateNumber: "${plate}", plate: { twoDigits: "55", letter: "ق", threeDigits: "111", region: "88" }`,
      'plate',
    ],
    ['neither form', '', 'plateNumber'],
    ['a short number', 'plateNumber: "12345"', 'plateNumber'],
    ['letter code 00', 'plateNumber: "550011188"', 'plateNumber'],
    ['letter code 35', 'plateNumber: "553511188"', 'plateNumber'],
    ['a 9-digit plate with region 00', 'plateNumber: "552411100"', 'plateNumber'],
    ['a 9-digit plate with region 09', 'plateNumber: "552411109"', 'plateNumber'],
    [
      'a region 05 given as parts',
      'plate: { twoDigits: "55", letter: "ق", threeDigits: "111", region: "05" }',
      'plate.region',
    ],
    [
      'a region of one digit',
      'plate: { twoDigits: "55", letter: "ق", threeDigits: "111", region: "8" }',
      'plate.region',
    ],
    ['a Latin letter', 'plate: { twoDigits: "55", letter: "Q", threeDigits: "111", region: "88" }', 'plate.letter'],
    [
      'three digits starting with 0',
      'plate: { twoDigits: "55", letter: "ق", threeDigits: "011", region: "88" }',
      'plate.threeDigits',
    ],
  ])('refuses %s with BAD_USER_INPUT on the argument, before any upstream call', async (_, args, argumentPath) => {
    const res = await vehicle(
      'plateNumber ownedBy(ownerNationalId: "' + driver.nationalId + '") { details { vin } }',
      args,
    );
    expect(res.data?.vehicle ?? null).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(firstError(res)).toMatchObject({ path: ['vehicle'], extensions: { code: 'BAD_USER_INPUT', argumentPath } });
    expect(h.upstreamCalls()).toEqual([]);
  });
});

describe('the vehicle’s records, asked as owned by a national id', () => {
  const owner = `ownerNationalId: "${driver.nationalId}"`;

  it('reads details, plate history and third-party insurance, each with one call, agreeing with each other', async () => {
    const res = await vehicle(`
      ownedBy(${owner}) {
        details { system tip modelYear vin plateInstalledOn { jalali } insurance { insurerName startsOn { jalali } endsOn { jalali } discounts { financialYears financialPercent } } }
        plateHistory { status installations { vehicleSystem vehicleModel installedOn { jalali } detachedOn { jalali } } }
        thirdPartyInsurance { insurerName startsOn { jalali } financialCoverage lifeCoverage discounts { financialYears financialPercent } vehicle { system vin model } endorsements { title } }
      }
      ownership(${owner}) { matches model }`);
    expect(res.errors).toBeUndefined();
    const world = vehicleOf(plate);
    const found = dataOf(res).vehicle as Record<string, Record<string, unknown>>;
    const v: Record<string, Record<string, unknown> | undefined> = {
      ...(found['ownedBy'] as Record<string, Record<string, unknown>>),
      ownership: found['ownership'],
    };
    expect(v['details']).toMatchObject({
      system: world.make.system,
      tip: world.tip,
      modelYear: world.modelYear,
      vin: world.vin,
    });
    expect(present(v['plateHistory'], "v['plateHistory']")['installations']).toEqual([
      {
        vehicleSystem: world.make.system,
        vehicleModel: String(world.modelYear),
        installedOn: present(v['details'], "v['details']")['plateInstalledOn'],
        detachedOn: null,
      },
      expect.objectContaining({ detachedOn: present(v['details'], "v['details']")['plateInstalledOn'] }),
    ]);
    const insurance = present(v['details'], "v['details']")['insurance'] as Record<string, unknown>;
    expect(v['thirdPartyInsurance']).toMatchObject({
      insurerName: insurance['insurerName'],
      startsOn: insurance['startsOn'],
      discounts: insurance['discounts'],
      vehicle: { system: world.make.system, vin: world.vin, model: String(world.modelYear) },
    });
    expect(v['ownership']).toEqual({ matches: true, model: String(world.modelYear) });
    expect(callCounts(h)).toEqual({
      vehicleVehicleInfoInquiryGet: 1,
      vehiclePlateNumberHistoryGet: 1,
      kycThirdPartyInsuranceInquiryGet: 1,
      vehicleMatchingVehicleOwnershipGet: 1,
    });
  });

  it('answers ownership for someone else as no match, and refuses them the owner-only records on those fields alone', async () => {
    const stranger = `ownerNationalId: "${noVehicles.nationalId}"`;
    const res = await vehicle(
      `plateNumber ownership(${stranger}) { matches } ownedBy(${stranger}) { details { vin } } freewayTolls { totalCount }`,
    );
    expect(partialDataOf(res).vehicle).toEqual({
      plateNumber: plate,
      ownership: { matches: false },
      ownedBy: { details: null },
      freewayTolls: { totalCount: freewayTollsOf(plate).length },
    });
    expect(res.errors).toHaveLength(1);
    expect(firstError(res)).toMatchObject({
      path: ['vehicle', 'ownedBy', 'details'],
      extensions: { code: 'UPSTREAM_REJECTED', upstreamCode: 'VALIDATION_ERROR', trackId: expect.any(String) },
    });
  });

  it('is the same vehicle through `vehicle` and through `_entities`: the owner is in the key, not in the path', async () => {
    const fields = 'plateNumber ownerNationalId details { vin }';
    const { owned: viaVehicle } = await owned(fields);
    const entities = await h.gql<{ _entities: unknown[] }>(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on OwnedVehicle { ${fields} } } }`,
      { r: [{ __typename: 'OwnedVehicle', plateNumber: plate, ownerNationalId: driver.nationalId }] },
    );
    expect(entities.errors).toBeUndefined();
    expect(dataOf(entities)._entities).toEqual([viaVehicle]);
    expect(viaVehicle).toMatchObject({ ownerNationalId: driver.nationalId, details: { vin: vehicleOf(plate).vin } });
  });

  it.each([
    [
      'an owner national id failing its check digit',
      'ownedBy(ownerNationalId: "0012148961") { details { vin } }',
      'ownerNationalId',
    ],
    [
      'an owner mobile of the wrong shape',
      `ownedBy(${owner}) { trafficTolls(ownerMobile: "0912") { totalCount } }`,
      'ownerMobile',
    ],
    ['a page larger than 100', `freewayTolls(first: 101) { totalCount }`, 'first'],
    ['a cursor that is not one', `freewayTolls(after: "nope") { totalCount }`, 'after'],
  ])('refuses %s before any upstream call', async (_, fields, argumentPath) => {
    const res = await vehicle(fields);
    expect(firstError(res)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath } });
    expect(h.upstreamCalls()).toEqual([]);
  });

  it('keeps the vehicle when an inquiry fails upstream, with the error on that field', async () => {
    h.sandbox.injectFault({ operationId: 'vehicleVehicleInfoInquiryGet', status: 503, times: Infinity });
    const { res, owned: found } = await owned('plateNumber details { vin } plateHistory { status }');
    expect(found).toEqual({ plateNumber: plate, details: null, plateHistory: { status: 'فعال' } });
    expect(firstError(res)).toMatchObject({
      path: ['vehicle', 'ownedBy', 'details'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });
});

describe('offenses and tolls', () => {
  const ownerArgs = `ownerNationalId: "${driver.nationalId}", ownerMobile: "${driver.mobile}"`;
  const mobile = `ownerMobile: "${driver.mobile}"`;
  type Connection = {
    totalCount: number;
    totalAmount?: string;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: Array<Record<string, unknown>>;
  };

  it('pages through the offenses with one upstream call per page, totals as the upstream sums them', async () => {
    const world = offensesOf(plate);
    const fields =
      'totalCount totalAmount pageInfo { hasNextPage endCursor } nodes { id code amount hasImage occurredAt { jalali iso } recordedAt }';
    const first = await owned(`offenses(${mobile}, first: 2) { ${fields} }`);
    const page = present(first.owned, 'owned')['offenses'] as Connection;
    expect(page.totalCount).toBe(world.length);
    expect(page.totalAmount).toBe(String(world.reduce((sum, o) => sum + o.price, 0)));
    expect(page.nodes.map((n) => n['id'])).toEqual(world.slice(0, 2).map((o) => o.id));
    expect(page.nodes[0]).toMatchObject({
      amount: String(at(world, 0).price),
      occurredAt: { jalali: at(world, 0).date },
    });
    const occurred = (at(page.nodes, 0)['occurredAt'] as { iso: string }).iso;
    expect(new Date(occurred).getTime()).toBe(
      new Date(at(page.nodes, 0)['recordedAt'] as string).getTime() -
        Number(at(world, 0).normalizedDate.slice(-2)) * 1000,
    );
    const rest = await owned(`offenses(${mobile}, first: 100, after: "${page.pageInfo.endCursor}") { ${fields} }`);
    const restPage = present(rest.owned, 'owned')['offenses'] as Connection;
    expect(restPage.nodes.map((n) => n['id'])).toEqual(world.slice(2).map((o) => o.id));
    expect(restPage.pageInfo.hasNextPage).toBe(false);
    expect(callCounts(h)).toEqual({ billingDrivingOffenseGet: 2 });
  });

  it('fetches camera images only when asked, and only for offenses that have one', async () => {
    const world = offensesOf(plate);
    const withoutImages = await owned(`offenses(${mobile}, first: 100) { nodes { id } }`);
    expect(withoutImages.res.errors).toBeUndefined();
    expect(callCounts(h)).toEqual({ billingDrivingOffenseGet: 1 });
    h.sandbox.clearCalls();
    const { res, owned: found } = await owned(
      `offenses(${mobile}, first: 100) { nodes { id hasImage image { offenseId plateImageUrl vehicleImageUrl } } }`,
    );
    expect(res.errors).toBeUndefined();
    const nodes = (present(found, 'owned')['offenses'] as Connection).nodes;
    for (const node of nodes) {
      expect(node['image'] === null).toBe(node['hasImage'] === false);
      if (node['image'])
        expect(node['image']).toMatchObject({ offenseId: node['id'], plateImageUrl: expect.stringMatching(/^https:/) });
    }
    expect(callCounts(h)).toEqual({
      billingDrivingOffenseGet: 1,
      billingTrafficOffenseImageGet: world.filter((o) => o.hasImage).length,
    });
  });

  it('lists traffic-zone charges for the owner and highway tolls for anyone', async () => {
    const res = await vehicle(`
      ownedBy(ownerNationalId: "${driver.nationalId}") { trafficTolls(${mobile}) { totalCount nodes { id amount fee totalAmount chargedAt paymentStatus } } }
      freewayTolls(first: 1) { totalCount totalAmount pageInfo { hasNextPage } nodes { paymentId amount passedAt freeway } }`);
    expect(res.errors).toBeUndefined();
    const found = dataOf(res).vehicle as Record<string, Record<string, Connection>>;
    const v = { ...found['ownedBy'], freewayTolls: found['freewayTolls'] } as unknown as Record<string, Connection>;
    const traffic = trafficTollsOf(plate);
    expect(present(v['trafficTolls'], "v['trafficTolls']").nodes).toEqual(
      traffic.map((toll) => ({
        id: toll.uniqueId,
        amount: String(toll.amount),
        fee: String(toll.fee),
        totalAmount: String(toll.amount + toll.fee),
        chargedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        paymentStatus: toll.paymentStatus.toUpperCase(),
      })),
    );
    const freeway = freewayTollsOf(plate);
    expect(v['freewayTolls']).toMatchObject({
      totalCount: freeway.length,
      totalAmount: String(freeway.reduce((sum, toll) => sum + toll.price, 0)),
      pageInfo: { hasNextPage: freeway.length > 1 },
      nodes: [
        { paymentId: at(freeway, 0).paymentId, amount: String(at(freeway, 0).price), freeway: at(freeway, 0).freeway },
      ],
    });
  });

  it('answers a motorcycle’s fines to its owner, and refuses a plate of the wrong length before any call', async () => {
    const owned = await h.gql<{ motorcycle: unknown }>(
      `{ motorcycle(plateNumber: "${driver.motorcycle}") { plateNumber offenses(${ownerArgs}) { amount billId plateNumber } } }`,
    );
    expect(owned.errors).toBeUndefined();
    expect(dataOf(owned).motorcycle).toMatchObject({
      plateNumber: driver.motorcycle,
      offenses: { plateNumber: driver.motorcycle, billId: expect.any(String) },
    });
    const bad = await h.gql(`{ motorcycle(plateNumber: "1234567") { plateNumber } }`);
    expect(firstError(bad)).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentPath: 'plateNumber' } });
    expect(callCounts(h)).toEqual({ billingRidingOffenseGet: 1 });
  });
});

describe('_entities for Vehicle', () => {
  it('resolves vehicles by plate number in order; an invalid one fails only its own item', async () => {
    const res = await h.gql<{ _entities: unknown[] }>(
      'query($r: [_Any!]!) { _entities(representations: $r) { ... on Vehicle { plateNumber plate { region } } } }',
      {
        r: [
          { __typename: 'Vehicle', plateNumber: plate },
          { __typename: 'Vehicle', plateNumber: '550011188' },
          { __typename: 'Vehicle', plateNumber: unownedPlate },
        ],
      },
    );
    expect(res.errors?.map((error) => [error.path, error.extensions?.argumentPath])).toEqual([
      [['_entities', 1], 'representations[1].plateNumber'],
    ]);
    expect(partialDataOf(res)._entities).toEqual([
      { plateNumber: plate, plate: { region: plate.slice(7) } },
      null,
      { plateNumber: unownedPlate, plate: { region: '88' } },
    ]);
    expect(h.upstreamCalls()).toEqual([]);
  });
});
