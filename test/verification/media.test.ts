/** The upload checks, the score normalisation and the deduplication of uploads, without HTTP. */
import fc from 'fast-check';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { toPercentage } from '../../src/datasources/records/verification.js';
import { RequestUpstream } from '../../src/datasources/shared/requestUpstream.js';
import type { CallOptions, UpstreamClient, UpstreamResult } from '../../src/datasources/upstream/client.js';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import {
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  decodeBase64,
  parseCardImage,
  parseCardSerial,
  parseFaceImage,
  parseSpeechText,
  parseThreshold,
  parseVideo,
} from '../../src/validation/media.js';
import { jpeg, mp4, png, webm } from './files.js';
import { at, present } from '../helpers/responses.js';

const argumentPathOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphQLError) return error.extensions['argumentPath'];
    throw error;
  }
  return undefined;
};

describe('decodeBase64', () => {
  it('decodes any bytes, padded or not, wrapped at any width', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 80 }),
        (bytes, padded, width) => {
          let text = Buffer.from(bytes).toString('base64');
          if (!padded) text = text.replace(/=+$/, '');
          const wrapped = text.replace(new RegExp(`(.{${width}})`, 'g'), '$1\r\n');
          expect(Buffer.from(decodeBase64(wrapped, 'file', 1000, 'file'))).toEqual(Buffer.from(bytes));
        },
      ),
    );
  });

  it.each([
    ['', 'empty'],
    ['QQ=', 'padding that does not complete a quantum'],
    ['Q===', 'three padding characters'],
    ['QUJDR', 'a length of 4n+1'],
    ['QU=JD', 'padding in the middle'],
    ['QUJD-_', 'base64url characters'],
    ['data:image/jpeg;base64,QUJD', 'a data: prefix'],
  ])('refuses %j (%s)', (text) => {
    expect(argumentPathOf(() => decodeBase64(text, 'file', 1000, 'file'))).toBe('file');
  });

  it('checks the size before decoding, to the byte', () => {
    const text = Buffer.alloc(30).toString('base64');
    expect(decodeBase64(text, 'file', 30, 'file')).toHaveLength(30);
    expect(argumentPathOf(() => decodeBase64(text, 'file', 29, 'file'))).toBe('file');
  });
});

describe('file types', () => {
  it('knows an MP4 by its ftyp box and a WebM by its EBML magic', () => {
    expect(parseVideo(mp4().toString('base64'), 'video')).toMatchObject({
      filename: 'video.mp4',
      contentType: 'video/mp4',
    });
    expect(parseVideo(webm().toString('base64'), 'video')).toMatchObject({
      filename: 'video.webm',
      contentType: 'video/webm',
    });
    expect(argumentPathOf(() => parseVideo(jpeg().toString('base64'), 'video'))).toBe('video');
    // `ftyp` anywhere but at byte 4 is not an MP4.
    const shifted = Buffer.concat([Buffer.from([0]), mp4()]);
    expect(argumentPathOf(() => parseVideo(shifted.toString('base64'), 'video'))).toBe('video');
  });

  it('takes a video of 5 MiB and no more', () => {
    expect(parseVideo(mp4('max', MAX_VIDEO_BYTES).toString('base64'), 'video').data).toHaveLength(MAX_VIDEO_BYTES);
    expect(argumentPathOf(() => parseVideo(mp4('max', MAX_VIDEO_BYTES + 1).toString('base64'), 'video'))).toBe('video');
  });

  it('takes only a JPEG as a card image', () => {
    expect(parseCardImage(jpeg().toString('base64'), 'image')).toMatchObject({
      filename: 'card.jpg',
      contentType: 'image/jpeg',
    });
    expect(argumentPathOf(() => parseCardImage(png().toString('base64'), 'image'))).toBe('image');
    expect(argumentPathOf(() => parseCardImage(Buffer.from([0xff, 0xd8]).toString('base64'), 'image'))).toBe('image');
  });
});

describe('face photos and thresholds', () => {
  it('takes a JPEG or a PNG of at most 5 MiB as a face photo, and nothing else', () => {
    expect(parseFaceImage(jpeg().toString('base64'), 'image')).toMatchObject({
      filename: 'image.jpg',
      contentType: 'image/jpeg',
    });
    expect(parseFaceImage(png().toString('base64'), 'otherImage')).toMatchObject({
      filename: 'image.png',
      contentType: 'image/png',
    });
    expect(parseFaceImage(png('max', MAX_IMAGE_BYTES).toString('base64'), 'image').data).toHaveLength(MAX_IMAGE_BYTES);
    expect(argumentPathOf(() => parseFaceImage(png('max', MAX_IMAGE_BYTES + 1).toString('base64'), 'image'))).toBe(
      'image',
    );
    expect(argumentPathOf(() => parseFaceImage(mp4().toString('base64'), 'otherImage'))).toBe('otherImage');
    expect(argumentPathOf(() => parseFaceImage(webm().toString('base64'), 'image'))).toBe('image');
    // The eight bytes of the PNG signature, all of them.
    const almostPng = png();
    almostPng[7] = 0x00;
    expect(argumentPathOf(() => parseFaceImage(almostPng.toString('base64'), 'image'))).toBe('image');
  });

  it('takes a whole percentage from 0 to 100 as a threshold, or none', () => {
    expect(parseThreshold(null, 'threshold')).toBeNull();
    expect(parseThreshold(undefined, 'threshold')).toBeNull();
    expect(parseThreshold(0, 'threshold')).toBe(0);
    expect(parseThreshold(100, 'threshold')).toBe(100);
    for (const bad of [-1, 101, 50.5, Number.NaN])
      expect(argumentPathOf(() => parseThreshold(bad, 'threshold'))).toBe('threshold');
  });
});

describe('card serial and speech text', () => {
  it('upper-cases a serial and reads Persian digits', () => {
    expect(parseCardSerial(' 0a۱۲۳۴۵۶۷۸ ', 'cardSerial')).toBe('0A12345678');
    expect(parseCardSerial('X'.repeat(20), 'cardSerial')).toBe('X'.repeat(20));
    for (const bad of ['', 'X'.repeat(21), 'AB 12', 'آب۱۲'])
      expect(argumentPathOf(() => parseCardSerial(bad, 'cardSerial'))).toBe('cardSerial');
  });

  it('counts the characters of a speech text, not its UTF-16 units', () => {
    expect(parseSpeechText(null, 'speechText')).toBeNull();
    expect(parseSpeechText('😀'.repeat(200), 'speechText')).toBe('😀'.repeat(200));
    expect(argumentPathOf(() => parseSpeechText('😀'.repeat(201), 'speechText'))).toBe('speechText');
    expect(parseSpeechText('  یک   دو  ', 'speechText')).toBe('یک دو');
  });
});

describe('toPercentage', () => {
  it.each([
    [0.957, 95.7],
    [95.7, 95.7],
    [1, 100],
    [0, 0],
    [0.5, 50],
    [100, 100],
    [100.5, null],
    [-0.1, null],
    [null, null],
  ])('reads %s as %s percent', (value, percent) => {
    expect(toPercentage(value)).toBe(percent);
  });
});

describe('deduplication of uploads', () => {
  class FakeClient implements Pick<UpstreamClient, 'call'> {
    readonly seen: CallOptions[] = [];
    async call(_operationId: OperationId, options: CallOptions = {}): Promise<UpstreamResult> {
      this.seen.push(options);
      return { result: {}, trackId: `t${this.seen.length}` };
    }
  }
  const file = (data: Buffer) => ({ data: new Uint8Array(data), filename: 'video.mp4', contentType: 'video/mp4' });

  it('keys a file by its bytes: equal bytes in two arrays make one call, other bytes another', async () => {
    const client = new FakeClient();
    const access = new RequestUpstream(client, 4);
    const video = mp4('dedup', 100_000);
    const first = file(video);
    const answers = await Promise.all([
      access.read('kycCompareLiveVideoWithNationalCardPost', { form: { video: first, nationalCode: '1' } }),
      access.read('kycCompareLiveVideoWithNationalCardPost', {
        form: { nationalCode: '1', video: file(Buffer.from(video)) },
      }),
      access.read('kycCompareLiveVideoWithNationalCardPost', {
        form: { video: file(mp4('other', 100_000)), nationalCode: '1' },
      }),
      access.read('kycCompareLiveVideoWithNationalCardPost', { form: { video: first, nationalCode: '2' } }),
    ]);
    expect(client.seen).toHaveLength(3);
    expect(answers[1]).toBe(answers[0]);
    // The client gets the bytes themselves, not a copy that went through the key.
    expect(present(at(client.seen, 0).form, 'form')['video']).toBe(first);
  });

  it('tells files of the same bytes apart by content type', async () => {
    const client = new FakeClient();
    const access = new RequestUpstream(client, 4);
    const bytes = mp4('type');
    await access.read('kycOcrPost', { form: { cardImage: file(bytes) } });
    await access.read('kycOcrPost', { form: { cardImage: { ...file(bytes), contentType: 'video/webm' } } });
    expect(client.seen).toHaveLength(2);
  });
});
