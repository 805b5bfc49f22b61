/**
 * Serves the files behind the short-lived download links (`GET /downloads/<token>`): a credit report's
 * PDF. The link is the credential: signed, naming the job, expiring. A link that names nothing here
 * (made up, tampered with, or its job gone or holding no file) is 404; an expired one is 410.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asUpstreamJob } from './datasources/flows/index.js';
import type { DocumentRecord } from './datasources/types/credit.js';
import type { JobRecord } from './datasources/flows/port.js';
import { DOWNLOAD_PATH, type DownloadLinks } from './lib/downloadLinks.js';

export interface FileDownloadsOptions {
  readonly links: DownloadLinks;
  readonly readJob: (id: string) => Promise<JobRecord | null>;
}

/** Whether a request's path is a download link's. */
export const isDownloadPath = (path: string): boolean => path.startsWith(DOWNLOAD_PATH);

export async function serveDownload(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: FileDownloadsOptions,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return;
  }
  const opened = options.links.open(path.slice(DOWNLOAD_PATH.length));
  if (opened === 'expired') return refuse(res, 410, 'This link has expired; ask for the file again.');
  const file = opened === 'invalid' ? null : fileOf(await options.readJob(opened.jobId));
  if (!file) return refuse(res, 404, 'No file at this link.');
  const bytes = Buffer.from(file.base64, 'base64');
  res.writeHead(200, {
    // Always a PDF (only PDF reports have a link): never a type the upstream named that a browser would run.
    'content-type': 'application/pdf',
    'content-length': bytes.length,
    'content-disposition': disposition(file.fileName),
    // The link is personal and short-lived: no shared cache keeps the file, and no browser guesses its type.
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function fileOf(record: JobRecord | null): DocumentRecord | null {
  const job = record && asUpstreamJob(record);
  if (job?.kind !== 'creditReport' || job.status !== 'SUCCESS' || job.result?.format !== 'PDF') return null;
  return job.result.document;
}

/** Shown inline, under the upstream's file name where it gave one (ASCII fallback, then RFC 5987). */
function disposition(fileName: string | null): string {
  const name = fileName?.trim() || 'credit-report.pdf';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(message);
}
