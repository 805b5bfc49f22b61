/** Records of the kyb group, read leniently from the upstream. Jalali dates are normalised to `YYYY/MM/DD`. */
import type { CoordinatesRecord } from './postal.js';

export type CompanyStatusCode = 'ACTIVE' | 'DISSOLVED' | 'IN_LIQUIDATION' | 'OTHER';
export type LegalForm = 'PRIVATE_JOINT_STOCK' | 'PUBLIC_JOINT_STOCK' | 'LIMITED_LIABILITY' | 'COOPERATIVE' | 'OTHER';
export type BoardRole = 'CHAIRMAN' | 'VICE_CHAIRMAN' | 'CEO' | 'MEMBER' | 'OTHER';
export type SignatureKind = 'OBLIGATORY' | 'NORMAL' | 'OBLIGATORY_AND_NORMAL';
export type TradeLicenceStatus = 'VALID' | 'EXPIRED' | 'REVOKED' | 'OTHER';
export type CreditRiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

export interface KnowledgeBasedRecord {
  readonly state: string | null;
  readonly category: string | null;
  /** Jalali `YYYY/MM/DD`. */
  readonly confirmedOn: string | null;
}

/** companyInfo. */
export interface CompanyInfoRecord {
  readonly name: string | null;
  readonly legalForm: LegalForm | null;
  readonly registrationNumber: string | null;
  /** Jalali `YYYY/MM/DD`. */
  readonly registeredOn: string | null;
  /** Rials. */
  readonly capital: string | null;
  readonly address: string | null;
  readonly postalCode: string | null;
  readonly location: CoordinatesRecord | null;
  readonly taxNumber: string | null;
  readonly phone: string | null;
  readonly fax: string | null;
  readonly email: string | null;
  readonly website: string | null;
  readonly status: CompanyStatusCode | null;
  readonly statusText: string | null;
  readonly registryOffice: string | null;
  readonly registryUnit: string | null;
  /** ISO-8601 instant. */
  readonly lastUpdated: string | null;
  readonly registrationType: { readonly id: string | null; readonly title: string | null } | null;
  readonly knowledgeBased: KnowledgeBasedRecord | null;
}

/** One seat of a board (boardMembers, and the board part of authorizedSignatories). */
export interface BoardMemberRecord {
  /** The company asked about (validated), whatever the upstream echoes. */
  readonly companyId: string;
  /** A 10-digit national id, or an 11-digit legal id when a company holds the seat; as the upstream sent it. */
  readonly nationalId: string | null;
  readonly name: string | null;
  /** A valid mobile, canonical `09…`, when the record names one. */
  readonly mobile: string | null;
  readonly title: string | null;
  readonly role: BoardRole;
  readonly termStart: string | null;
  readonly termEnd: string | null;
  readonly termYears: number | null;
  /** The gazette notice that appointed the member. */
  readonly appointmentNoticeId: string | null;
  readonly gender: 'MALE' | 'FEMALE' | null;
  readonly email: string | null;
  readonly pictureUrl: string | null;
  /** The registry's code of the position. */
  readonly positionId: string | null;
  readonly tagline: string | null;
  readonly firstRole: string | null;
  readonly secondRole: string | null;
}

/** How a signatory's signature relates to another holder's (a joint signature, …). */
export interface SignatoryRelationshipRecord {
  readonly nationalId: string | null;
  readonly name: string | null;
  readonly relation: string | null;
}

export interface SignatoryRecord {
  readonly nationalId: string | null;
  readonly name: string | null;
  readonly title: string | null;
  readonly kind: SignatureKind;
  readonly relationships: readonly SignatoryRelationshipRecord[];
  /** The mobile of the board member with the same national id, when there is one. */
  readonly mobile: string | null;
}

/** authorizedSignatories. */
export interface SigningRightsRecord {
  readonly companyId: string;
  readonly noticeId: string | null;
  readonly companyName: string | null;
  readonly fullText: string | null;
  readonly allowedTopics: readonly string[];
  readonly publishedOn: string | null;
  readonly newsletterDate: string | null;
  readonly lastNoticePublishedOn: string | null;
  readonly signatories: readonly SignatoryRecord[];
  readonly boardMembers: readonly BoardMemberRecord[];
}

/** One notice of corporateJournal. */
export interface GazetteNoticeRecord {
  readonly id: string | null;
  /** The company the notice is about, as the journal names it (else the company asked for). */
  readonly companyId: string;
  readonly title: string | null;
  readonly description: string | null;
  /** Rials after a capital change; null for other notices. */
  readonly capitalAfter: string | null;
  readonly publishedOn: string | null;
  readonly newsletterDate: string | null;
  readonly newspaperNumber: string | null;
  readonly newspaperCity: string | null;
  readonly pageNumber: number | null;
  readonly indicatorNumber: string | null;
}

export interface MembershipPositionRecord {
  readonly title: string | null;
  readonly trackingNumber: string | null;
  readonly newspaperDate: string | null;
  readonly newspaperNumber: string | null;
  readonly pageNumber: number | null;
}

/** matchLegalIdWithMembers. */
export interface MembershipRecord {
  readonly nationalId: string;
  readonly matched: boolean | null;
  readonly positions: readonly MembershipPositionRecord[];
}

/** One licence of the designed tradeLicenses. */
export interface TradeLicenceRecord {
  readonly number: string | null;
  readonly kind: string | null;
  readonly activity: string | null;
  readonly issuer: string | null;
  readonly issuedOn: string | null;
  readonly expiresOn: string | null;
  readonly status: TradeLicenceStatus;
  readonly statusText: string | null;
}

/** The designed businessCreditValidation. */
export interface CreditValidationRecord {
  readonly score: number | null;
  readonly grade: string | null;
  readonly riskLevel: CreditRiskLevel | null;
  readonly riskDescription: string | null;
  readonly validatedOn: string | null;
  readonly totalFacilities: string | null;
  readonly overdueFacilities: string | null;
  readonly facilityCount: number | null;
  readonly bouncedChequeCount: number | null;
  readonly bouncedChequeAmount: string | null;
}

/** What a gazette signature verification asks: does `nationalId`'s signature bind the company `companyId`. */
export interface GazetteSignatureQuery {
  /** The 11-digit legal national id (validated). */
  readonly companyId: string;
  /** The 10-digit national id of the signatory (validated). */
  readonly nationalId: string;
}

export type GazetteSignatureVerdict = 'VERIFIED' | 'NOT_VERIFIED';

/** The upstream's verdict of a gazette signature verification. */
export interface GazetteSignatureRecord {
  readonly verdict: GazetteSignatureVerdict;
  /** How the signature binds the company; null when not verified or not said. */
  readonly signatureKind: SignatureKind | null;
  /** The person's position as the gazette writes it; null when they hold none. */
  readonly position: string | null;
  /** The gazette notice that set the signing rights. */
  readonly noticeId: string | null;
  /** Jalali `YYYY/MM/DD`: the day the notice was published. */
  readonly noticePublishedOn: string | null;
  readonly newspaperNumber: string | null;
}
