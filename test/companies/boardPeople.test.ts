import { describe, expect, it } from 'vitest';
import {
  COMPANY_SAMPLES,
  INVALID_LEGAL_ID,
  companyOf,
  militaryStatusOf,
  personOf,
  platesOf,
  vehicleOf,
} from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { dataOf, partialDataOf, present } from '../helpers/responses.js';

// The board-wide query below is estimated at 603 calls (every path counted) and sends about sixty once
// reads are shared: over the default budget, which an operator raises for such clients.
const h = useHarness({ env: { LIMIT_MAX_UPSTREAM_CALLS: '1000' } });

interface PlatesOf {
  person: { nationalId: string; militaryService: { allowed: boolean | null } | null } | null;
  personMobile: {
    nationalId: string;
    activePlates: Array<{ ownedVehicle: { plateNumber: string; details: { vin: string } | null } | null }>;
  } | null;
}

interface Military {
  person: { nationalId: string; militaryService: { allowed: boolean | null } | null } | null;
}

describe('board members and signatories as people', () => {
  it('asks about each person once, however many paths lead to them', async () => {
    const { nationalId, boardSize } = COMPANY_SAMPLES.largeBoard;
    const res = await h.gql<{ company: { boardMembers: Military[]; signingRights: { signatories: Military[] } } }>(`{
      company(nationalId: "${nationalId}") {
        boardMembers { person { nationalId militaryService { allowed } } }
        signingRights { signatories { person { nationalId militaryService { allowed } } } }
      }
    }`);
    expect(res.errors).toBeUndefined();
    const { boardMembers, signingRights } = dataOf(res).company;
    expect(boardMembers).toHaveLength(boardSize);
    expect(signingRights.signatories).toHaveLength(boardSize);
    expect(callCounts(h)).toEqual({
      kybBoardMembersGet: 1,
      kybAuthorizedSignatoriesGet: 1,
      kycMilitaryInquiryGet: boardSize,
    });
    const asked = h.upstreamCalls('kycMilitaryInquiryGet').map((call) => call.query['nationalCode']);
    expect(new Set(asked)).toEqual(new Set(companyOf(nationalId).board.map((seat) => seat.nationalId)));
    for (const member of [...boardMembers, ...signingRights.signatories]) {
      const person = present(member.person, 'the person of a board member');
      expect(person.militaryService).toEqual({ allowed: militaryStatusOf(person.nationalId).isAllowed });
    }
  });
});

describe('a large board asked for every member’s vehicles', () => {
  it('makes one upstream call per distinct person and plate, however many paths lead to them', async () => {
    const { nationalId, boardSize } = COMPANY_SAMPLES.largeBoard;
    const personFields =
      'person { nationalId militaryService { allowed } } personMobile { nationalId activePlates(includeRevoked: false) { plateText ownedVehicle { plateNumber details { vin } } } }';
    const res = await h.gql<{ company: { boardMembers: PlatesOf[]; signingRights: { signatories: PlatesOf[] } } }>(`{
      company(nationalId: "${nationalId}") {
        boardMembers { ${personFields} }
        signingRights { signatories { ${personFields} } }
      }
    }`);
    expect(res.errors).toBeUndefined();
    const board = companyOf(nationalId).board;
    const activePlates = board.flatMap((seat) => platesOf(seat.nationalId));
    expect(callCounts(h)).toEqual({
      kybBoardMembersGet: 1,
      kybAuthorizedSignatoriesGet: 1,
      kycMilitaryInquiryGet: boardSize,
      vehicleActivePlateNumbersGet: boardSize,
      ...(activePlates.length > 0 && { vehicleVehicleInfoInquiryGet: new Set(activePlates).size }),
    });
    // Each person's plates were asked with the mobile their registry entry names.
    for (const call of h.upstreamCalls('vehicleActivePlateNumbersGet')) {
      expect(call.query['mobile']).toBe(personOf(present(call.query['nationalId'], "call.query['nationalId']")).mobile);
    }
    const { boardMembers, signingRights } = dataOf(res).company;
    for (const member of [...boardMembers, ...signingRights.signatories]) {
      const person = present(member.personMobile, 'the person and mobile of a board member');
      expect(member.person?.nationalId).toBe(person.nationalId);
      const plates = platesOf(person.nationalId);
      expect(person.activePlates.map((p) => p.ownedVehicle)).toEqual(
        plates.map((plate) => ({ plateNumber: plate, details: { vin: vehicleOf(plate).vin } })),
      );
    }
    expect(activePlates.length).toBeGreaterThan(5);
  });
});

describe('_entities for Company', () => {
  it('resolves companies by legal id in order, an invalid one failing only its own item, and then their fields', async () => {
    const { active, dissolved } = COMPANY_SAMPLES;
    const res = await h.gql<{
      _entities: Array<{ __typename: string; nationalId: string; name: string; status: string } | null>;
    }>(
      `query($representations: [_Any!]!) { _entities(representations: $representations) { __typename ... on Company { nationalId name status } } }`,
      {
        representations: [
          { __typename: 'Company', nationalId: dissolved.nationalId },
          { __typename: 'Company', nationalId: INVALID_LEGAL_ID },
          { __typename: 'Company', nationalId: active.nationalId },
        ],
      },
    );
    expect(res.errors?.map((error) => [error.path, error.extensions?.code, error.extensions?.argumentPath])).toEqual([
      [['_entities', 1], 'BAD_USER_INPUT', 'representations[1].nationalId'],
    ]);
    expect(partialDataOf(res)._entities).toEqual([
      { __typename: 'Company', nationalId: dissolved.nationalId, name: dissolved.title, status: 'DISSOLVED' },
      null,
      { __typename: 'Company', nationalId: active.nationalId, name: active.title, status: 'ACTIVE' },
    ]);
    expect(callCounts(h)).toEqual({ kybCompanyInfoGet: 2 });
  });
});
