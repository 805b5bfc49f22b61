/**
 * The world's national cards and what the upload operations see in files: the card serial and photo
 * of every person, what the OCR reads from a card image, how a live or recorded video and a photo
 * compare with a card, and how two photos compare with each other.
 * Everything is drawn from the national id and from the SHA-256 of the bytes, so a test can expect
 * the very values the sandbox answers with.
 */
import { createHash } from 'node:crypto';
import { addMonths, formatSlashed } from '../calendar.js';
import { nationalIdCheckDigit } from './checks.js';
import { Dice } from './dice.js';
import { personOf } from './persons.js';
import { REFERENCE_DAY, trackingCodeOf } from './records.js';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const SERIAL_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** The serial on the back of a person's smart national card: a digit, a letter, eight digits. */
export function nationalCardSerialOf(nationalId: string): string {
  const dice = new Dice(`card-serial|${personOf(nationalId).nationalId}`);
  return `${dice.int(0, 9)}${SERIAL_LETTERS[dice.int(0, SERIAL_LETTERS.length - 1)]}${dice.digits(8)}`;
}

/** When a person's card expires: issued in the seven years before the reference day, valid seven years. */
export function nationalCardExpiryOf(nationalId: string): string {
  const monthsAgo = new Dice(`card-issued|${nationalId}`).int(0, 7 * 12 - 1);
  return formatSlashed(addMonths(REFERENCE_DAY, 7 * 12 - monthsAgo));
}

/**
 * A tiny baseline JPEG (8×8 mid-grey, one component, one Huffman code per table) with a comment
 * segment naming the card, so every person's photo has its own bytes.
 */
function jpegWithComment(comment: string): Buffer {
  const segment = (marker: number, payload: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt16BE(marker, 0);
    head.writeUInt16BE(payload.length + 2, 2);
    return Buffer.concat([head, payload]);
  };
  const oneCodeTable = (classAndId: number) => Buffer.from([classAndId, 1, ...new Array<number>(15).fill(0), 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xffe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])),
    segment(0xfffe, Buffer.from(comment, 'utf8')),
    segment(0xffdb, Buffer.from([0x00, ...new Array<number>(64).fill(1)])),
    segment(0xffc0, Buffer.from([0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00])),
    segment(0xffc4, oneCodeTable(0x00)),
    segment(0xffc4, oneCodeTable(0x10)),
    segment(0xffda, Buffer.from([0x01, 0x01, 0x00, 0x00, 0x3f, 0x00])),
    // One block: DC difference 0, end of block; padded with ones.
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** The photo of a person's national card, as base64 of a JPEG. */
export function nationalCardImageOf(nationalId: string): string {
  const person = personOf(nationalId);
  return jpegWithComment(`national card ${person.nationalId} ${nationalCardSerialOf(person.nationalId)}`).toString(
    'base64',
  );
}

export interface OcrFront {
  readonly nationalCode: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly fatherName: string;
  readonly birthDate: string;
  readonly expirationDate: string;
  readonly docType: 'national-card-front';
}

export interface OcrBack {
  readonly serial: string;
  readonly docType: 'national-card-back';
}

/**
 * What the OCR reads from a card image: the card of a person of the world chosen by the image's
 * SHA-256. One image in sixteen (SHA-256 starting with `0`) has its last national id digit misread,
 * so the id it reads fails the check digit.
 */
export function ocrOf(image: Uint8Array): { readonly front: OcrFront; readonly back: OcrBack } {
  const hash = sha256(image);
  const dice = new Dice(`ocr|${hash}`);
  let nine: string;
  do nine = String(dice.int(0, 999_999_999)).padStart(9, '0');
  while (/^(\d)\1{8}$/.test(nine));
  const check = nationalIdCheckDigit(nine);
  const person = personOf(`${nine}${check}`);
  const misread = hash.startsWith('0');
  return {
    front: {
      nationalCode: misread ? `${nine}${(check + 1) % 10}` : person.nationalId,
      firstName: person.firstName,
      lastName: person.lastName,
      fatherName: person.fatherName,
      birthDate: person.birthDate,
      expirationDate: nationalCardExpiryOf(person.nationalId),
      docType: 'national-card-front',
    },
    back: { serial: nationalCardSerialOf(person.nationalId), docType: 'national-card-back' },
  };
}

export interface LiveVideoComparison {
  /** Percent, one decimal, as in the upstream's sample (95.7). */
  readonly faceVerification: number;
  readonly liveness: number;
  /** Fraction 0–1; present only when a speech text was sent. */
  readonly speechSimilarity?: number;
  /**
   * A score from 0 to 1 written with four decimals, as in the upstream's sample (`"0.4205"`). The
   * documentation gives no direction: the sandbox's is that a video filmed from a photo scores high.
   */
  readonly printLiveness: string;
  /** As `printLiveness`, for a video filmed from another video (a screen). */
  readonly replayLiveness: string;
  readonly trackingCode: string;
}

/**
 * How a video compares with the card of `nationalId` (the birth date and serial already checked): the
 * face matches well (90 to 99.9 percent). One video in ten, by its SHA-256, is a spoof, filmed from a
 * photo or from a screen, with a liveness under the upstream's 0.001 threshold and a score of its kind
 * (`printLiveness` or `replayLiveness`) of 0.9 or more; every other such score is under 0.5. The speech
 * similarity depends on the video and the text.
 */
export function liveVideoComparisonOf(video: Uint8Array, nationalId: string, speechText?: string): LiveVideoComparison {
  const hash = sha256(video);
  const dice = new Dice(`live-video|${hash}|${nationalId}`);
  const faceVerification = dice.int(900, 999) / 10;
  const spoof = dice.chance(0.1);
  const fromPhoto = spoof && dice.chance(0.5);
  const liveness = spoof ? dice.int(1, 9) / 10_000 : dice.int(50, 999) / 1000;
  return {
    faceVerification,
    liveness,
    ...(speechText !== undefined && { speechSimilarity: new Dice(`speech|${hash}|${speechText}`).int(55, 99) / 100 }),
    printLiveness: spoofScore(dice, spoof && fromPhoto),
    replayLiveness: spoofScore(dice, spoof && !fromPhoto),
    trackingCode: trackingCodeOf('live-video', `${nationalId}|${hash}`),
  };
}

/** A spoof score as the upstream writes it: 0.9000–0.9999 when `spoofed`, else 0.0001–0.4999. */
const spoofScore = (dice: Dice, spoofed: boolean): string =>
  ((spoofed ? dice.int(9000, 9999) : dice.int(1, 4999)) / 10_000).toFixed(4);

export interface VideoComparison {
  /** Percent, one decimal, as the live video comparison's. */
  readonly faceVerification: number;
  readonly trackingCode: string;
}

/**
 * How a recorded video compares with the card of `nationalId` (the birth date and serial already
 * checked): as the live video, the face matches well (90 to 99.9 percent); there is no liveness.
 */
export function videoComparisonOf(video: Uint8Array, nationalId: string): VideoComparison {
  const hash = sha256(video);
  return {
    faceVerification: new Dice(`video|${hash}|${nationalId}`).int(900, 999) / 10,
    trackingCode: trackingCodeOf('video', `${nationalId}|${hash}`),
  };
}

/** The threshold (percent) the face comparisons apply when the caller sends none; the upstream's is not documented. */
export const DEFAULT_FACE_THRESHOLD = 80;

export interface FaceComparison {
  readonly message: string;
  /** Percent, one decimal. */
  readonly verificationScore: number;
  /** Percent, as sent or the default. */
  readonly verificationThreshold: number;
  readonly isVerified: boolean;
}

export interface LiveImageComparison extends FaceComparison {
  readonly trackingCode: string;
}

const MATCHED = 'تصاویر متعلق به یک شخص است';
const NOT_MATCHED = 'تصاویر متعلق به یک شخص نیست';

function verdict(verificationScore: number, verificationThreshold: number): FaceComparison {
  const isVerified = verificationScore >= verificationThreshold;
  return { message: isVerified ? MATCHED : NOT_MATCHED, verificationScore, verificationThreshold, isVerified };
}

/**
 * How a photo compares with the card of `nationalId` (the birth date and serial already checked): as
 * the videos, the face matches well (90 to 99.9 percent), so only a threshold above 90 can fail it.
 */
export function liveImageComparisonOf(
  image: Uint8Array,
  nationalId: string,
  threshold = DEFAULT_FACE_THRESHOLD,
): LiveImageComparison {
  const hash = sha256(image);
  return {
    ...verdict(new Dice(`live-image|${hash}|${nationalId}`).int(900, 999) / 10, threshold),
    trackingCode: trackingCodeOf('live-image', `${nationalId}|${hash}`),
  };
}

/**
 * How two photos compare: byte-identical photos are the same face (100 percent); otherwise a score
 * from 5 to 99.9 percent drawn from both SHA-256s, the same whichever photo comes first.
 */
export function twoImagesComparisonOf(
  image: Uint8Array,
  otherImage: Uint8Array,
  threshold = DEFAULT_FACE_THRESHOLD,
): FaceComparison {
  const hashes = [sha256(image), sha256(otherImage)].sort();
  const score = hashes[0] === hashes[1] ? 100 : new Dice(`two-images|${hashes.join('|')}`).int(50, 999) / 10;
  return verdict(score, threshold);
}
