/**
 * The official-gazette signature verification of the fictional world: whether a person's signature
 * binds a company, read from the company's latest signing-rights notice (the board appointment). A
 * company that is dissolved or being wound up has no signatories to verify.
 */
import { companyOf, type SignatureKind } from './companies.js';
import { gazetteOf } from './gazette.js';

export type SignatureVerification =
  | {
      readonly status: 'SUCCESS';
      readonly data: {
        readonly companyId: string;
        readonly nationalId: string;
        readonly isVerified: boolean;
        readonly signatureType: SignatureKind | null;
        readonly positionName: string | null;
        readonly newsId: number;
        readonly newspaperDate: string;
        readonly newspaperNumber: string;
      };
    }
  | { readonly status: 'FAILED'; readonly error: { readonly code: string; readonly message: string } };

/** The designed failure for a company that is no longer active. */
export const COMPANY_NOT_ACTIVE = { code: '40422', message: 'company is not active' } as const;

/** The verdict on `nationalId` signing for the company with the valid legal id `companyId`. */
export function signatureVerificationOf(companyId: string, nationalId: string): SignatureVerification {
  const company = companyOf(companyId);
  if (company.status !== 'فعال') return { status: 'FAILED', error: COMPANY_NOT_ACTIVE };
  const { appointment } = gazetteOf(companyId);
  const seat = company.board.find((s) => s.nationalId === nationalId);
  const signature = seat?.signature ?? null;
  return {
    status: 'SUCCESS',
    data: {
      companyId,
      nationalId,
      isVerified: signature !== null,
      signatureType: signature,
      positionName: seat?.title ?? null,
      newsId: appointment.newsId,
      newspaperDate: appointment.newspaperDate,
      newspaperNumber: appointment.newspaperNumber,
    },
  };
}
