/** trackId rules (wire facts §3.5): at most 40 letters, digits or hyphens, and never reused. */
const TRACK_ID = /^[A-Za-z0-9-]{1,40}$/;

export type TrackIdVerdict = 'absent' | 'valid' | 'invalid' | 'duplicate';

export const isWellFormedTrackId = (trackId: string): boolean => TRACK_ID.test(trackId);

export class TrackIdRegistry {
  private readonly seen = new Set<string>();

  /** Judges a trackId and remembers it, so that any later call with the same one is a duplicate. */
  admit(trackId: string | undefined): TrackIdVerdict {
    if (trackId === undefined || trackId === '') return 'absent';
    if (!isWellFormedTrackId(trackId)) return 'invalid';
    if (this.seen.has(trackId)) return 'duplicate';
    this.seen.add(trackId);
    return 'valid';
  }
}
