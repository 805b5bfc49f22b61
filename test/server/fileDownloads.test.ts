/** The download route on its own: which job records have a file behind a link, and what a link's age does. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../src/datasources/flows/port.js';
import { serveDownload } from '../../src/fileDownloads.js';
import { DownloadLinks } from '../../src/lib/downloadLinks.js';

const PDF = Buffer.from('%PDF-1.4 a report %%EOF', 'latin1');
const clock = { now: 1_000 };
const links = new DownloadLinks({
  secret: 'the secret',
  ttlMs: 10_000,
  publicUrl: null,
  clock: { now: () => clock.now },
});

function creditReport(id: string, overrides: Partial<JobRecord> = {}): JobRecord {
  return {
    id,
    kind: 'creditReport',
    status: 'SUCCESS',
    input: {},
    ref: 'r',
    result: {
      format: 'PDF',
      document: {
        fileName: 'گزارش اعتباری.pdf',
        contentType: 'application/pdf',
        base64: PDF.toString('base64'),
        size: PDF.length,
      },
    },
    failure: null,
    createdAt: 0,
    updatedAt: 0,
    version: 1,
    ...overrides,
  };
}

const JOBS = new Map<string, JobRecord>([
  ['pdf', creditReport('pdf')],
  ['pending', creditReport('pending', { status: 'PENDING', result: null })],
  ['json', creditReport('json', { result: { format: 'JSON', report: {} } })],
  ['transfer', { ...creditReport('transfer'), kind: 'transfer' }],
  [
    'html',
    creditReport('html', {
      result: {
        format: 'PDF',
        document: { fileName: null, contentType: 'text/html', base64: PDF.toString('base64'), size: PDF.length },
      },
    }),
  ],
]);

let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    void serveDownload(req, res, req.url ?? '/', { links, readJob: async (id) => JOBS.get(id) ?? null });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  links.useOwnAddress(origin);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the download route', () => {
  it('serves a finished PDF report, naming a non-ASCII file both ways', async () => {
    const res = await fetch(links.linkFor('pdf').url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="_____ _______.pdf"; filename*=UTF-8''${encodeURIComponent('گزارش اعتباری.pdf')}`,
    );
  });

  it('has nothing behind a link to an unfinished report, a JSON report, another kind or no job', async () => {
    for (const id of ['pending', 'json', 'transfer', 'gone']) {
      const res = await fetch(links.linkFor(id).url);
      expect(res.status, id).toBe(404);
    }
  });

  it('answers 410 Gone once the link has expired, and 200 the moment before', async () => {
    const url = links.linkFor('pdf').url;
    clock.now += 9_999;
    expect((await fetch(url)).status).toBe(200);
    clock.now += 1;
    const res = await fetch(url);
    expect(res.status).toBe(410);
    expect(await res.text()).toMatch(/expired/);
  });

  it('serves every file as a PDF, whatever type the upstream named', async () => {
    const res = await fetch(links.linkFor('html').url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="credit-report\.pdf"/);
  });
});
