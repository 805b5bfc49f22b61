import type { GazetteNoticeRecord } from '../../datasources/types/companies.js';
import type { Page } from '../shared/pagination.js';

/** A company as a parent: the validated legal national id. */
export interface CompanyModel {
  readonly nationalId: string;
}

/** One page of a company's gazette notices. */
export type GazetteNoticePage = Page<GazetteNoticeRecord>;
