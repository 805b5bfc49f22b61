/** The sandbox's upload operations over HTTP: multipart parsing, answers in the wire shapes, refusals. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operation, type OperationId } from '../../src/datasources/upstream/operations.js';
import { isValidNationalId, startSandbox, type Sandbox } from '../../sandbox/index.js';
import {
  CLIENT_PERSON,
  WOMAN,
  liveVideoComparisonOf,
  nationalCardImageOf,
  nationalCardSerialOf,
  ocrOf,
  personOf,
} from '../../sandbox/world/index.js';
import {
  DEFAULT_FACE_THRESHOLD,
  liveImageComparisonOf,
  twoImagesComparisonOf,
  videoComparisonOf,
} from '../../sandbox/world/media.js';
import { MiB, findFile, jpeg, mp4, png, webm } from '../verification/files.js';
import { callOperation, errorOf, issueToken, operationUrl, resultOf, type JsonResponse } from './support.js';
import { at } from '../helpers/responses.js';

const MEDIA: readonly OperationId[] = [
  'kycCompareLiveVideoWithNationalCardPost',
  'kycOcrPost',
  'facilityNationalCardImageGet',
  'kycCompareVideoWithNationalCardImagePost',
  'kycCompareLiveImageWithNationalCardPost',
  'kycCompareTwoImagesPost',
];

let sandbox: Sandbox;
let token: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  token = (
    await issueToken(
      sandbox,
      MEDIA.map((id) => operation(id).scope),
    )
  ).value;
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.clearCalls());

type Part = string | { data: Buffer; filename: string; contentType: string };

let trackIds = 0;
/** Posts a multipart form, with a fresh trackId unless `trackId` is null. */
async function postForm(
  id: OperationId,
  parts: Record<string, Part>,
  trackId: string | null = `media-${++trackIds}`,
): Promise<JsonResponse> {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([part.data], { type: part.contentType }), part.filename);
  }
  const response = await fetch(operationUrl(sandbox, id, trackId === null ? {} : { trackId }), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const videoPart = (data: Buffer, filename = 'video.mp4', contentType = 'video/mp4') => ({
  data,
  filename,
  contentType,
});
const imagePart = (data: Buffer) => ({ data, filename: 'card.jpg', contentType: 'image/jpeg' });

const womanVideoForm = (video: Buffer, extra: Record<string, Part> = {}): Record<string, Part> => ({
  video: videoPart(video),
  nationalCode: WOMAN.nationalId,
  birthDate: WOMAN.birthDate,
  serialNumber: nationalCardSerialOf(WOMAN.nationalId),
  ...extra,
});

describe('compareLiveVideoWithNationalCard', () => {
  it('answers the wire fields, drawn from the video bytes and the person', async () => {
    const video = mp4('sandbox-1');
    const result = resultOf(
      await postForm(
        'kycCompareLiveVideoWithNationalCardPost',
        womanVideoForm(video, { speechText: 'سلام من یاسمن هستم' }),
      ),
    );
    expect(Object.keys(result).sort()).toEqual([
      'faceVerification',
      'liveness',
      'printLiveness',
      'replayLiveness',
      'speechSimilarity',
      'trackingCode',
    ]);
    expect(result).toEqual(liveVideoComparisonOf(video, WOMAN.nationalId, 'سلام من یاسمن هستم'));
    expect(result['faceVerification']).toBeGreaterThanOrEqual(90);
    expect(result['speechSimilarity']).toBeGreaterThan(0.5);
  });

  it('leaves speechSimilarity out without a speech text, and accepts WebM', async () => {
    const video = webm('sandbox-2');
    const result = resultOf(
      await postForm(
        'kycCompareLiveVideoWithNationalCardPost',
        womanVideoForm(video, { video: videoPart(video, 'v.webm', 'video/webm') }),
      ),
    );
    expect(result).not.toHaveProperty('speechSimilarity');
    expect(result).toEqual(liveVideoComparisonOf(video, WOMAN.nationalId));
  });

  it('records the text fields and a summary of the file part', async () => {
    const video = mp4('sandbox-3', 3000);
    await postForm('kycCompareLiveVideoWithNationalCardPost', womanVideoForm(video, { speechText: 'یک دو سه' }));
    const call = at(sandbox.calls('kycCompareLiveVideoWithNationalCardPost'), 0);
    expect(call.body).toEqual({
      video: { filename: 'video.mp4', contentType: 'video/mp4', size: 3000 },
      nationalCode: WOMAN.nationalId,
      birthDate: WOMAN.birthDate,
      serialNumber: nationalCardSerialOf(WOMAN.nationalId),
      speechText: 'یک دو سه',
    });
  });

  it('takes a video of exactly 5 MB and refuses one byte more with 400 VALIDATION_ERROR', async () => {
    expect(
      (await postForm('kycCompareLiveVideoWithNationalCardPost', womanVideoForm(mp4('max', 5 * MiB)))).status,
    ).toBe(200);
    const over = await postForm('kycCompareLiveVideoWithNationalCardPost', womanVideoForm(mp4('max', 5 * MiB + 1)));
    expect(errorOf(over)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'video must be at most 5 MB' });
  });

  it.each(['video', 'nationalCode', 'birthDate', 'serialNumber'])('refuses a form without %s', async (field) => {
    const form = womanVideoForm(mp4('missing'));
    delete form[field];
    expect(errorOf(await postForm('kycCompareLiveVideoWithNationalCardPost', form))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: `${field} is required`,
    });
  });

  it.each([
    ["a birth date that is not the person's", { birthDate: '1370/01/01' }, 'birthDate does not match'],
    [
      "a serial that is not the person's card",
      { serialNumber: nationalCardSerialOf(CLIENT_PERSON.nationalId) },
      'serialNumber does not match',
    ],
    ['a file that is no video', { video: videoPart(png()) }, 'invalid video'],
    ['an invalid national id', { nationalCode: '1234567890' }, 'invalid nationalCode'],
  ])('refuses %s with 400', async (_, extra, message) => {
    const response = await postForm('kycCompareLiveVideoWithNationalCardPost', womanVideoForm(mp4('refused'), extra));
    expect(errorOf(response)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message });
  });

  it('needs a trackId and a multipart body', async () => {
    expect(
      errorOf(await postForm('kycCompareLiveVideoWithNationalCardPost', womanVideoForm(mp4()), null)).message,
    ).toBe('trackId is required');
    const json = await callOperation(sandbox, 'kycCompareLiveVideoWithNationalCardPost', {
      token,
      query: { trackId: 'media-json' },
      body: { nationalCode: WOMAN.nationalId },
    });
    expect(errorOf(json)).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'invalid body' });
  });

  it('spoofs one video in ten: a score of 0.9 or more for a photo or a screen, liveness under 0.001', () => {
    const comparisons = Array.from({ length: 200 }, (_, i) =>
      liveVideoComparisonOf(mp4(`spoof-${i}`), WOMAN.nationalId),
    );
    for (const { printLiveness, replayLiveness } of comparisons) {
      expect(printLiveness).toMatch(/^0\.\d{4}$/);
      expect(replayLiveness).toMatch(/^0\.\d{4}$/);
    }
    const spoofs = comparisons.filter((c) => Number(c.printLiveness) >= 0.9 || Number(c.replayLiveness) >= 0.9);
    expect(spoofs.length).toBeGreaterThan(5);
    expect(spoofs.length).toBeLessThan(50);
    for (const spoof of spoofs) {
      expect(spoof.liveness).toBeLessThan(0.001);
      expect(Math.min(Number(spoof.printLiveness), Number(spoof.replayLiveness))).toBeLessThan(0.5);
    }
    for (const genuine of comparisons.filter((c) => !spoofs.includes(c))) {
      expect(genuine.liveness).toBeGreaterThan(0.001);
      expect(Math.max(Number(genuine.printLiveness), Number(genuine.replayLiveness))).toBeLessThan(0.5);
    }
  });
});

describe('ocr', () => {
  it('reads the front and the back of the same card image', async () => {
    const image = jpeg('ocr-1');
    const front = resultOf(await postForm('kycOcrPost', { cardImage: imagePart(image), type: 'uploadCardFront' }));
    const back = resultOf(await postForm('kycOcrPost', { cardImage: imagePart(image), type: 'uploadCardBack' }));
    expect(front).toEqual(ocrOf(image).front);
    expect(Object.keys(front).sort()).toEqual([
      'birthDate',
      'docType',
      'expirationDate',
      'fatherName',
      'firstName',
      'lastName',
      'nationalCode',
    ]);
    expect(front['docType']).toBe('national-card-front');
    expect(back).toEqual({ serial: ocrOf(image).back.serial, docType: 'national-card-back' });
    expect(at(sandbox.calls('kycOcrPost'), 0).body).toEqual({
      cardImage: { filename: 'card.jpg', contentType: 'image/jpeg', size: 1024 },
      type: 'uploadCardFront',
    });
  });

  it('reads a person of the world, whose card serial is on the back', () => {
    const image = findFile(jpeg, (file) => isValidNationalId(ocrOf(file).front.nationalCode));
    const { front, back } = ocrOf(image);
    const person = personOf(front.nationalCode);
    expect(front).toMatchObject({
      firstName: person.firstName,
      lastName: person.lastName,
      fatherName: person.fatherName,
      birthDate: person.birthDate,
    });
    expect(back.serial).toBe(nationalCardSerialOf(front.nationalCode));
    expect(front.expirationDate).toMatch(/^14\d\d\/\d\d\/\d\d$/);
  });

  it('misreads a digit of one image in sixteen, so the id fails its check digit', () => {
    const reads = Array.from({ length: 320 }, (_, i) => ocrOf(jpeg(`misread-${i}`)).front.nationalCode);
    const misread = reads.filter((nid) => !isValidNationalId(nid));
    expect(misread.length).toBeGreaterThan(5);
    expect(misread.length).toBeLessThan(50);
    for (const nid of misread) expect(nid).toMatch(/^\d{10}$/);
  });

  it.each([
    [
      'an image that is not a JPG',
      { cardImage: imagePart(png()), type: 'uploadCardFront' },
      'cardImage must be a JPG image',
    ],
    ['an unknown type', { cardImage: imagePart(jpeg()), type: 'uploadSelfie' }, 'invalid type'],
    ['no image', { type: 'uploadCardFront' }, 'cardImage is required'],
    ['no type', { cardImage: imagePart(jpeg()) }, 'type is required'],
  ])('refuses %s with 400', async (_, form, message) => {
    expect(errorOf(await postForm('kycOcrPost', form as Record<string, Part>))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
    });
  });

  it('needs a trackId', async () => {
    expect(
      errorOf(await postForm('kycOcrPost', { cardImage: imagePart(jpeg()), type: 'uploadCardFront' }, null)).message,
    ).toBe('trackId is required');
  });
});

describe('nationalCardImage', () => {
  it("answers the designed shape: the person's card photo as base64 JPEG", async () => {
    const result = resultOf(
      await callOperation(sandbox, 'facilityNationalCardImageGet', {
        token,
        query: { nationalCode: WOMAN.nationalId, birthDate: WOMAN.birthDate },
      }),
    );
    expect(result).toEqual({
      nationalCode: WOMAN.nationalId,
      image: nationalCardImageOf(WOMAN.nationalId),
      contentType: 'image/jpeg',
    });
    const bytes = Buffer.from(result['image'] as string, 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(nationalCardImageOf(CLIENT_PERSON.nationalId)).not.toBe(result['image']);
  });

  it.each([
    [
      "a birth date that is not the person's",
      { nationalCode: WOMAN.nationalId, birthDate: '1370/01/01' },
      'birthDate does not match',
    ],
    ['no national id', { birthDate: WOMAN.birthDate }, 'nationalCode is required'],
    ['no birth date', { nationalCode: WOMAN.nationalId }, 'birthDate is required'],
  ])('refuses %s with 400', async (_, query, message) => {
    expect(errorOf(await callOperation(sandbox, 'facilityNationalCardImageGet', { token, query }))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
    });
  });
});

const facePart = (data: Buffer, filename = 'image.jpg', contentType = 'image/jpeg') => ({
  data,
  filename,
  contentType,
});

const womanHolder = (): Record<string, Part> => ({
  nationalCode: WOMAN.nationalId,
  birthDate: WOMAN.birthDate,
  serialNumber: nationalCardSerialOf(WOMAN.nationalId),
});

const HOLDER_REFUSALS = [
  ["a birth date that is not the person's", { birthDate: '1370/01/01' }, 'birthDate does not match'],
  [
    "a serial that is not the person's card",
    { serialNumber: nationalCardSerialOf(CLIENT_PERSON.nationalId) },
    'serialNumber does not match',
  ],
  ['an invalid national id', { nationalCode: '1234567890' }, 'invalid nationalCode'],
] as const;

describe('compareVideoWithNationalCardImage', () => {
  const ID = 'kycCompareVideoWithNationalCardImagePost';
  const form = (video: Buffer, extra: Record<string, Part> = {}): Record<string, Part> => ({
    video: videoPart(video),
    ...womanHolder(),
    ...extra,
  });

  it('answers faceVerification and trackingCode only, drawn from the video bytes and the person', async () => {
    const video = mp4('recorded-1');
    const result = resultOf(await postForm(ID, form(video)));
    expect(Object.keys(result).sort()).toEqual(['faceVerification', 'trackingCode']);
    expect(result).toEqual(videoComparisonOf(video, WOMAN.nationalId));
    expect(result['faceVerification']).toBeGreaterThanOrEqual(90);
    expect(result).not.toEqual(videoComparisonOf(mp4('recorded-2'), WOMAN.nationalId));
    expect(at(sandbox.calls(ID), 0).body).toEqual({
      video: { filename: 'video.mp4', contentType: 'video/mp4', size: 2048 },
      nationalCode: WOMAN.nationalId,
      birthDate: WOMAN.birthDate,
      serialNumber: nationalCardSerialOf(WOMAN.nationalId),
    });
  });

  it('accepts WebM, and a video of exactly 5 MB but not one byte more', async () => {
    expect(
      (
        await postForm(
          ID,
          form(webm('recorded-webm'), { video: videoPart(webm('recorded-webm'), 'v.webm', 'video/webm') }),
        )
      ).status,
    ).toBe(200);
    expect((await postForm(ID, form(mp4('max', 5 * MiB)))).status).toBe(200);
    expect(errorOf(await postForm(ID, form(mp4('max', 5 * MiB + 1))))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'video must be at most 5 MB',
    });
  });

  it.each(['video', 'nationalCode', 'birthDate', 'serialNumber'])('refuses a form without %s', async (field) => {
    const parts = form(mp4('missing'));
    delete parts[field];
    expect(errorOf(await postForm(ID, parts))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: `${field} is required`,
    });
  });

  it.each([...HOLDER_REFUSALS, ['a file that is no video', { video: videoPart(png()) }, 'invalid video']] as const)(
    'refuses %s with 400',
    async (_, extra, message) => {
      expect(errorOf(await postForm(ID, form(mp4('refused'), extra as Record<string, Part>)))).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
        message,
      });
    },
  );

  it('needs a trackId', async () => {
    expect(errorOf(await postForm(ID, form(mp4()), null)).message).toBe('trackId is required');
  });
});

describe('compareLiveImageWithNationalCard', () => {
  const ID = 'kycCompareLiveImageWithNationalCardPost';
  const form = (image: Buffer, extra: Record<string, Part> = {}): Record<string, Part> => ({
    liveImage: facePart(image),
    ...womanHolder(),
    ...extra,
  });

  it('answers the verdict against the threshold sent, drawn from the image bytes and the person', async () => {
    const image = jpeg('selfie-1');
    const result = resultOf(await postForm(ID, form(image, { threshold: '95' })));
    expect(Object.keys(result).sort()).toEqual([
      'isVerified',
      'message',
      'trackingCode',
      'verificationScore',
      'verificationThreshold',
    ]);
    expect(result).toEqual(liveImageComparisonOf(image, WOMAN.nationalId, 95));
    expect(result['verificationThreshold']).toBe(95);
    expect(result['isVerified']).toBe((result['verificationScore'] as number) >= 95);
    expect(at(sandbox.calls(ID), 0).body).toEqual({
      liveImage: { filename: 'image.jpg', contentType: 'image/jpeg', size: 1024 },
      ...womanHolder(),
      threshold: '95',
    });
  });

  it("scores the person's own card high: verified at the default threshold, a PNG as well", async () => {
    const image = png('selfie-png');
    const result = resultOf(await postForm(ID, form(image, { liveImage: facePart(image, 'me.png', 'image/png') })));
    expect(result).toEqual(liveImageComparisonOf(image, WOMAN.nationalId));
    expect(result).toMatchObject({ verificationThreshold: DEFAULT_FACE_THRESHOLD, isVerified: true });
    expect(result['verificationScore']).toBeGreaterThanOrEqual(90);
  });

  it('fails a score under the threshold, with another message', async () => {
    const image = jpeg('selfie-strict');
    const strict = resultOf(await postForm(ID, form(image, { threshold: '100' })));
    const lenient = resultOf(await postForm(ID, form(image, { threshold: '0' })));
    expect(strict).toMatchObject({ isVerified: false, verificationThreshold: 100 });
    expect(lenient).toMatchObject({ isVerified: true, verificationThreshold: 0 });
    expect(strict['message']).not.toBe(lenient['message']);
    expect(strict['verificationScore']).toBe(lenient['verificationScore']);
  });

  it('takes an image of exactly 5 MB but not one byte more', async () => {
    expect((await postForm(ID, form(jpeg('max', 5 * MiB)))).status).toBe(200);
    expect(errorOf(await postForm(ID, form(jpeg('max', 5 * MiB + 1))))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'liveImage must be at most 5 MB',
    });
  });

  it.each(['liveImage', 'nationalCode', 'birthDate', 'serialNumber'])('refuses a form without %s', async (field) => {
    const parts = form(jpeg('missing'));
    delete parts[field];
    expect(errorOf(await postForm(ID, parts))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: `${field} is required`,
    });
  });

  it.each([
    ...HOLDER_REFUSALS,
    ['a file that is no JPG or PNG', { liveImage: facePart(mp4()) }, 'liveImage must be a JPG or PNG image'],
    ['a threshold over 100', { threshold: '101' }, 'invalid threshold'],
    ['a threshold that is no number', { threshold: 'high' }, 'invalid threshold'],
    ['a negative threshold', { threshold: '-5' }, 'invalid threshold'],
  ] as const)('refuses %s with 400', async (_, extra, message) => {
    expect(errorOf(await postForm(ID, form(jpeg('refused'), extra as Record<string, Part>)))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
    });
  });

  it('needs a trackId', async () => {
    expect(errorOf(await postForm(ID, form(jpeg()), null)).message).toBe('trackId is required');
  });
});

describe('compareTwoImages', () => {
  const ID = 'kycCompareTwoImagesPost';
  const form = (live: Buffer, person: Buffer, extra: Record<string, Part> = {}): Record<string, Part> => ({
    liveImage: facePart(live),
    personImage: facePart(person, 'person.png', 'image/png'),
    ...extra,
  });

  it('answers the four wire fields, the same whichever photo comes first', async () => {
    const live = jpeg('two-a');
    const person = png('two-b');
    const result = resultOf(await postForm(ID, form(live, person, { threshold: '40' })));
    expect(Object.keys(result).sort()).toEqual(['isVerified', 'message', 'verificationScore', 'verificationThreshold']);
    expect(result).toEqual(twoImagesComparisonOf(live, person, 40));
    expect(resultOf(await postForm(ID, form(person, live, { threshold: '40' })))).toEqual(result);
    expect(at(sandbox.calls(ID), 0).body).toEqual({
      liveImage: { filename: 'image.jpg', contentType: 'image/jpeg', size: 1024 },
      personImage: { filename: 'person.png', contentType: 'image/png', size: 1024 },
      threshold: '40',
    });
  });

  it('compares two byte-identical photos as the same face', async () => {
    const image = jpeg('two-same');
    const result = resultOf(await postForm(ID, form(image, Buffer.from(image))));
    expect(result).toMatchObject({
      verificationScore: 100,
      verificationThreshold: DEFAULT_FACE_THRESHOLD,
      isVerified: true,
    });
  });

  it('scores photos that differ over the whole range: some match at the default threshold, most do not', () => {
    const scores = Array.from({ length: 200 }, (_, i) =>
      twoImagesComparisonOf(jpeg(`range-a-${i}`), jpeg(`range-b-${i}`)),
    );
    const verified = scores.filter((c) => c.isVerified);
    expect(verified.length).toBeGreaterThan(10);
    expect(verified.length).toBeLessThan(100);
    for (const c of scores) expect(c.verificationScore).toBeLessThan(100);
  });

  it.each(['liveImage', 'personImage'])('refuses a form without %s', async (field) => {
    const parts = form(jpeg('a'), jpeg('b'));
    delete parts[field];
    expect(errorOf(await postForm(ID, parts))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: `${field} is required`,
    });
  });

  it.each([
    [
      'a person image that is no JPG or PNG',
      { personImage: facePart(webm()) },
      'personImage must be a JPG or PNG image',
    ],
    ['a live image that is no JPG or PNG', { liveImage: facePart(mp4()) }, 'liveImage must be a JPG or PNG image'],
    [
      'a person image over 5 MB',
      { personImage: facePart(png('big', 5 * MiB + 1)) },
      'personImage must be at most 5 MB',
    ],
    ['a threshold over 100', { threshold: '1000' }, 'invalid threshold'],
  ] as const)('refuses %s with 400', async (_, extra, message) => {
    expect(errorOf(await postForm(ID, form(jpeg('a'), png('b'), extra as Record<string, Part>)))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
    });
  });

  it('needs a trackId', async () => {
    expect(errorOf(await postForm(ID, form(jpeg('a'), jpeg('b')), null)).message).toBe('trackId is required');
  });
});
