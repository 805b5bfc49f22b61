/**
 * Uploads as GraphQL carries them: files are base64 strings in ordinary arguments (the GraphQL
 * multipart request spec is not supported). Each is checked and decoded here, before any upstream
 * call: well-formed base64, the size limit of the upstream (spec §8: a video of at most 5 MB) and the
 * file type the upstream accepts, recognised by its first bytes.
 */
import { BadUserInputError } from '../errors.js';
import { normalizeDigits } from '../lib/digits.js';

/** A file to upload, decoded and checked: its bytes and how to name it in a multipart form. */
export interface MediaFile {
  readonly data: Uint8Array;
  readonly filename: string;
  readonly contentType: string;
}

/** 5 MB as the upstream counts it (spec §8), taken as 5 MiB: 5,242,880 bytes. */
export const MAX_VIDEO_BYTES = 5 * 1024 * 1024;
/** The same bound for a card image or a face photo; the upstream states none, and a photo needs far less. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_CARD_SERIAL_LENGTH = 20;
export const MAX_SPEECH_TEXT_LENGTH = 200;
/** A face comparison threshold is a percentage. */
export const MAX_THRESHOLD = 100;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Standard base64 (RFC 4648 §4) → bytes. Line breaks and spaces are ignored and the `=` padding is
 * optional; anything else (base64url's `-` and `_`, a `data:` prefix, a stray character, a length no
 * base64 text can have) is refused. The decoded size is checked against `maxBytes` before decoding.
 */
export function decodeBase64(value: string, argumentPath: string, maxBytes: number, what: string): Uint8Array {
  const text = value.replace(/[\s]+/g, '');
  const body = text.replace(/=+$/, '');
  const padding = text.length - body.length;
  if (text === '' || !BASE64.test(text) || body.length % 4 === 1 || (padding > 0 && text.length % 4 !== 0)) {
    throw new BadUserInputError(
      argumentPath,
      `expected the ${what} as standard base64 (A–Z, a–z, 0–9, + and /, optionally = padded)`,
    );
  }
  const size = Math.floor((body.length * 3) / 4);
  if (size > maxBytes) {
    throw new BadUserInputError(
      argumentPath,
      `the ${what} is ${size} bytes; at most ${maxBytes} bytes (${maxBytes / 1024 / 1024} MB) are accepted`,
    );
  }
  return new Uint8Array(Buffer.from(body, 'base64'));
}

const startsWith = (data: Uint8Array, bytes: readonly number[], at = 0): boolean =>
  data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte);

const FTYP = [0x66, 0x74, 0x79, 0x70];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A selfie video: base64 of an MP4 (`ftyp` box at byte 4) or WebM (EBML header) of at most 5 MB. */
export function parseVideo(value: string, argumentPath: string): MediaFile {
  const data = decodeBase64(value, argumentPath, MAX_VIDEO_BYTES, 'video');
  if (startsWith(data, FTYP, 4)) return { data, filename: 'video.mp4', contentType: 'video/mp4' };
  if (startsWith(data, EBML)) return { data, filename: 'video.webm', contentType: 'video/webm' };
  throw new BadUserInputError(argumentPath, 'expected an MP4 or WebM video');
}

/** A photo of a national card: base64 of a JPEG (the only type the upstream's OCR reads) of at most 5 MB. */
export function parseCardImage(value: string, argumentPath: string): MediaFile {
  const data = decodeBase64(value, argumentPath, MAX_IMAGE_BYTES, 'image');
  if (!startsWith(data, JPEG))
    throw new BadUserInputError(argumentPath, 'expected a JPEG image (the upstream reads no other type)');
  return { data, filename: 'card.jpg', contentType: 'image/jpeg' };
}

/** A photo of a face, to compare with another: base64 of a JPEG or a PNG of at most 5 MB. */
export function parseFaceImage(value: string, argumentPath: string): MediaFile {
  const data = decodeBase64(value, argumentPath, MAX_IMAGE_BYTES, 'image');
  if (startsWith(data, JPEG)) return { data, filename: 'image.jpg', contentType: 'image/jpeg' };
  if (startsWith(data, PNG)) return { data, filename: 'image.png', contentType: 'image/png' };
  throw new BadUserInputError(argumentPath, 'expected a JPEG or PNG image');
}

/** The score from which a face comparison counts as a match: a whole percentage 0 to 100; absent → null. */
export function parseThreshold(value: number | null | undefined, argumentPath: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value < 0 || value > MAX_THRESHOLD) {
    throw new BadUserInputError(argumentPath, `expected a percentage from 0 to ${MAX_THRESHOLD}`);
  }
  return value;
}

/**
 * The serial on the back of a smart national card (or the tracking code of its paper receipt): 1 to
 * 20 letters and digits, Persian digits accepted, letters upper-cased.
 */
export function parseCardSerial(value: string, argumentPath: string): string {
  const serial = normalizeDigits(value.trim()).toUpperCase();
  if (!new RegExp(`^[A-Z0-9]{1,${MAX_CARD_SERIAL_LENGTH}}$`).test(serial)) {
    throw new BadUserInputError(argumentPath, `expected 1 to ${MAX_CARD_SERIAL_LENGTH} letters (A–Z) and digits`);
  }
  return serial;
}

/** The sentence the person was asked to say: 1 to 200 characters; absent → null. */
export function parseSpeechText(value: string | null | undefined, argumentPath: string): string | null {
  if (value === null || value === undefined) return null;
  const text = value.trim().replace(/\s+/g, ' ');
  const length = [...text].length;
  if (length === 0 || length > MAX_SPEECH_TEXT_LENGTH) {
    throw new BadUserInputError(argumentPath, `expected a text of 1 to ${MAX_SPEECH_TEXT_LENGTH} characters`);
  }
  return text;
}
