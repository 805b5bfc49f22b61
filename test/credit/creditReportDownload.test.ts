/** A credit report's PDF through its short-lived download link, end to end: asked for, then fetched. */
import { describe, expect, it } from 'vitest';
import { CREDIT_SAMPLES, personOf } from '../fixtures/sandbox.js';
import { smsConsent, withHandle } from '../consent/support.js';
import { eventually } from '../helpers/eventually.js';
import { useHarness } from '../helpers/harness.js';
import { dataOf, present } from '../helpers/responses.js';

const REPORT_SCOPES = [
  'credit:assessment-submit-json:post',
  'credit:assessment-submit-pdf:post',
  'credit:assessment-inquiry:get',
];

const h = useHarness({ sandbox: { asyncDelayMs: 50 }, env: { PUBLIC_URL: 'https://credit.example.test/' } });
const person = personOf(CREDIT_SAMPLES.cleanGuarantor.nationalId);

interface FileJob {
  status: string;
  file: { base64: string; fileName: string | null; download: { url: string; expiresAt: string } } | null;
}

async function finishedReport(format: 'PDF' | 'JSON'): Promise<FileJob> {
  const handle = await smsConsent(h.gql, person.nationalId, REPORT_SCOPES);
  const started = await h.gql<{ startCreditReport: { id: string } }>(
    `mutation($input: CreditReportInput!) { startCreditReport(input: $input) { id } }`,
    { input: { nationalId: person.nationalId, mobile: person.mobile, format } },
    withHandle(handle),
  );
  const id = dataOf(started).startCreditReport.id;
  return eventually(async () => {
    const res = await h.gql<{ job: FileJob | null }>(
      `query($id: ID!) { job(id: $id) { status ... on CreditReportJob { file { base64 fileName download { url expiresAt } } } } }`,
      { id },
      withHandle(handle),
    );
    const job = present(dataOf(res).job, 'job');
    expect(job.status).toBe('SUCCESS');
    return job;
  });
}

/** The link as served by the harness's own listener (the public address names where browsers reach it). */
const local = (url: string): string =>
  url.replace('https://credit.example.test', h.server.url.replace(/\/graphql$/, ''));

describe('a credit report PDF by its download link', () => {
  it('is served whole, inline, under its file name, never cached, for a few minutes', async () => {
    const before = Date.now();
    const job = await finishedReport('PDF');
    const file = present(job.file, 'file');
    expect(file.download.url).toMatch(/^https:\/\/credit\.example\.test\/downloads\/[\w-]+\.[\w-]+$/);
    const expiresAt = Date.parse(file.download.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 300_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 300_000);

    const res = await fetch(local(file.download.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toContain(`filename="${file.fileName ?? ''}"`);
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.toString('base64')).toBe(file.base64);
    expect(bytes.toString('latin1').startsWith('%PDF-1.')).toBe(true);
  });

  it('answers HEAD without the bytes, and refuses other methods', async () => {
    const file = present((await finishedReport('PDF')).file, 'file');
    const head = await fetch(local(file.download.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.from(file.base64, 'base64').length);
    expect(await head.text()).toBe('');
    const post = await fetch(local(file.download.url), { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('is 404 once tampered with, and for a made-up link', async () => {
    const file = present((await finishedReport('PDF')).file, 'file');
    const url = local(file.download.url);
    const [body = '', tag = ''] = url.slice(url.lastIndexOf('/') + 1).split('.');
    const otherJob = Buffer.from(
      Buffer.from(body, 'base64url')
        .toString()
        .replace(/^./, (first) => (first === 'a' ? 'b' : 'a')),
    ).toString('base64url');
    for (const bad of [`${otherJob}.${tag}`, `${body}.${tag.slice(0, -2)}AA`, 'nothing', '']) {
      const res = await fetch(`${url.slice(0, url.lastIndexOf('/') + 1)}${bad}`);
      expect(res.status, bad).toBe(404);
      expect(await res.text()).not.toContain('%PDF');
    }
  });

  it('has no file, so no link, when the report was asked for as JSON', async () => {
    expect((await finishedReport('JSON')).file).toBeNull();
  });
});
