import type { z } from 'zod';
import {
  AuthorizedSignatoriesAnswer,
  BoardMembersAnswer,
  boardRole,
  companyStatus,
  CompanyInfoAnswer,
  CorporateJournalAnswer,
  CreditValidationAnswer,
  legalForm,
  licenceStatus,
  MembershipAnswer,
  TradeLicencesAnswer,
  type BoardMemberEntry,
} from './records/companies.js';
import { nullIfNotFound } from '../errors.js';
import { decode, isNoData } from './shared/shapes.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type {
  BoardMemberRecord,
  GazetteNoticeRecord,
  MembershipRecord,
  SignatoryRecord,
  SignatureKind,
  SigningRightsRecord,
  TradeLicenceRecord,
  CompanyInfoRecord,
  CreditValidationRecord,
} from './types/companies.js';

/** The three groups of signing-rights holders, as authorizedSignatories names them. */
const SIGNATURE_GROUPS = [
  ['obligatorySignature', 'OBLIGATORY'],
  ['normalSignature', 'NORMAL'],
  ['obligatoryAndNormalSignature', 'OBLIGATORY_AND_NORMAL'],
] as const satisfies readonly (readonly [string, SignatureKind])[];

/** Newest first: by publication day, then by notice id. */
function newestFirst(a: GazetteNoticeRecord, b: GazetteNoticeRecord): number {
  const byDay = (b.publishedOn ?? '').localeCompare(a.publishedOn ?? '');
  return byDay !== 0 ? byDay : Number(b.id ?? 0) - Number(a.id ?? 0);
}

/** One board seat of boardMembers or authorizedSignatories. */
function boardMemberOf(companyId: string, m: z.output<typeof BoardMemberEntry>): BoardMemberRecord {
  return {
    companyId,
    nationalId: m.nationalId,
    name: m.name,
    mobile: m.mobile ?? m.privateMobile,
    title: m.title,
    role: boardRole(m.title),
    termStart: m.startDate,
    termEnd: m.endDate,
    termYears: m.duration,
    appointmentNoticeId: m.byNewsId,
    gender: m.gender,
    email: m.email,
    pictureUrl: m.pictureUrl,
    positionId: m.positionId,
    tagline: m.tagline,
    firstRole: m.firstRole,
    secondRole: m.secondRole,
  };
}

/** Companies: registry records, boards, signing rights, membership, trade licences and gazette notices. */
export class CompaniesAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getCompanyInfo(companyId: string): Promise<CompanyInfoRecord | null> {
    const answer = await this.upstream.read('kybCompanyInfoGet', { query: { companyId } });
    if (isNoData(answer.result)) return null;
    const r = decode('kybCompanyInfoGet', answer, CompanyInfoAnswer);
    const { lat, lng } = r;
    const knowledgeBased = {
      state: r.knowledgeBasedState,
      category: r.knowledgeBasedCategory,
      confirmedOn: r.knowledgeBasedConfirmationDate,
    };
    return {
      name: r.title,
      legalForm: legalForm(r.registrationTypeTitle),
      registrationNumber: r.registrationNo,
      registeredOn: r.persianRegistrationDate ?? r.registrationDate,
      capital: r.capital,
      address: r.address,
      postalCode: r.postalCode,
      location: lat !== null && lng !== null && !(lat === 0 && lng === 0) ? { latitude: lat, longitude: lng } : null,
      taxNumber: r.taxNumber,
      phone: r.tel,
      fax: r.fax,
      email: r.email,
      website: r.website,
      status: companyStatus(r.status),
      statusText: r.status,
      registryOffice: r.edareKol,
      registryUnit: r.vahedSabti,
      lastUpdated: r.lastUpdate,
      registrationType:
        r.registrationTypeId || r.registrationTypeTitle
          ? { id: r.registrationTypeId, title: r.registrationTypeTitle }
          : null,
      knowledgeBased:
        knowledgeBased.state || knowledgeBased.category || knowledgeBased.confirmedOn ? knowledgeBased : null,
    };
  }

  /**
   * The board (designed answer `{ companyId, boardMembers }`); empty when the registry has none. Where
   * the dedicated path is unknown (404), as on the documented API, the board comes from the
   * authorized-signatories answer, which carries it.
   */
  async listBoardMembers(companyId: string): Promise<BoardMemberRecord[]> {
    const answer = await nullIfNotFound(this.upstream.read('kybBoardMembersGet', { query: { companyId } }));
    if (answer === null) return [...((await this.getSigningRights(companyId))?.boardMembers ?? [])];
    if (isNoData(answer.result)) return [];
    const r = decode('kybBoardMembersGet', answer, BoardMembersAnswer);
    return r.boardMembers.map((m) => boardMemberOf(companyId, m));
  }

  async getSigningRights(companyId: string): Promise<SigningRightsRecord | null> {
    const answer = await this.upstream.read('kybAuthorizedSignatoriesGet', { query: { companyId } });
    if (isNoData(answer.result)) return null;
    const r = decode('kybAuthorizedSignatoriesGet', answer, AuthorizedSignatoriesAnswer);
    const boardMembers = r.boardMembers.map((m) => boardMemberOf(companyId, m));
    const mobiles = new Map(
      boardMembers.flatMap((m) => (m.nationalId && m.mobile ? [[m.nationalId, m.mobile] as const] : [])),
    );
    const signatories = SIGNATURE_GROUPS.flatMap(([key, kind]) => {
      const group = r.signholdersStatus?.[key];
      return (group?.holders ?? []).map((holder): SignatoryRecord => ({
        nationalId: holder.nationalId,
        name: holder.name,
        title: holder.title,
        kind,
        // A relation of the group belongs to the holder it names; one naming no holder of the group is dropped.
        relationships: (group?.relationships ?? [])
          .filter((relationship) => holder.nationalId !== null && relationship.nationalId === holder.nationalId)
          .map((relationship) => ({
            nationalId: relationship.relatedNationalId,
            name: relationship.relatedName,
            relation: relationship.relationType,
          })),
        mobile: (holder.nationalId && mobiles.get(holder.nationalId)) ?? holder.mobile,
      }));
    });
    return {
      companyId,
      noticeId: r.newsId,
      companyName: r.companyTitle,
      fullText: r.signatureItemFullText,
      allowedTopics: r.allowedTopics,
      publishedOn: r.newspaperDate,
      newsletterDate: r.newsletterDate,
      lastNoticePublishedOn: r.lastNewspaperDate,
      signatories,
      boardMembers,
    };
  }

  /** Official gazette notices, newest first. */
  async listGazetteNotices(companyId: string): Promise<GazetteNoticeRecord[]> {
    const answer = await this.upstream.read('kybCorporateJournalGet', { query: { companyId } });
    if (isNoData(answer.result)) return [];
    return decode('kybCorporateJournalGet', answer, CorporateJournalAnswer)
      .map((r) => ({
        id: r.newsId,
        companyId: r.companyId ?? companyId,
        title: r.title,
        description: r.description,
        capitalAfter: r.capitalTo,
        publishedOn: r.newspaperDate,
        newsletterDate: r.newsletterDate,
        newspaperNumber: r.newspaperNumber,
        newspaperCity: r.newspaperCity,
        pageNumber: r.pageNumber,
        indicatorNumber: r.indicatorNumber,
      }))
      .sort(newestFirst);
  }

  async getMembership(companyId: string, nationalId: string): Promise<MembershipRecord> {
    const answer = await this.upstream.read('kybMatchLegalIdWithMembersGet', {
      query: { nationalId, legalId: companyId },
    });
    if (isNoData(answer.result)) return { nationalId, matched: false, positions: [] };
    const r = decode('kybMatchLegalIdWithMembersGet', answer, MembershipAnswer);
    return {
      nationalId,
      matched: r.isMatched,
      positions: r.positions.map((p) => ({
        title: p.positionName,
        trackingNumber: p.issueTrackingNo,
        newspaperDate: p.rrkNewsPaperDate,
        newspaperNumber: p.rrkNewsPaperNumber,
        pageNumber: p.rrkPageNumber,
      })),
    };
  }

  /** Trade licences (designed operation); empty when the company holds none. */
  async listTradeLicences(companyId: string): Promise<TradeLicenceRecord[]> {
    const answer = await this.upstream.read('kybTradeLicensesGet', { query: { companyId } });
    if (isNoData(answer.result)) return [];
    return decode('kybTradeLicensesGet', answer, TradeLicencesAnswer).licenses.map((r) => ({
      number: r.licenseNumber,
      kind: r.licenseType,
      activity: r.activity,
      issuer: r.issuer,
      issuedOn: r.issueDate,
      expiresOn: r.expiryDate,
      status: licenceStatus(r.status),
      statusText: r.status,
    }));
  }

  /** Credit validation (designed operation); null when the upstream has none for the company. */
  async getCreditValidation(companyId: string): Promise<CreditValidationRecord | null> {
    const answer = await this.upstream.read('kybBusinessCreditValidationGet', { query: { companyId } });
    if (isNoData(answer.result)) return null;
    const r = decode('kybBusinessCreditValidationGet', answer, CreditValidationAnswer);
    return {
      score: r.score,
      grade: r.grade,
      riskLevel: r.riskLevel,
      riskDescription: r.riskDescription,
      validatedOn: r.validationDate,
      totalFacilities: r.totalFacilityAmount,
      overdueFacilities: r.overdueFacilityAmount,
      facilityCount: r.facilityCount,
      bouncedChequeCount: r.bouncedChequeCount,
      bouncedChequeAmount: r.bouncedChequeAmount,
    };
  }
}
