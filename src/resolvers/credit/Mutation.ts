import type { CreditReportInput, MutationResolvers } from '../../__generated__/resolvers-types.js';
import { creditReportJob } from '../../datasources/flows/creditReport.js';
import type { CreditReportOrder } from '../../datasources/types/credit.js';
import { BadUserInputError } from '../../errors.js';
import { parseMobile, parseNationalId } from '../../validation/identifiers.js';

/** A credit report's input, checked; `BAD_USER_INPUT` naming the argument otherwise. */
function parseOrder(input: CreditReportInput): CreditReportOrder {
  const format = input.format ?? 'JSON';
  const authorizedBy = input.authorizedBy ?? 'PERSON';
  const nationalId = parseNationalId(input.nationalId, 'input.nationalId');
  const mobile = parseMobile(input.mobile, 'input.mobile');
  if (format === 'PDF' && authorizedBy === 'CLIENT') {
    throw new BadUserInputError(
      'input.authorizedBy',
      "the PDF report is made only under the person's consent (PERSON); under the client's credential ask for JSON",
    );
  }
  return { nationalId, mobile, format, authorizedBy };
}

export const Mutation: MutationResolvers = {
  startCreditReport: async (_parent, { input }, { dataSources, jobs, consent }) => {
    const order = parseOrder(input);
    if (order.authorizedBy === 'CLIENT') return jobs.start(creditReportJob, { ...order, consentKey: null });
    // Throws CONSENT_REQUIRED, FORBIDDEN or UNAUTHENTICATED, before anything is sent.
    await dataSources.credit.authorizeCreditReport(order);
    if (!consent) throw new Error('a consent was authorized without one being presented');
    // The job keeps the consent's key, never its handle: the poll looks the consent up by it.
    return jobs.start(creditReportJob, { ...order, consentKey: consent.key });
  },
};
