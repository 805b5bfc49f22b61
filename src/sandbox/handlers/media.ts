/**
 * The upload operations (multipart form-data, wire facts §1 and §4.2 "Face / video / OCR"):
 * compareLiveVideoWithNationalCard and ocr, both trackId-mandatory (§3.5), and the designed
 * nationalCardImage.
 */
import type { RequestBody, UploadedFile } from '../request-body.js';
import { liveVideoComparisonOf, nationalCardImageOf, nationalCardSerialOf, ocrOf } from '../world/media.js';
import { BIRTH_DATE_MISMATCH, answering, birthDateParam, personParam, reject, required, requireTrackId } from './inputs.js';

/** The upstream's video limit: 5 MB (spec §8), counted as 5 MiB. */
export const MAX_VIDEO_BYTES = 5 * 1024 * 1024;
const MAX_SPEECH_TEXT = 200;

function formOf(body: RequestBody): { fields: Readonly<Record<string, string>>; files: Readonly<Record<string, UploadedFile>> } {
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

const isVideo = (data: Buffer) => startsWith(data, [0x66, 0x74, 0x79, 0x70], 4) || startsWith(data, [0x1a, 0x45, 0xdf, 0xa3]);
const isJpeg = (data: Buffer) => startsWith(data, [0xff, 0xd8, 0xff]);

/**
 * Designed refusals beyond the documented size limit: a file that is no MP4 or WebM, a birth date
 * that is not the person's (as the other identity operations), a serial that is not their card's.
 */
export const compareLiveVideoWithNationalCard = answering((request) => {
  requireTrackId(request);
  const { fields, files } = formOf(request.body);
  const video = fileParam(files, 'video');
  if (video.data.length > MAX_VIDEO_BYTES) reject('video must be at most 5 MB');
  if (!isVideo(video.data)) reject('invalid video');
  const person = personParam(fields['nationalCode'], 'nationalCode');
  const birthDate = birthDateParam(fields['birthDate']);
  const serialNumber = required(fields['serialNumber'], 'serialNumber');
  const speechText = fields['speechText'] || undefined;
  if (speechText !== undefined && [...speechText].length > MAX_SPEECH_TEXT) reject('invalid speechText');
  if (birthDate !== person.birthDate) reject(BIRTH_DATE_MISMATCH);
  if (serialNumber.toUpperCase() !== nationalCardSerialOf(person.nationalId)) reject('serialNumber does not match');
  return liveVideoComparisonOf(video.data, person.nationalId, speechText);
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
