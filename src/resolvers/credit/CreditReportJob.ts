import type { CreditReportFileResolvers, CreditReportJobResolvers } from '../../__generated__/resolvers-types.js';
import { isoInstant } from '../shared/persianDate.js';

export const CreditReportJob: CreditReportJobResolvers = {
  createdAt: (job) => isoInstant(job.createdAt),
  updatedAt: (job) => isoInstant(job.updatedAt),
  request: (job) => job.input,
  assessmentId: (job) => job.ref || null,
  report: (job) => (job.status === 'SUCCESS' && job.result?.format === 'JSON' ? job.result.report : null),
  file: (job) =>
    job.status === 'SUCCESS' && job.result?.format === 'PDF' ? { ...job.result.document, jobId: job.id } : null,
};

export const CreditReportFile: CreditReportFileResolvers = {
  download: (file, _args, { downloadLinks }) => {
    const link = downloadLinks.linkFor(file.jobId);
    return { url: link.url, expiresAt: isoInstant(link.expiresAt) };
  },
};
