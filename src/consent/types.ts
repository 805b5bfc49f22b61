/** The two user grants a consent can hold (the catalog's grant names). */
import type { UserGrant } from '../errors.js';

export type ConsentGrant = UserGrant;

/** Started, waiting for the OTP (SMS) or the authorization code (web). */
export interface PendingConsent {
  readonly status: 'PENDING';
  /** The upstream's trackId of the OTP (SMS grant); null for the code grant. */
  readonly otpTrackId: string | null;
  /** The OAuth `state` sent with the authorization request and expected back with the code. */
  readonly oauthState: string;
  /** Epoch ms after which the OTP or the authorization request is no longer accepted. */
  readonly expiresAt: number;
  /** Wrong OTPs entered so far. */
  readonly failedAttempts: number;
}

/** Granted: the upstream tokens. They never leave the server. */
export interface ActiveConsent {
  readonly status: 'ACTIVE';
  readonly accessToken: string;
  readonly refreshToken: string | null;
  /** Epoch ms when the access token expires. */
  readonly expiresAt: number;
}

export interface ConsentRecord {
  /** Public, non-secret id of the consent (returned when it starts; never grants anything by itself). */
  readonly id: string;
  readonly nationalId: string;
  /** The mobile the OTP went to (SMS grant); null for the code grant. */
  readonly mobile: string | null;
  readonly grant: ConsentGrant;
  /** Bank code of the user's account (code grant); null for the SMS grant. */
  readonly bank: string | null;
  readonly requestedScopes: readonly string[];
  /** Scopes the upstream granted; empty until the consent is active. */
  readonly grantedScopes: readonly string[];
  /**
   * The account numbers the person authorized, as the last token listed them (its `deposits`); absent
   * when no token listed them (and on records kept before they were).
   */
  readonly accounts?: readonly string[];
  readonly state: PendingConsent | ActiveConsent;
  /** Epoch ms. */
  readonly createdAt: number;
  readonly updatedAt: number;
}

/**
 * Where consents live, by an opaque key (a digest of the consent id or handle, never the secret
 * itself). Every method is asynchronous so that a shared store (Redis) can replace the in-memory one.
 */
export interface ConsentStore {
  /** Stores a new record that is forgotten after `ttlMs`. */
  create(key: string, record: ConsentRecord, ttlMs: number): Promise<void>;
  /** The record, or null when there is none or it has outlived its ttl. */
  get(key: string): Promise<ConsentRecord | null>;
  /** Replaces an existing record and its ttl; false when it no longer exists. */
  update(key: string, record: ConsentRecord, ttlMs: number): Promise<boolean>;
  /** Forgets a record; true only for the one caller that removed it (usable as a claim). */
  delete(key: string): Promise<boolean>;
  /** Resolves when the store answers, quickly; rejects with `SERVICE_UNAVAILABLE` when it does not. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

/** What a caller may learn about a consent: never the tokens. */
export interface ConsentView {
  readonly nationalId: string;
  readonly grant: ConsentGrant;
  readonly bank: string | null;
  /** Masked, for example `0912***4567`. */
  readonly mobile: string | null;
  readonly scopes: readonly string[];
  /** The account numbers the person authorized (at `bank`), when the upstream's token listed them. */
  readonly accounts?: readonly string[];
  readonly expiresAt: number;
  readonly grantedAt: number;
}
