import type { Context } from '../../context.js';
import type { GazetteNoticeRecord } from '../../datasources/types/companies.js';

/** A notice of the company's gazette notices by id (one corporateJournal call per company, shared). */
export async function noticeById(
  companyId: string,
  noticeId: string | null,
  { dataSources }: Context,
): Promise<GazetteNoticeRecord | null> {
  if (noticeId === null) return null;
  return (await dataSources.companies.listGazetteNotices(companyId)).find((notice) => notice.id === noticeId) ?? null;
}
