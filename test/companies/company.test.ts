import { describe, expect, it } from 'vitest';
import {
  COMPANY_SAMPLES,
  INVALID_LEGAL_ID,
  companyOf,
  creditValidationOf,
  fullNameOf,
  gazetteOf,
  personOf,
  registryOf,
  tradeLicencesOf,
  topicsAsText,
} from '../fixtures/sandbox.js';
import { callCounts } from '../helpers/calls.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, errorsOf, extensionsOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

const { active, largeBoard, dissolved } = COMPANY_SAMPLES;

const REGISTRY = `query($id: String!) {
  company(nationalId: $id) {
    nationalId name legalForm registrationType { id title } registrationNumber registeredOn { jalali iso } capital
    address postalCode location { latitude longitude } taxNumber phone fax email website status statusText
    registryOffice registryUnit lastUpdated knowledgeBased { state category confirmedOn { jalali } }
  }
}`;

describe('the company registry record', () => {
  it('reads every field from one company-information call', async () => {
    const company = companyOf(active.nationalId);
    const registry = registryOf(active.nationalId);
    const res = await h.gql(REGISTRY, { id: active.nationalId });
    expect(res.errors).toBeUndefined();
    expect(dataOf(res)['company']).toEqual({
      nationalId: active.nationalId,
      name: active.title,
      legalForm: 'PRIVATE_JOINT_STOCK',
      registrationType: { id: String(registry.registrationTypeId), title: 'سهامی خاص' },
      registrationNumber: company.registrationNo,
      registeredOn: { jalali: company.registrationDate, iso: '1990-05-17' },
      capital: company.capital,
      address: company.address,
      postalCode: company.postalCode,
      location: { latitude: company.coordinates.lat, longitude: company.coordinates.lng },
      taxNumber: company.taxNumber,
      phone: company.tel,
      fax: registry.fax,
      email: company.email,
      website: company.website,
      status: 'ACTIVE',
      statusText: 'فعال',
      registryOffice: registry.registryOffice,
      registryUnit: registry.registryUnit,
      // The registry writes Tehran wall-clock time; +03:30 since Iran dropped daylight saving.
      lastUpdated: new Date(`${registry.lastUpdate}+03:30`).toISOString(),
      knowledgeBased: null,
    });
    expect(callCounts(h)).toEqual({ kybCompanyInfoGet: 1 });
    expect(at(h.upstreamCalls(), 0).query).toMatchObject({ companyId: active.nationalId });
  });

  it('gives a knowledge-based company its certification, and a public company its legal form', async () => {
    const registry = registryOf(largeBoard.nationalId);
    const res = await h.gql<{ company: { legalForm: string; knowledgeBased: unknown } }>(
      `{ company(nationalId: "${largeBoard.nationalId}") { legalForm knowledgeBased { state category confirmedOn { jalali } } } }`,
    );
    expect(dataOf(res).company).toEqual({
      legalForm: 'PUBLIC_JOINT_STOCK',
      knowledgeBased: {
        state: present(registry.knowledgeBased, 'registry.knowledgeBased').state,
        category: present(registry.knowledgeBased, 'registry.knowledgeBased').category,
        confirmedOn: { jalali: present(registry.knowledgeBased, 'registry.knowledgeBased').confirmationDate },
      },
    });
  });

  it('still answers the registry data of a dissolved company, with its status', async () => {
    const res = await h.gql<{ company: { name: string; status: string; statusText: string } }>(
      `{ company(nationalId: "${dissolved.nationalId}") { name status statusText } }`,
    );
    expect(dataOf(res).company).toEqual({ name: dissolved.title, status: 'DISSOLVED', statusText: 'منحل شده' });
  });

  it('keeps the company and its other fields when the company-information call fails', async () => {
    h.sandbox.injectFault({ operationId: 'kybCompanyInfoGet', status: 500, times: Infinity });
    const res = await h.gql<{ company: { nationalId: string; name: null; boardMembers: unknown[] } }>(
      `{ company(nationalId: "${active.nationalId}") { nationalId name boardMembers { name } } }`,
    );
    expect(partialDataOf(res).company.nationalId).toBe(active.nationalId);
    expect(partialDataOf(res).company.name).toBeNull();
    expect(partialDataOf(res).company.boardMembers).toHaveLength(active.boardSize);
    expect(errorsOf(res).map((e) => [e.path, extensionsOf(e)['code']])).toEqual([
      [['company', 'name'], 'UPSTREAM_UNAVAILABLE'],
    ]);
  });
});

describe('validation before any upstream call', () => {
  it.each([
    ['a legal id whose check digit does not match', INVALID_LEGAL_ID],
    ['ten digits', active.nationalId.slice(1)],
  ])('refuses %s', async (_, id) => {
    const res = await h.gql(`query($id: String!) { company(nationalId: $id) { name boardMembers { name } } }`, { id });
    expect(res.data).toEqual({ company: null });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'nationalId' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('refuses a membership national id failing its check digit', async () => {
    const res = await h.gql<{ company: { membership: null } }>(
      `{ company(nationalId: "${active.nationalId}") { membership(nationalId: "1234567890") { matched } } }`,
    );
    expect(partialDataOf(res).company.membership).toBeNull();
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'nationalId' });
    expect(firstError(res).path).toEqual(['company', 'membership']);
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it.each([
    ['a page size over 100', 'first: 101', 'first'],
    ['a negative page size', 'first: -1', 'first'],
    ['a cursor of another kind', 'after: "bm90LWEtY3Vyc29y"', 'after'],
  ])('refuses %s for gazette notices', async (_, args, path) => {
    const res = await h.gql(
      `{ company(nationalId: "${active.nationalId}") { gazetteNotices(${args}) { totalCount } } }`,
    );
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: path });
    expect(h.upstreamCalls()).toHaveLength(0);
  });
});

interface Member {
  person: { nationalId: string } | null;
  company: unknown;
  nationalId: string;
  name: string;
  title: string;
  role: string;
  termStart: { jalali: string };
  termEnd: { jalali: string };
  termYears: number;
  appointmentNoticeId: string;
  appointmentNotice: { id: string; publishedOn: { jalali: string } };
}

describe('board members', () => {
  it('lists the board as people of the world, each appointed by the latest board notice', async () => {
    const company = companyOf(active.nationalId);
    const { appointment } = gazetteOf(active.nationalId);
    const res = await h.gql<{ company: { boardMembers: Member[] } }>(`{
      company(nationalId: "${active.nationalId}") {
        boardMembers {
          person { nationalId } company { nationalId } nationalId name title role termStart { jalali } termEnd { jalali } termYears
          appointmentNoticeId appointmentNotice { id publishedOn { jalali } }
        }
      }
    }`);
    expect(res.errors).toBeUndefined();
    const members = dataOf(res).company.boardMembers;
    expect(members.map((m) => m.role)).toEqual(['CHAIRMAN', 'VICE_CHAIRMAN', 'CEO', 'MEMBER', 'MEMBER']);
    members.forEach((member, index) => {
      const seat = at(company.board, index);
      expect(member).toEqual({
        person: { nationalId: seat.nationalId },
        company: null,
        nationalId: seat.nationalId,
        name: fullNameOf(personOf(seat.nationalId)),
        title: seat.title,
        role: seat.role,
        termStart: { jalali: seat.startDate },
        termEnd: { jalali: seat.endDate },
        termYears: 2,
        appointmentNoticeId: String(appointment.newsId),
        appointmentNotice: { id: String(appointment.newsId), publishedOn: { jalali: appointment.newspaperDate } },
      });
    });
    expect(callCounts(h)).toEqual({ kybBoardMembersGet: 1, kybCorporateJournalGet: 1 });
  });

  it("gives a board member's person the identity the civil registry has for them", async () => {
    const seat = at(companyOf(active.nationalId).board, 2);
    const citizen = personOf(seat.nationalId);
    const res = await h.gql<{
      company: { boardMembers: Array<{ name: string; person: { nationalId: string } }> };
      person: { identity: { firstName: string; lastName: string } };
    }>(
      `{
        company(nationalId: "${active.nationalId}") { boardMembers { name person { nationalId } } }
        person(nationalId: "${seat.nationalId}") { identity(birthDate: "${citizen.birthDate}") { firstName lastName } }
      }`,
    );
    expect(res.errors).toBeUndefined();
    const member = present(
      dataOf(res).company.boardMembers.find((m) => m.person.nationalId === seat.nationalId),
      'member',
    );
    const { firstName, lastName } = dataOf(res).person.identity;
    expect(member.name).toBe(`${firstName} ${lastName}`);
  });
});

interface Rights {
  noticeId: string;
  notice: { id: string; title: string };
  companyName: string;
  fullText: string;
  allowedTopics: string[];
  publishedOn: { jalali: string };
  newsletterDate: { jalali: string };
  lastNoticePublishedOn: { jalali: string };
  signatories: Array<{
    person: { nationalId: string } | null;
    nationalId: string;
    name: string;
    title: string;
    kind: string;
  }>;
}

const RIGHTS = `query($id: String!) {
  company(nationalId: $id) {
    signingRights {
      noticeId notice { id title } companyName fullText allowedTopics publishedOn { jalali } newsletterDate { jalali }
      lastNoticePublishedOn { jalali } signatories { person { nationalId } nationalId name title kind }
    }
  }
}`;

describe('signing rights', () => {
  it('names the signatories of the latest board notice, with their kind of signature', async () => {
    const company = companyOf(active.nationalId);
    const { appointment, notices } = gazetteOf(active.nationalId);
    const res = await h.gql<{ company: { signingRights: Rights } }>(RIGHTS, { id: active.nationalId });
    expect(res.errors).toBeUndefined();
    const rights = dataOf(res).company.signingRights;
    const [chair, vice, ceo] = [at(company.board, 0), at(company.board, 1), at(company.board, 2)];
    const signatory = (seat: typeof chair, kind: string) => ({
      person: { nationalId: seat.nationalId },
      nationalId: seat.nationalId,
      name: fullNameOf(personOf(seat.nationalId)),
      title: seat.title,
      kind,
    });
    expect(rights).toMatchObject({
      noticeId: String(appointment.newsId),
      notice: { id: String(appointment.newsId), title: appointment.title },
      companyName: active.title,
      publishedOn: { jalali: appointment.newspaperDate },
      newsletterDate: { jalali: appointment.newsletterDate },
      lastNoticePublishedOn: { jalali: at(notices, -1).newspaperDate },
      signatories: [signatory(chair, 'OBLIGATORY'), signatory(vice, 'NORMAL'), signatory(ceo, 'OBLIGATORY_AND_NORMAL')],
    });
    expect(rights.fullText).toContain(chair.title);
    expect(callCounts(h)).toEqual({ kybAuthorizedSignatoriesGet: 1, kybCorporateJournalGet: 1 });
  });

  it('lists with each signatory how their signature goes with other holders’, their kind kept', async () => {
    const company = companyOf(active.nationalId);
    const [chair, vice, ceo] = [at(company.board, 0), at(company.board, 1), at(company.board, 2)];
    const res = await h.gql<{
      company: {
        signingRights: { signatories: Array<{ nationalId: string; kind: string; relationships: unknown[] }> };
      };
    }>(
      `query($id: String!) { company(nationalId: $id) { signingRights { signatories {
        nationalId kind relationships { nationalId name relation person { nationalId } } } } } }`,
      { id: active.nationalId },
    );
    expect(res.errors).toBeUndefined();
    const related = (seat: typeof chair, relation: string) => ({
      nationalId: seat.nationalId,
      name: fullNameOf(personOf(seat.nationalId)),
      relation,
      person: { nationalId: seat.nationalId },
    });
    expect(dataOf(res).company.signingRights.signatories).toEqual([
      { nationalId: chair.nationalId, kind: 'OBLIGATORY', relationships: [related(ceo, 'امضای مشترک')] },
      { nationalId: vice.nationalId, kind: 'NORMAL', relationships: [] },
      {
        nationalId: ceo.nationalId,
        kind: 'OBLIGATORY_AND_NORMAL',
        relationships: [related(chair, 'امضای مشترک'), related(vice, 'امضای مشترک در غیاب رئیس هیئت مدیره')],
      },
    ]);
  });

  it('reads the allowed topics the same whether the upstream sends them as one text or as a list', async () => {
    expect([topicsAsText(companyOf(active.nationalId)), topicsAsText(companyOf(dissolved.nationalId))]).toEqual([
      true,
      false,
    ]);
    const asText = await h.gql<{ company: { signingRights: Rights } }>(RIGHTS, { id: active.nationalId });
    const asList = await h.gql<{ company: { signingRights: Rights } }>(RIGHTS, { id: dissolved.nationalId });
    const topics = dataOf(asText).company.signingRights.allowedTopics;
    expect(topics).toHaveLength(4);
    expect(dataOf(asList).company.signingRights.allowedTopics).toEqual(topics);
  });
});

interface Notice {
  id: string;
  title: string;
  capitalAfter: string | null;
  publishedOn: { jalali: string };
  newspaperNumber: string;
  pageNumber: number;
}
interface NoticePage {
  company: {
    gazetteNotices: {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: Notice[];
    };
  };
}

const NOTICES = `query($id: String!, $first: Int, $after: String) {
  company(nationalId: $id) {
    gazetteNotices(first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } nodes { id title capitalAfter publishedOn { jalali } newspaperNumber pageNumber }
    }
  }
}`;

describe('gazette notices', () => {
  it('pages through the notices newest first, with one upstream call per page', async () => {
    const world = [...gazetteOf(largeBoard.nationalId).notices].reverse();
    const seen: Notice[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res: { data?: NoticePage | null } = await h.gql<NoticePage>(NOTICES, {
        id: largeBoard.nationalId,
        first: 3,
        after,
      });
      const page: NoticePage['company']['gazetteNotices'] = dataOf(res).company.gazetteNotices;
      expect(page.totalCount).toBe(world.length);
      seen.push(...page.nodes);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after);
    expect(pages).toBe(Math.ceil(world.length / 3));
    expect(seen.map((n) => n.id)).toEqual(world.map((n) => String(n.newsId)));
    expect(seen[0]).toEqual({
      id: String(at(world, 0).newsId),
      title: at(world, 0).title,
      capitalAfter: null,
      publishedOn: { jalali: at(world, 0).newspaperDate },
      newspaperNumber: at(world, 0).newspaperNumber,
      pageNumber: at(world, 0).pageNumber,
    });
    expect(h.upstreamCalls('kybCorporateJournalGet')).toHaveLength(pages);
  });

  it('shows capital changes ending at the capital the registry records', async () => {
    const res = await h.gql<NoticePage & { company: { capital: string } }>(
      `{ company(nationalId: "${largeBoard.nationalId}") { capital gazetteNotices(first: 100) { nodes { capitalAfter } } } }`,
    );
    const capitals = dataOf(res)
      .company.gazetteNotices.nodes.map((n) => n.capitalAfter)
      .filter((c): c is string => c !== null);
    expect(capitals.length).toBeGreaterThan(1);
    expect(capitals[0]).toBe(dataOf(res).company.capital);
    const ascending = [...capitals].reverse().map(BigInt);
    ascending.slice(1).forEach((capital, index) => expect(capital > at(ascending, index)).toBe(true));
  });

  it('ends a dissolved company’s notices with its dissolution', async () => {
    const res = await h.gql<NoticePage>(NOTICES, { id: dissolved.nationalId, first: 1 });
    expect(at(dataOf(res).company.gazetteNotices.nodes, 0).title).toContain('انحلال');
  });
});

describe('membership', () => {
  it('matches a board member with the notice of their appointment', async () => {
    const seat = at(companyOf(active.nationalId).board, 1);
    const { appointment } = gazetteOf(active.nationalId);
    const res = await h.gql(`{
      company(nationalId: "${active.nationalId}") {
        membership(nationalId: "${seat.nationalId}") {
          person { nationalId } matched positions { title trackingNumber newspaperDate { jalali } newspaperNumber pageNumber }
        }
      }
    }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      company: {
        membership: {
          person: { nationalId: seat.nationalId },
          matched: true,
          positions: [
            {
              title: seat.title,
              trackingNumber: appointment.indicatorNumber,
              newspaperDate: { jalali: appointment.newspaperDate },
              newspaperNumber: appointment.newspaperNumber,
              pageNumber: appointment.pageNumber,
            },
          ],
        },
      },
    });
    expect(at(h.upstreamCalls('kybMatchLegalIdWithMembersGet'), 0).query).toMatchObject({
      nationalId: seat.nationalId,
      legalId: active.nationalId,
    });
  });

  it('does not match someone off the board', async () => {
    const outsider = at(companyOf(largeBoard.nationalId).board, 0).nationalId;
    const res = await h.gql(
      `{ company(nationalId: "${active.nationalId}") { membership(nationalId: "${outsider}") { matched positions { title } } } }`,
    );
    expect(res.data).toEqual({ company: { membership: { matched: false, positions: [] } } });
  });
});

describe('trade licences and credit validation', () => {
  it('lists the trade licences of the company', async () => {
    const world = tradeLicencesOf(active.nationalId);
    expect(world.length).toBeGreaterThan(0);
    const res = await h.gql<{ company: { tradeLicences: unknown[] } }>(
      `{ company(nationalId: "${active.nationalId}") { tradeLicences { number kind activity issuer issuedOn { jalali } expiresOn { jalali } status statusText } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).company.tradeLicences).toEqual(
      world.map((l) => ({
        number: l.licenseNumber,
        kind: l.licenseType,
        activity: l.activity,
        issuer: l.issuer,
        issuedOn: { jalali: l.issueDate },
        expiresOn: { jalali: l.expiryDate },
        status: { معتبر: 'VALID', 'منقضی شده': 'EXPIRED', 'ابطال شده': 'REVOKED' }[l.status],
        statusText: l.status,
      })),
    );
  });

  it('gives an empty list for a company without licences', async () => {
    expect(tradeLicencesOf(dissolved.nationalId)).toEqual([]);
    const res = await h.gql(`{ company(nationalId: "${dissolved.nationalId}") { tradeLicences { number } } }`);
    expect(res.data).toEqual({ company: { tradeLicences: [] } });
  });

  it('validates the credit of an active company from its loans and bounced cheques', async () => {
    const world = present(creditValidationOf(active.nationalId), 'world');
    const res = await h.gql(`{
      company(nationalId: "${active.nationalId}") {
        creditValidation {
          score grade riskLevel riskDescription validatedOn { jalali } facilityCount totalFacilities overdueFacilities
          bouncedChequeCount bouncedChequeAmount
        }
      }
    }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      company: {
        creditValidation: {
          score: world.score,
          grade: world.grade,
          riskLevel: world.riskLevel,
          riskDescription: world.riskDescription,
          validatedOn: { jalali: world.validationDate },
          facilityCount: 5,
          totalFacilities: world.totalFacilityAmount,
          overdueFacilities: world.overdueFacilityAmount,
          bouncedChequeCount: 11,
          bouncedChequeAmount: world.bouncedChequeAmount,
        },
      },
    });
  });

  it('has no credit validation for a dissolved company ("no data" from the upstream), without an error', async () => {
    const res = await h.gql(`{ company(nationalId: "${dissolved.nationalId}") { creditValidation { score } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ company: { creditValidation: null } });
    expect(callCounts(h)).toEqual({ kybBusinessCreditValidationGet: 1 });
  });
});
