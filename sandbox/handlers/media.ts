/**
 * The upload operations (multipart form-data, wire facts §1 and §4.2 "Face / video / OCR"):
 * compareLiveVideoWithNationalCard, compareVideoWithNationalCardImage,
 * compareLiveImageWithNationalCard, compareTwoImages and ocr, all trackId-mandatory (§3.5), and the
 * designed nationalCardImage.
 */
import type { RequestBody, UploadedFile } from '../requestBody.js';
import type { Citizen } from '../world/persons.js';
import {
  liveImageComparisonOf,
  liveVideoComparisonOf,
  nationalCardImageOf,
  nationalCardSerialOf,
  ocrOf,
  twoImagesComparisonOf,
  videoComparisonOf,
} from '../world/media.js';
import {
  BIRTH_DATE_MISMATCH,
  answering,
  birthDateParam,
  personParam,
  reject,
  required,
  requireTrackId,
} from './inputs.js';

/** The upstream's video limit: 5 MB (spec §8), counted as 5 MiB. */
export const MAX_VIDEO_BYTES = 5 * 1024 * 1024;
/** Designed: the upstream states no limit for a face photo; the sandbox takes the video's. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_SPEECH_TEXT = 200;

function formOf(body: RequestBody): {
  fields: Readonly<Record<string, string>>;
  files: Readonly<Record<string, UploadedFile>>;
} {
  if (body.kind !== 'form') reject('invalid body');
  return body;
}

function fileParam(files: Readonly<Record<string, UploadedFile>>, name: string): UploadedFile {
  const file = files[name];
  if (!file || file.data.length === 0) reject(`${name} is required`);
  return file;
}

const startsWith = (data: Buffer, bytes: readonly number[], at = 0) =>
  data.length >= at + bytes.length && bytes.every((byte, i) => data[at + i] === byte);

const isVideo = (data: Buffer) =>
  startsWith(data, [0x66, 0x74, 0x79, 0x70], 4) || startsWith(data, [0x1a, 0x45, 0xdf, 0xa3]);
const isJpeg = (data: Buffer) => startsWith(data, [0xff, 0xd8, 0xff]);
const isPng = (data: Buffer) => startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The `video` part: present, at most 5 MB, an MP4 or a WebM. */
function videoParam(files: Readonly<Record<string, UploadedFile>>): UploadedFile {
  const video = fileParam(files, 'video');
  if (video.data.length > MAX_VIDEO_BYTES) reject('video must be at most 5 MB');
  if (!isVideo(video.data)) reject('invalid video');
  return video;
}

/** A face photo part: present, at most 5 MB, a JPG or a PNG. */
function imageParam(files: Readonly<Record<string, UploadedFile>>, name: string): UploadedFile {
  const image = fileParam(files, name);
  if (image.data.length > MAX_IMAGE_BYTES) reject(`${name} must be at most 5 MB`);
  if (!isJpeg(image.data) && !isPng(image.data)) reject(`${name} must be a JPG or PNG image`);
  return image;
}

/** The card holder's fields: `nationalCode`, `birthDate` and `serialNumber`, read but not yet matched. */
function holderParams(fields: Readonly<Record<string, string>>): {
  person: Citizen;
  birthDate: string;
  serialNumber: string;
} {
  return {
    person: personParam(fields['nationalCode'], 'nationalCode'),
    birthDate: birthDateParam(fields['birthDate']),
    serialNumber: required(fields['serialNumber'], 'serialNumber'),
  };
}

/** A birth date that is not the person's, a serial that is not their card's: the designed refusals. */
function matchHolder({
  person,
  birthDate,
  serialNumber,
}: {
  person: Citizen;
  birthDate: string;
  serialNumber: string;
}): void {
  if (birthDate !== person.birthDate) reject(BIRTH_DATE_MISMATCH);
  if (serialNumber.toUpperCase() !== nationalCardSerialOf(person.nationalId)) reject('serialNumber does not match');
}

/** The optional `threshold` field: a whole percentage 0–100 (designed); absent or empty → undefined. */
function thresholdParam(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,3}$/.test(value) || Number(value) > 100) reject('invalid threshold');
  return Number(value);
}

/**
 * Designed refusals beyond the documented size limit: a file that is no MP4 or WebM, a birth date
 * that is not the person's (as the other identity operations), a serial that is not their card's.
 */
export const compareLiveVideoWithNationalCard = answering((request) => {
  requireTrackId(request);
  const { fields, files } = formOf(request.body);
  const video = videoParam(files);
  const holder = holderParams(fields);
  const speechText = fields['speechText'] || undefined;
  if (speechText !== undefined && [...speechText].length > MAX_SPEECH_TEXT) reject('invalid speechText');
  matchHolder(holder);
  return liveVideoComparisonOf(video.data, holder.person.nationalId, speechText);
});

/** As compareLiveVideoWithNationalCard, without speech text: `{ faceVerification, trackingCode }`. */
export const compareVideoWithNationalCardImage = answering((request) => {
  requireTrackId(request);
  const { fields, files } = formOf(request.body);
  const video = videoParam(files);
  const holder = holderParams(fields);
  matchHolder(holder);
  return videoComparisonOf(video.data, holder.person.nationalId);
});

/**
 * Designed refusals as for the videos, and for the photo: larger than 5 MB, or no JPG or PNG; a
 * threshold that is no whole percentage.
 */
export const compareLiveImageWithNationalCard = answering((request) => {
  requireTrackId(request);
  const { fields, files } = formOf(request.body);
  const image = imageParam(files, 'liveImage');
  const holder = holderParams(fields);
  const threshold = thresholdParam(fields['threshold']);
  matchHolder(holder);
  return liveImageComparisonOf(image.data, holder.person.nationalId, threshold);
});

export const compareTwoImages = answering((request) => {
  requireTrackId(request);
  const { fields, files } = formOf(request.body);
  const liveImage = imageParam(files, 'liveImage');
  const personImage = imageParam(files, 'personImage');
  const threshold = thresholdParam(fields['threshold']);
  return twoImagesComparisonOf(liveImage.data, personImage.data, threshold);
});

const OCR_SIDES = { uploadCardFront: 'front', uploadCardBack: 'back' } as const;

export const ocr = answering((request) => {
  requireTrackId(request);
  const { fields, files } = formOf(request.body);
  const image = fileParam(files, 'cardImage');
  const type = required(fields['type'], 'type');
  if (!Object.hasOwn(OCR_SIDES, type)) reject('invalid type');
  if (!isJpeg(image.data)) reject('cardImage must be a JPG image');
  return ocrOf(image.data)[OCR_SIDES[type as keyof typeof OCR_SIDES]];
});

/** Designed (see the catalog notes): the card photo for a national id and its birth date. */
export const nationalCardImage = answering(({ query }) => {
  const person = personParam(query['nationalCode'], 'nationalCode');
  if (birthDateParam(query['birthDate']) !== person.birthDate) reject(BIRTH_DATE_MISMATCH);
  return { nationalCode: person.nationalId, image: nationalCardImageOf(person.nationalId), contentType: 'image/jpeg' };
});
