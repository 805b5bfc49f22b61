import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY_SAMPLES, INVALID_LEGAL_ID, companyOf, militaryStatusOf } from '../../src/sandbox/world/index.js';
import { startHarness, type Harness } from '../helpers/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.sandbox.clearCalls());

const callCounts = () => {
  const counts: Record<string, number> = {};
  for (const call of h.upstreamCalls()) counts[call.operationId] = (counts[call.operationId] ?? 0) + 1;
  return counts;
};

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
    const { boardMembers, signingRights } = res.data!.company;
    expect(boardMembers).toHaveLength(boardSize);
    expect(signingRights.signatories).toHaveLength(boardSize);
    expect(callCounts()).toEqual({ kybBoardMembersGet: 1, kybAuthorizedSignatoriesGet: 1, kycMilitaryInquiryGet: boardSize });
    const asked = h.upstreamCalls('kycMilitaryInquiryGet').map((call) => call.query['nationalCode']);
    expect(new Set(asked)).toEqual(new Set(companyOf(nationalId).board.map((seat) => seat.nationalId)));
    for (const { person } of [...boardMembers, ...signingRights.signatories]) {
      expect(person!.militaryService).toEqual({ allowed: militaryStatusOf(person!.nationalId).isAllowed });
    }
  });
});

describe('_entities for Company', () => {
  it('resolves companies by legal id in order, null for an invalid one, and then their fields', async () => {
    const { active, dissolved } = COMPANY_SAMPLES;
    const res = await h.gql<{ _entities: Array<{ __typename: string; nationalId: string; name: string; status: string } | null> }>(
      `query($representations: [_Any!]!) { _entities(representations: $representations) { __typename ... on Company { nationalId name status } } }`,
      {
        representations: [
          { __typename: 'Company', nationalId: dissolved.nationalId },
          { __typename: 'Company', nationalId: INVALID_LEGAL_ID },
          { __typename: 'Company', nationalId: active.nationalId },
        ],
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!._entities).toEqual([
      { __typename: 'Company', nationalId: dissolved.nationalId, name: dissolved.title, status: 'DISSOLVED' },
      null,
      { __typename: 'Company', nationalId: active.nationalId, name: active.title, status: 'ACTIVE' },
    ]);
    expect(callCounts()).toEqual({ kybCompanyInfoGet: 2 });
  });
});
