import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths never written to a log: credentials, tokens and upstream bodies. */
const REDACTED_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers["router-authorization"]',
  'req.headers["x-consent-handle"]',
  'headers["x-consent-handle"]',
  'consentHandle',
  'handle',
  'otp',
  'token',
  'accessToken',
  'refreshToken',
  'clientSecret',
  'body',
  'upstreamBody',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: undefined });
}
