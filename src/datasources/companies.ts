import { gregorianWallClockToIso } from '../lib/gregorianWallClock.js';
import {
  boardMember,
  companyStatus,
  jalaliDay,
  legalForm,
  licenceStatus,
  mobileOf,
  registryId,
  topics,
} from './records/companies.js';
import { isNoData } from './shared/shapes.js';
import { RecordReader, type JsonObject } from './shared/read.js';
import { flag } from './shared/readers.js';
import type { UpstreamAccess } from './shared/requestUpstream.js';
import type {
  BoardMemberRecord,
  CompanyInfoRecord,
  CreditRiskLevel,
  CreditValidationRecord,
  GazetteNoticeRecord,
  MembershipRecord,
  SignatoryRecord,
  SignatureKind,
  SigningRightsRecord,
  TradeLicenceRecord,
} from './types/companies.js';

/** The three groups of signing-rights holders, as authorizedSignatories names them. */
const SIGNATURE_GROUPS: readonly (readonly [string, SignatureKind])[] = [
  ['obligatorySignature', 'OBLIGATORY'],
  ['normalSignature', 'NORMAL'],
  ['obligatoryAndNormalSignature', 'OBLIGATORY_AND_NORMAL'],
];

const RISK_LEVELS: Readonly<Record<string, CreditRiskLevel>> = { LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH' };

/** Newest first: by publication day, then by notice id. */
function newestFirst(a: GazetteNoticeRecord, b: GazetteNoticeRecord): number {
  const byDay = (b.publishedOn ?? '').localeCompare(a.publishedOn ?? '');
  return byDay !== 0 ? byDay : Number(b.id ?? 0) - Number(a.id ?? 0);
}

/** Companies: registry records, boards, signing rights, membership, trade licences and gazette notices. */
export class CompaniesAPI {
  constructor(private readonly upstream: UpstreamAccess) {}

  async getCompanyInfo(companyId: string): Promise<CompanyInfoRecord | null> {
    const answer = await this.upstream.read('kybCompanyInfoGet', { query: { companyId } });
    if (isNoData(answer.result)) return null;
    const read = new RecordReader('kybCompanyInfoGet', answer);
    const r = read.object(answer.result);
    const statusText = read.text(r.status);
    const registrationTypeTitle = read.text(r.registrationTypeTitle);
    const registrationTypeId = read.text(r.registrationTypeId);
    const lat = coordinate(r.lat);
    const lng = coordinate(r.lng);
    const knowledgeBased = {
      state: read.text(r.knowledgeBasedState),
      category: read.text(r.knowledgeBasedCategory),
      confirmedOn: jalaliDay(read, r.knowledgeBasedConfirmationDate),
    };
    return {
      name: read.text(r.title),
      legalForm: legalForm(registrationTypeTitle),
      registrationNumber: read.text(r.registrationNo),
      registeredOn: jalaliDay(read, r.persianRegistrationDate) ?? jalaliDay(read, r.registrationDate),
      capital: read.rial(r.capital, 'capital'),
      address: read.text(r.address),
      postalCode: read.text(r.postalCode),
      location: lat !== null && lng !== null && !(lat === 0 && lng === 0) ? { latitude: lat, longitude: lng } : null,
      taxNumber: read.text(r.taxNumber),
      phone: read.text(r.tel),
      fax: read.text(r.fax),
      email: read.text(r.email),
      website: read.text(r.website),
      status: companyStatus(statusText),
      statusText,
      registryOffice: read.text(r.edareKol),
      registryUnit: read.text(r.vahedSabti),
      lastUpdated: gregorianWallClockToIso(read.text(r.lastUpdate)),
      registrationType:
        registrationTypeId || registrationTypeTitle ? { id: registrationTypeId, title: registrationTypeTitle } : null,
      knowledgeBased:
        knowledgeBased.state || knowledgeBased.category || knowledgeBased.confirmedOn ? knowledgeBased : null,
    };
  }

  /** The board (designed answer `{ companyId, boardMembers }`); empty when the registry has none. */
  async listBoardMembers(companyId: string): Promise<BoardMemberRecord[]> {
    const answer = await this.upstream.read('kybBoardMembersGet', { query: { companyId } });
    if (isNoData(answer.result)) return [];
    const read = new RecordReader('kybBoardMembersGet', answer);
    return read
      .list(read.object(answer.result).boardMembers, 'board members')
      .map((item) => boardMember(read, companyId, item));
  }

  async getSigningRights(companyId: string): Promise<SigningRightsRecord | null> {
    const answer = await this.upstream.read('kybAuthorizedSignatoriesGet', { query: { companyId } });
    if (isNoData(answer.result)) return null;
    const read = new RecordReader('kybAuthorizedSignatoriesGet', answer);
    const r = read.object(answer.result);
    const boardMembers = read.list(r.boardMembers, 'board members').map((item) => boardMember(read, companyId, item));
    const mobiles = new Map(
      boardMembers.flatMap((m) => (m.nationalId && m.mobile ? [[m.nationalId, m.mobile] as const] : [])),
    );
    const groups =
      r.signholdersStatus === undefined || r.signholdersStatus === null
        ? {}
        : read.object(r.signholdersStatus, 'signholders');
    const signatories = SIGNATURE_GROUPS.flatMap(([key, kind]) => {
      const group = groups[key];
      if (group === undefined || group === null) return [];
      return read.list(read.object(group, key).holders, key).map((item): SignatoryRecord => {
        const holder = read.object(item, 'signatory');
        const nationalId = registryId(read, holder.nationalId);
        return {
          nationalId,
          name: read.text(holder.name),
          title: read.text(holder.title),
          kind,
          mobile: (nationalId && mobiles.get(nationalId)) ?? mobileOf(read, holder.mobile),
        };
      });
    });
    return {
      companyId,
      noticeId: read.text(r.newsId),
      companyName: read.text(r.companyTitle),
      fullText: read.text(r.signatureItemFullText),
      allowedTopics: topics(read, r.allowedTopics),
      publishedOn: jalaliDay(read, r.newspaperDate),
      newsletterDate: jalaliDay(read, r.newsletterDate),
      lastNoticePublishedOn: jalaliDay(read, r.lastNewspaperDate),
      signatories,
      boardMembers,
    };
  }

  /** Official gazette notices, newest first. */
  async listGazetteNotices(companyId: string): Promise<GazetteNoticeRecord[]> {
    const answer = await this.upstream.read('kybCorporateJournalGet', { query: { companyId } });
    if (isNoData(answer.result)) return [];
    const read = new RecordReader('kybCorporateJournalGet', answer);
    return read
      .list(answer.result, 'gazette notices')
      .map((item) => {
        const r = read.object(item, 'gazette notice');
        return {
          id: read.text(r.newsId),
          title: read.text(r.title),
          description: read.text(r.description),
          capitalAfter: read.rial(r.capitalTo, 'capital after the change'),
          publishedOn: jalaliDay(read, r.newspaperDate),
          newsletterDate: jalaliDay(read, r.newsletterDate ?? r.newsLetterDate),
          newspaperNumber: read.text(r.newspaperNumber),
          newspaperCity: read.text(r.newspaperCity),
          pageNumber: read.count(r.pageNumber, 'page number'),
          indicatorNumber: read.text(r.indicatorNumber),
        };
      })
      .sort(newestFirst);
  }

  async getMembership(companyId: string, nationalId: string): Promise<MembershipRecord> {
    const answer = await this.upstream.read('kybMatchLegalIdWithMembersGet', {
      query: { nationalId, legalId: companyId },
    });
    if (isNoData(answer.result)) return { nationalId, matched: false, positions: [] };
    const read = new RecordReader('kybMatchLegalIdWithMembersGet', answer);
    const r = read.object(answer.result);
    return {
      nationalId,
      matched: flag(read, r.isMatched),
      positions: read.list(r.positions, 'positions').map((item) => {
        const p = read.object(item, 'position');
        return {
          title: read.text(p.positionName),
          trackingNumber: read.text(p.issueTrackingNo),
          newspaperDate: jalaliDay(read, p.rrkNewsPaperDate),
          newspaperNumber: read.text(p.rrkNewsPaperNumber),
          pageNumber: read.count(p.rrkPageNumber, 'page number'),
        };
      }),
    };
  }

  /** Trade licences (designed operation); empty when the company holds none. */
  async listTradeLicences(companyId: string): Promise<TradeLicenceRecord[]> {
    const answer = await this.upstream.read('kybTradeLicensesGet', { query: { companyId } });
    if (isNoData(answer.result)) return [];
    const read = new RecordReader('kybTradeLicensesGet', answer);
    return read.list(read.object(answer.result).licenses, 'licences').map((item) => {
      const r = read.object(item, 'licence');
      const statusText = read.text(r.status);
      return {
        number: read.text(r.licenseNumber),
        kind: read.text(r.licenseType),
        activity: read.text(r.activity),
        issuer: read.text(r.issuer),
        issuedOn: jalaliDay(read, r.issueDate),
        expiresOn: jalaliDay(read, r.expiryDate),
        status: licenceStatus(statusText),
        statusText,
      };
    });
  }

  /** Credit validation (designed operation); null when the upstream has none for the company. */
  async getCreditValidation(companyId: string): Promise<CreditValidationRecord | null> {
    const answer = await this.upstream.read('kybBusinessCreditValidationGet', { query: { companyId } });
    if (isNoData(answer.result)) return null;
    const read = new RecordReader('kybBusinessCreditValidationGet', answer);
    const r = read.object(answer.result);
    return {
      score: read.count(r.score, 'score'),
      grade: read.text(r.grade)?.toUpperCase() ?? null,
      riskLevel: RISK_LEVELS[read.text(r.riskLevel)?.toUpperCase() ?? ''] ?? null,
      riskDescription: read.text(r.riskDescription),
      validatedOn: jalaliDay(read, r.validationDate),
      totalFacilities: read.rial(r.totalFacilityAmount, 'facility total'),
      overdueFacilities: read.rial(r.overdueFacilityAmount, 'overdue facilities'),
      facilityCount: read.count(r.facilityCount, 'facility count'),
      bouncedChequeCount: read.count(r.bouncedChequeCount, 'bounced cheque count'),
      bouncedChequeAmount: read.rial(r.bouncedChequeAmount, 'bounced cheque amount'),
    };
  }
}

/** Coordinates arrive as numbers or numeric strings. */
function coordinate(value: JsonObject[string]): number | null {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(number) ? number : null;
}
