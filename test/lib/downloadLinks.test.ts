import { describe, expect, it } from 'vitest';
import { DownloadLinks } from '../../src/lib/downloadLinks.js';

const SECRET = 'a shared secret of the replicas';

function linksAt(clock: { now: number }, options: { secret?: string; publicUrl?: string | null } = {}) {
  return new DownloadLinks({
    secret: options.secret ?? SECRET,
    ttlMs: 60_000,
    publicUrl: options.publicUrl === undefined ? 'https://files.example.test/' : options.publicUrl,
    clock: { now: () => clock.now },
  });
}

const tokenOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

describe('download links', () => {
  it('name their job under the public address, until they expire', () => {
    const clock = { now: 1_000_000 };
    const links = linksAt(clock);
    const link = links.linkFor('job-1');
    expect(link.expiresAt).toBe(1_060_000);
    expect(link.url.startsWith('https://files.example.test/downloads/')).toBe(true);
    expect(links.open(tokenOf(link.url))).toEqual({ jobId: 'job-1' });
    clock.now = 1_059_999;
    expect(links.open(tokenOf(link.url))).toEqual({ jobId: 'job-1' });
    clock.now = 1_060_000;
    expect(links.open(tokenOf(link.url))).toBe('expired');
  });

  it('open on another replica sharing the secret, and nowhere else', () => {
    const clock = { now: 5 };
    const token = tokenOf(linksAt(clock).linkFor('job-2').url);
    expect(linksAt(clock).open(token)).toEqual({ jobId: 'job-2' });
    expect(linksAt(clock, { secret: 'another secret entirely' }).open(token)).toBe('invalid');
  });

  it('cannot be extended or pointed at another job', () => {
    const clock = { now: 5 };
    const links = linksAt(clock);
    const [, tag] = tokenOf(links.linkFor('job-3').url).split('.');
    for (const payload of ['job-3|999999999999', 'job-4|60005', 'job-3', '|60005']) {
      expect(links.open(`${Buffer.from(payload).toString('base64url')}.${tag ?? ''}`), payload).toBe('invalid');
    }
    expect(links.open('')).toBe('invalid');
  });

  it('use the server’s own address when none is configured, and the configured one otherwise', () => {
    const clock = { now: 5 };
    const own = linksAt(clock, { publicUrl: null });
    own.useOwnAddress('http://127.0.0.1:4001/');
    expect(own.linkFor('j').url.startsWith('http://127.0.0.1:4001/downloads/')).toBe(true);
    const configured = linksAt(clock);
    configured.useOwnAddress('http://127.0.0.1:4001');
    expect(configured.linkFor('j').url.startsWith('https://files.example.test/downloads/')).toBe(true);
  });
});
