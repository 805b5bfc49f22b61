import { pino, type DestinationStream, type Logger } from 'pino';

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

/** The process logger: JSON lines to stdout, or to `destination` (tests read what would be written). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: undefined };
  return destination ? pino(options, destination) : pino(options);
}
