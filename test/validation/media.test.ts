import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  parseCardImage,
  parseCardSerial,
  parseFaceImage,
  parseSpeechText,
  parseThreshold,
  parseVideo,
} from '../../src/validation/media.js';
import { expectBadUserInput } from './support.js';

const base64 = (bytes: readonly number[]): string => Buffer.from(bytes).toString('base64');
const bytesOf = (data: Uint8Array): number[] => [...data];

const MP4 = [0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70];
const WEBM = [0x1a, 0x45, 0xdf, 0xa3];
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file of `size` bytes starting with `header`, as base64. */
const fileOf = (header: readonly number[], size: number): string => {
  const file = Buffer.alloc(size, 0x41);
  Buffer.from(header).copy(file);
  return file.toString('base64');
};

describe('decodeBase64', () => {
  it('decodes standard base64, padded or not, ignoring line breaks and spaces', () => {
    expect(bytesOf(decodeBase64('QUJD', 'file', 10, 'file'))).toEqual([0x41, 0x42, 0x43]);
    expect(bytesOf(decodeBase64('QQ==', 'file', 10, 'file'))).toEqual([0x41]);
    expect(bytesOf(decodeBase64('QUI=', 'file', 10, 'file'))).toEqual([0x41, 0x42]);
    expect(bytesOf(decodeBase64('QQ', 'file', 10, 'file'))).toEqual([0x41]);
    expect(bytesOf(decodeBase64('QUI', 'file', 10, 'file'))).toEqual([0x41, 0x42]);
    expect(bytesOf(decodeBase64(' QU\r\n  JD\tQUJD\n', 'file', 10, 'file'))).toEqual([
      0x41, 0x42, 0x43, 0x41, 0x42, 0x43,
    ]);
    expect(bytesOf(decodeBase64('+/+/', 'file', 10, 'file'))).toEqual([0xfb, 0xff, 0xbf]);
  });

  it.each([
    ['nothing', ''],
    ['only spaces and line breaks', ' \r\n '],
    ['only padding', '=='],
    ['padding that does not complete a quantum', 'QQ='],
    ['three padding characters', 'Q==='],
    ['a length of 4n+1', 'QUJDR'],
    ['padding in the middle', 'QU=JD'],
    ['base64url characters', 'QUJD-_'],
    ['a data: prefix', 'data:image/jpeg;base64,QUJD'],
  ])('refuses %s, on its argument, naming what it expected', (_, text) => {
    expect(expectBadUserInput(() => decodeBase64(text, 'input.file', 1000, 'photo'), 'input.file')).toBe(
      'input.file: expected the photo as standard base64 (A–Z, a–z, 0–9, + and /, optionally = padded)',
    );
  });

  it('takes exactly the size limit, padding not counted, and refuses a byte more, saying the sizes', () => {
    expect(decodeBase64('QUJD', 'file', 3, 'file')).toHaveLength(3);
    expect(decodeBase64('QUI=', 'file', 2, 'file')).toHaveLength(2);
    expect(decodeBase64('QQ==', 'file', 1, 'file')).toHaveLength(1);
    expect(expectBadUserInput(() => decodeBase64('QUJDQQ==', 'file', 3, 'file'), 'file')).toBe(
      `file: the file is 4 bytes; at most 3 bytes (${3 / 1024 / 1024} MB) are accepted`,
    );
  });

  it('states the limits in MB: a video or an image of 5 MB', () => {
    const justOver = Buffer.alloc(MAX_VIDEO_BYTES + 1).toString('base64');
    expect(expectBadUserInput(() => parseVideo(justOver, 'video'), 'video')).toBe(
      `video: the video is ${MAX_VIDEO_BYTES + 1} bytes; at most ${MAX_VIDEO_BYTES} bytes (5 MB) are accepted`,
    );
    expect(expectBadUserInput(() => parseFaceImage(justOver, 'image'), 'image')).toBe(
      `image: the image is ${MAX_IMAGE_BYTES + 1} bytes; at most ${MAX_IMAGE_BYTES} bytes (5 MB) are accepted`,
    );
    expect(expectBadUserInput(() => parseCardImage(justOver, 'cardImage'), 'cardImage')).toContain('the image is');
  });

  it('names the file kind when the base64 is bad', () => {
    expect(expectBadUserInput(() => parseVideo('QQ=', 'video'), 'video')).toContain('expected the video as');
    expect(expectBadUserInput(() => parseCardImage('QQ=', 'cardImage'), 'cardImage')).toContain('the image as');
    expect(expectBadUserInput(() => parseFaceImage('QQ=', 'image'), 'image')).toContain('expected the image as');
  });
});

describe('parseVideo', () => {
  it('takes an MP4 (ftyp at byte 4) or a WebM (EBML header) of up to 5 MB', () => {
    const mp4 = parseVideo(fileOf(MP4, 100), 'video');
    expect(mp4).toMatchObject({ filename: 'video.mp4', contentType: 'video/mp4' });
    expect(bytesOf(mp4.data).slice(0, 8)).toEqual(MP4);
    expect(parseVideo(base64(MP4), 'video')).toMatchObject({ contentType: 'video/mp4' });
    expect(parseVideo(base64(WEBM), 'video')).toMatchObject({ filename: 'video.webm', contentType: 'video/webm' });
    expect(parseVideo(fileOf(WEBM, MAX_VIDEO_BYTES), 'video').data).toHaveLength(MAX_VIDEO_BYTES);
  });

  it.each([
    ['a JPEG', JPEG],
    ['ftyp at byte 0', [0x66, 0x74, 0x79, 0x70, 0, 0, 0, 0]],
    ['ftyp cut short', MP4.slice(0, 7)],
    ['an EBML header cut short', WEBM.slice(0, 3)],
    ['a WebM header with one byte wrong', [0x1a, 0x45, 0xdf, 0xa4]],
    ['an MP4 header with its last byte wrong', [...MP4.slice(0, 7), 0x71]],
  ])('refuses %s', (_, header) => {
    expect(expectBadUserInput(() => parseVideo(fileOf(header, 64), 'input.video'), 'input.video')).toBe(
      'input.video: expected an MP4 or WebM video',
    );
  });
});

describe('parseCardImage', () => {
  it('takes a JPEG, even one of its signature alone', () => {
    expect(parseCardImage(fileOf(JPEG, 50), 'cardImage')).toMatchObject({
      filename: 'card.jpg',
      contentType: 'image/jpeg',
    });
    expect(bytesOf(parseCardImage(base64(JPEG), 'cardImage').data)).toEqual(JPEG);
  });

  it.each([
    ['a PNG', PNG],
    ['two bytes of a JPEG', JPEG.slice(0, 2)],
    ['a JPEG signature with its last byte wrong', [0xff, 0xd8, 0xfe]],
    ['a WebM', WEBM],
  ])('refuses %s', (_, header) => {
    expect(expectBadUserInput(() => parseCardImage(base64(header), 'cardImage'), 'cardImage')).toBe(
      'cardImage: expected a JPEG image (the upstream reads no other type)',
    );
  });
});

describe('parseFaceImage', () => {
  it('takes a JPEG or a PNG', () => {
    expect(parseFaceImage(fileOf(JPEG, 50), 'image')).toMatchObject({
      filename: 'image.jpg',
      contentType: 'image/jpeg',
    });
    expect(parseFaceImage(base64(PNG), 'image')).toMatchObject({ filename: 'image.png', contentType: 'image/png' });
  });

  it.each([
    ['an MP4', MP4],
    ['a PNG signature with its last byte wrong', [...PNG.slice(0, 7), 0x00]],
    ['seven bytes of a PNG signature', PNG.slice(0, 7)],
  ])('refuses %s', (_, header) => {
    expect(expectBadUserInput(() => parseFaceImage(base64(header), 'otherImage'), 'otherImage')).toBe(
      'otherImage: expected a JPEG or PNG image',
    );
  });
});

describe('parseThreshold', () => {
  it('takes a whole percentage 0 to 100, and absent as null', () => {
    expect(parseThreshold(0, 'threshold')).toBe(0);
    expect(parseThreshold(100, 'threshold')).toBe(100);
    expect(parseThreshold(null, 'threshold')).toBeNull();
    expect(parseThreshold(undefined, 'threshold')).toBeNull();
  });

  it.each([-1, 101, 50.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (value) => {
    expect(expectBadUserInput(() => parseThreshold(value, 'threshold'), 'threshold')).toBe(
      'threshold: expected a percentage from 0 to 100',
    );
  });
});

describe('parseCardSerial', () => {
  it('trims, upper-cases and reads Persian digits, up to 20 characters', () => {
    expect(parseCardSerial(' 0a۱۲۳۴۵۶۷۸ ', 'cardSerial')).toBe('0A12345678');
    expect(parseCardSerial('z', 'cardSerial')).toBe('Z');
    expect(parseCardSerial('X'.repeat(20), 'cardSerial')).toBe('X'.repeat(20));
  });

  it.each([
    ['nothing', ''],
    ['21 characters', 'X'.repeat(21)],
    ['a space inside', 'AB 12'],
    ['Persian letters', 'آب۱۲'],
    ['a dash', 'AB-12'],
  ])('refuses %s', (_, value) => {
    expect(expectBadUserInput(() => parseCardSerial(value, 'cardSerial'), 'cardSerial')).toBe(
      'cardSerial: expected 1 to 20 letters (A–Z) and digits',
    );
  });
});

describe('parseSpeechText', () => {
  it('trims, makes runs of spaces one, counts characters, and takes absent as null', () => {
    expect(parseSpeechText('  یک   دو \n سه ', 'speechText')).toBe('یک دو سه');
    expect(parseSpeechText('😀'.repeat(200), 'speechText')).toBe('😀'.repeat(200));
    expect(parseSpeechText(null, 'speechText')).toBeNull();
    expect(parseSpeechText(undefined, 'speechText')).toBeNull();
  });

  it.each([
    ['nothing', ''],
    ['only spaces', '   '],
    ['201 characters', '😀'.repeat(201)],
  ])('refuses %s', (_, value) => {
    expect(expectBadUserInput(() => parseSpeechText(value, 'speechText'), 'speechText')).toBe(
      'speechText: expected a text of 1 to 200 characters',
    );
  });
});
