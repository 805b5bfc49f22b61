import { BadUserInputError, consentRequired } from '../../errors.js';
import type { Context } from '../../context.js';
import type { ChequeViewer } from '../../datasources/types/cheques.js';
import { operation } from '../../datasources/upstream/operations.js';
import { parseShahabCode } from '../../validation/cheques.js';
import { parseLegalId } from '../../validation/identifiers.js';

const HOLDER_INQUIRY = operation('creditSmsSayadChequeInquiryGet');

/**
 * Whose view of a cheque is asked for: the person the caller's consent is for, or the company whose
 * legal id is given, for which that person acts. The legal id is checked before the consent.
 */
export async function viewerOf(
  context: Context,
  legalId?: string | null,
  shahabCode?: string | null,
): Promise<ChequeViewer> {
  const company = legalId === undefined || legalId === null ? undefined : parseLegalId(legalId, 'legalId');
  let shahabId: string | undefined;
  if (shahabCode !== undefined && shahabCode !== null) {
    if (company) throw new BadUserInputError('shahabCode', 'a company is asked by its legal id alone');
    shahabId = parseShahabCode(shahabCode, 'shahabCode');
  }
  if (!context.consent) throw consentRequired(HOLDER_INQUIRY.scope, 'authorization_sms');
  const { nationalId } = await context.consent.describe();
  if (company) return { nationalId, legalId: company };
  return shahabId ? { nationalId, shahabId } : { nationalId };
}
