/**
 * Short-lived links to files the subgraph serves (a credit report's PDF), for a browser to open or
 * show without any other credential: the link names the job and when it expires, signed with a key
 * every replica shares, so it works on any replica and cannot be made up or extended.
 */
import { SealedIds } from './sealedIds.js';
import { systemClock, type Clock } from './clock.js';

/** Where the links are served, under the subgraph's public address. */
export const DOWNLOAD_PATH = '/downloads/';

export interface DownloadLink {
  readonly url: string;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
}

/** What a link names: the job whose file it is; or why it names nothing. */
export type OpenedLink = { readonly jobId: string } | 'expired' | 'invalid';

export interface DownloadLinksOptions {
  readonly secret: string;
  readonly ttlMs: number;
  /** The subgraph's address as clients reach it (no trailing slash); null until the server knows its own. */
  readonly publicUrl: string | null;
  readonly clock?: Clock;
}

export class DownloadLinks {
  private readonly sealed: SealedIds;
  private readonly clock: Clock;
  private origin: string | null;

  constructor(private readonly options: DownloadLinksOptions) {
    this.sealed = new SealedIds(options.secret, 'file-download');
    this.clock = options.clock ?? systemClock;
    this.origin = options.publicUrl?.replace(/\/+$/, '') ?? null;
  }

  /** The server's own address, used when no public address is configured. */
  useOwnAddress(origin: string): void {
    this.origin ??= origin.replace(/\/+$/, '');
  }

  linkFor(jobId: string): DownloadLink {
    const expiresAt = this.clock.now() + this.options.ttlMs;
    const token = this.sealed.seal(`${jobId}|${expiresAt}`);
    return { url: `${this.origin ?? ''}${DOWNLOAD_PATH}${token}`, expiresAt };
  }

  /** What the last segment of a download path names. */
  open(token: string): OpenedLink {
    const match = /^([^|]{1,100})\|(\d{1,16})$/.exec(this.sealed.open(token) ?? '');
    if (!match?.[1] || !match[2]) return 'invalid';
    return Number(match[2]) <= this.clock.now() ? 'expired' : { jobId: match[1] };
  }
}
