import { describe, expect, it } from 'vitest';
import { addressOf, COMPANY_SAMPLES, companyOf, personOf } from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

const { active, largeBoard } = COMPANY_SAMPLES;

const BOARD = `query($id: String!) { company(nationalId: $id) { boardMembers { nationalId name title role termYears } } }`;

describe('the board where the dedicated board path is unknown', () => {
  it('reads the board from the authorized-signatories answer, the same members as the board path gives', async () => {
    const direct = await h.gql<{ company: { boardMembers: unknown[] } }>(BOARD, { id: largeBoard.nationalId });
    expect(direct.errors).toBeUndefined();
    h.sandbox.clearCalls();
    h.sandbox.injectFault({ operationId: 'kybBoardMembersGet', status: 404 });
    const fallback = await h.gql<{ company: { boardMembers: unknown[] } }>(BOARD, { id: largeBoard.nationalId });
    expect(fallback.errors).toBeUndefined();
    expect(dataOf(fallback).company.boardMembers).toHaveLength(largeBoard.boardSize);
    expect(dataOf(fallback).company.boardMembers).toEqual(dataOf(direct).company.boardMembers);
    expect(callCounts(h)).toEqual({ kybBoardMembersGet: 1, kybAuthorizedSignatoriesGet: 1 });
  });

  it('shares the one signatories call with signingRights in the same query', async () => {
    h.sandbox.injectFault({ operationId: 'kybBoardMembersGet', status: 404 });
    const res = await h.gql(
      `{ company(nationalId: "${active.nationalId}") { boardMembers { name } signingRights { noticeId } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(callCounts(h)).toEqual({ kybBoardMembersGet: 1, kybAuthorizedSignatoriesGet: 1 });
  });

  it('keeps any other failure of the board path a failure', async () => {
    h.sandbox.injectFault({ operationId: 'kybBoardMembersGet', status: 503, times: 5 });
    const res = await h.gql(BOARD, { id: active.nationalId });
    expect(firstError(res).extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(callCounts(h)['kybAuthorizedSignatoriesGet']).toBeUndefined();
  });
});

describe("a company's postal address", () => {
  it("is the post's address for the registered postal code, one inquiry for all its fields", async () => {
    const { postalCode } = companyOf(active.nationalId);
    const expected = present(addressOf(postalCode), 'address');
    const res = await h.gql<{
      company: { postalCode: string; postalAddress: { postalCode: string; province: string; street: string } };
    }>(`{ company(nationalId: "${active.nationalId}") { postalCode postalAddress { postalCode province street } } }`);
    expect(res.errors).toBeUndefined();
    const { company } = dataOf(res);
    expect(company.postalAddress).toEqual({
      postalCode,
      province: expected.Province,
      street: expected.street,
    });
    expect(callCounts(h)).toEqual({ kybCompanyInfoGet: 1, ecityPostalCodeGet: 1 });
  });

  it('is null, with its error, when the post fails, and the rest of the company stays', async () => {
    h.sandbox.injectFault({ operationId: 'ecityPostalCodeGet', status: 503, times: 5 });
    const res = await h.gql<{ company: { name: string; postalAddress: null } }>(
      `{ company(nationalId: "${active.nationalId}") { name postalAddress { province street } } }`,
    );
    expect(firstError(res).path).toEqual(['company', 'postalAddress']);
    expect(partialDataOf(res).company).toEqual({ name: active.title, postalAddress: null });
  });
});

describe("a gazette notice's company", () => {
  it('is the company the journal names, its fields one company-information call for every notice', async () => {
    const res = await h.gql<{
      company: { gazetteNotices: { nodes: Array<{ id: string; company: { nationalId: string; name: string } }> } };
    }>(
      `{ company(nationalId: "${active.nationalId}") { gazetteNotices { nodes { id company { nationalId name } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const { nodes } = dataOf(res).company.gazetteNotices;
    expect(nodes.length).toBeGreaterThan(1);
    for (const node of nodes) expect(node.company).toEqual({ nationalId: active.nationalId, name: active.title });
    expect(callCounts(h)).toEqual({ kybCorporateJournalGet: 1, kybCompanyInfoGet: 1 });
  });

  it("is the board member's appointing notice's company too", async () => {
    const res = await h.gql<{
      company: { boardMembers: Array<{ appointmentNotice: { company: { nationalId: string } } | null }> };
    }>(
      `{ company(nationalId: "${active.nationalId}") { boardMembers { appointmentNotice { company { nationalId } } } } }`,
    );
    expect(res.errors).toBeUndefined();
    for (const member of dataOf(res).company.boardMembers) {
      expect(member.appointmentNotice?.company).toEqual({ nationalId: active.nationalId });
    }
  });
});

describe("a board member's registry details", () => {
  it('gives sex, e-mail, picture, position code, tag line and roles as the registry sends them', async () => {
    const company = companyOf(active.nationalId);
    const res = await h.gql<{ company: { boardMembers: Array<Record<string, unknown>> } }>(`{
      company(nationalId: "${active.nationalId}") {
        boardMembers { nationalId role gender email pictureUrl positionId tagline firstRole secondRole }
      }
    }`);
    expect(res.errors).toBeUndefined();
    const members = dataOf(res).company.boardMembers;
    members.forEach((member, index) => {
      const seat = at(company.board, index);
      const ceo = seat.role === 'CEO';
      expect(member).toEqual({
        nationalId: seat.nationalId,
        role: seat.role,
        gender: personOf(seat.nationalId).gender === 'مرد' ? 'MALE' : 'FEMALE',
        email: ceo ? company.email : null,
        pictureUrl: ceo ? `https://registry.example/pictures/${seat.nationalId}.jpg` : null,
        positionId: expect.stringMatching(/^\d+$/),
        tagline: ceo ? `مدیرعامل ${company.title}` : null,
        firstRole: ceo ? 'مدیرعامل' : 'عضو هیئت مدیره',
        secondRole: ceo ? 'عضو هیئت مدیره' : seat.role === 'MEMBER' ? null : seat.title,
      });
    });
    expect(members.some((member) => member.role === 'CEO')).toBe(true);
    expect(callCounts(h)).toEqual({ kybBoardMembersGet: 1 });
  });
});
