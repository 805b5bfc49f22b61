import { consentRequired } from '../../errors.js';
import type { Context } from '../../context.js';
import { operation } from '../../datasources/upstream/operations.js';

const HOLDER_INQUIRY = operation('creditSmsSayadChequeInquiryGet');

/** The person whose view of a cheque is asked for: the one the caller's consent is for. */
export async function viewerOf(context: Context): Promise<string> {
  if (!context.consent) throw consentRequired(HOLDER_INQUIRY.scope, 'authorization_sms');
  return (await context.consent.describe()).nationalId;
}
