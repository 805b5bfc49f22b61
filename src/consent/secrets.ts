import { createHash, randomBytes } from 'node:crypto';

/** A consent handle: 32 random bytes, base64url (43 characters). */
export const newHandle = (): string => randomBytes(32).toString('base64url');

/** A consent id or OAuth `state`: 16 random bytes, base64url. */
export const newId = (): string => randomBytes(16).toString('base64url');

/**
 * The store key of a consent id or handle: its SHA-256, so that whoever reads the store (or a dump
 * of it) learns no handle that could be presented.
 */
export const storeKey = (kind: 'pending' | 'active', secret: string): string =>
  `${kind}:${createHash('sha256').update(secret).digest('base64url')}`;

/** `09121234567` → `0912***4567`. */
export const maskMobile = (mobile: string): string => `${mobile.slice(0, 4)}***${mobile.slice(-4)}`;
