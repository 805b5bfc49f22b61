/**
 * Person.videoMatch, Person.photoMatch and Query.faceComparison over HTTP: the multipart calls they
 * make, their answers, their refusals and deduplication.
 */
import { describe, expect, it } from 'vitest';
import {
  CLIENT_PERSON,
  WOMAN,
  nationalCardSerialOf,
  DEFAULT_FACE_THRESHOLD,
  liveImageComparisonOf,
  twoImagesComparisonOf,
  videoComparisonOf,
} from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { MiB, jpeg, mp4, png, webm } from './files.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

const SERIAL = nationalCardSerialOf(WOMAN.nationalId);
const b64 = (file: Buffer) => file.toString('base64');

interface Comparison {
  verified: boolean | null;
  score: number | null;
  threshold: number | null;
  message: string | null;
}

describe('videoMatch', () => {
  const OPERATION = 'kycCompareVideoWithNationalCardImagePost';
  const QUERY = `query($n: String!, $video: String!, $birthDate: String!, $serial: String!) {
    person(nationalId: $n) { videoMatch(video: $video, birthDate: $birthDate, cardSerial: $serial) { faceMatchPercentage trackingCode } }
  }`;
  const match = (video: string, overrides: Record<string, unknown> = {}) =>
    h.gql<{ person: { videoMatch: { faceMatchPercentage: number | null; trackingCode: string | null } | null } }>(
      QUERY,
      {
        n: WOMAN.nationalId,
        video,
        birthDate: WOMAN.birthDate,
        serial: SERIAL,
        ...overrides,
      },
    );

  it('sends the video and the card details as a multipart form and answers the face match', async () => {
    const video = mp4('recorded', 4096);
    const res = await match(b64(video));
    expect(res.errors).toBeUndefined();
    const expected = videoComparisonOf(video, WOMAN.nationalId);
    expect(dataOf(res).person.videoMatch).toEqual({
      faceMatchPercentage: expected.faceVerification,
      trackingCode: expected.trackingCode,
    });
    const calls = h.upstreamCalls(OPERATION);
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).method).toBe('POST');
    expect(at(calls, 0).path).toBe(`/kyc/v2/clients/${h.sandbox.options.clientId}/compareVideoWithNationalCardImage`);
    expect(Object.keys(at(calls, 0).query)).toEqual(['trackId']);
    expect(at(calls, 0).body).toEqual({
      video: { filename: 'video.mp4', contentType: 'video/mp4', size: 4096 },
      nationalCode: WOMAN.nationalId,
      birthDate: WOMAN.birthDate,
      serialNumber: SERIAL,
    });
  });

  it('sends a WebM as such, with the serial upper-cased', async () => {
    const res = await match(b64(webm('recorded-webm')), { serial: SERIAL.toLowerCase() });
    expect(res.errors).toBeUndefined();
    expect(at(h.upstreamCalls(OPERATION), 0).body).toMatchObject({
      video: { filename: 'video.webm', contentType: 'video/webm', size: 2048 },
      serialNumber: SERIAL,
    });
  });

  it.each([
    ['video', 'a PNG', { video: b64(png()) }, 'MP4 or WebM'],
    ['video', 'a video of 5 MiB and one byte', { video: b64(mp4('big', 5 * MiB + 1)) }, '5242880'],
    ['video', 'text that is not base64', { video: 'video.mp4!' }, 'base64'],
    ['birthDate', 'an impossible date', { birthDate: '1402/12/30' }, 'Jalali'],
    ['cardSerial', 'a serial with a dash', { serial: 'AB-123' }, 'letters'],
  ])('refuses %s: %s, before any upstream call', async (argumentPath, _, overrides, says) => {
    const { video = b64(mp4('valid')), ...rest } = overrides as Record<string, unknown>;
    const res = await match(video as string, rest);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath });
    expect(firstError(res).message).toContain(says);
    expect(partialDataOf(res).person.videoMatch).toBeNull();
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it.each([
    ['a birth date', { birthDate: CLIENT_PERSON.birthDate }],
    ['a card serial', { serial: nationalCardSerialOf(CLIENT_PERSON.nationalId) }],
  ])("reports %s that is not the person's as the upstream's refusal", async (_, overrides) => {
    const res = await match(b64(mp4('refused')), overrides);
    expect(partialDataOf(res).person.videoMatch).toBeNull();
    expect(firstError(res).extensions).toMatchObject({
      code: 'UPSTREAM_REJECTED',
      upstreamCode: 'VALIDATION_ERROR',
      httpStatus: 400,
    });
    expect(h.upstreamCalls(OPERATION)).toHaveLength(1);
  });

  it('sends the same video and details asked for twice in one operation once, however the base64 is wrapped', async () => {
    const video = b64(mp4('twice', 6000));
    const wrapped = video.replace(/(.{76})/g, '$1\n');
    expect(wrapped).not.toBe(video);
    const res = await h.gql<{ person: Record<string, { faceMatchPercentage: number; trackingCode: string }> }>(
      `query($n: String!, $a: String!, $b: String!, $c: String!, $d: String!, $s: String!) { person(nationalId: $n) {
        a: videoMatch(video: $a, birthDate: $d, cardSerial: $s) { faceMatchPercentage trackingCode }
        b: videoMatch(video: $b, birthDate: $d, cardSerial: $s) { faceMatchPercentage trackingCode }
        c: videoMatch(video: $c, birthDate: $d, cardSerial: $s) { trackingCode }
      } }`,
      { n: WOMAN.nationalId, a: video, b: wrapped, c: b64(mp4('other', 6000)), d: WOMAN.birthDate, s: SERIAL },
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.a).toEqual(dataOf(res).person.b);
    expect(present(dataOf(res).person.c, 'person.c').trackingCode).not.toBe(
      present(dataOf(res).person.a, 'person.a').trackingCode,
    );
    // Two calls: the video (asked twice) and the other video.
    expect(h.upstreamCalls(OPERATION)).toHaveLength(2);
  });
});

describe('photoMatch', () => {
  const OPERATION = 'kycCompareLiveImageWithNationalCardPost';
  const QUERY = `query($n: String!, $image: String!, $birthDate: String!, $serial: String!, $threshold: Int) {
    person(nationalId: $n) { photoMatch(image: $image, birthDate: $birthDate, cardSerial: $serial, threshold: $threshold) {
      verified score threshold message trackingCode
    } }
  }`;
  type PhotoMatch = Comparison & { trackingCode: string | null };
  const match = (image: string, overrides: Record<string, unknown> = {}) =>
    h.gql<{ person: { photoMatch: PhotoMatch | null } }>(QUERY, {
      n: WOMAN.nationalId,
      image,
      birthDate: WOMAN.birthDate,
      serial: SERIAL,
      ...overrides,
    });

  it('sends the photo, the card details and the threshold as a multipart form and answers the verdict', async () => {
    const image = jpeg('selfie', 3000);
    const res = await match(b64(image), { threshold: 85 });
    expect(res.errors).toBeUndefined();
    const expected = liveImageComparisonOf(image, WOMAN.nationalId, 85);
    expect(dataOf(res).person.photoMatch).toEqual({
      verified: expected.isVerified,
      score: expected.verificationScore,
      threshold: 85,
      message: expected.message,
      trackingCode: expected.trackingCode,
    });
    expect(present(dataOf(res).person.photoMatch, 'person.photoMatch').verified).toBe(true);
    const calls = h.upstreamCalls(OPERATION);
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).method).toBe('POST');
    expect(at(calls, 0).path).toBe(`/kyc/v2/clients/${h.sandbox.options.clientId}/compareLiveImageWithNationalCard`);
    expect(Object.keys(at(calls, 0).query)).toEqual(['trackId']);
    expect(at(calls, 0).body).toEqual({
      liveImage: { filename: 'image.jpg', contentType: 'image/jpeg', size: 3000 },
      nationalCode: WOMAN.nationalId,
      birthDate: WOMAN.birthDate,
      serialNumber: SERIAL,
      threshold: '85',
    });
  });

  it("sends a PNG as such, leaves threshold out when not given and answers the upstream's default", async () => {
    const image = png('selfie-png');
    const res = await match(b64(image));
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.photoMatch).toMatchObject({
      threshold: DEFAULT_FACE_THRESHOLD,
      score: liveImageComparisonOf(image, WOMAN.nationalId).verificationScore,
    });
    expect(at(h.upstreamCalls(OPERATION), 0).body).toEqual({
      liveImage: { filename: 'image.png', contentType: 'image/png', size: 1024 },
      nationalCode: WOMAN.nationalId,
      birthDate: WOMAN.birthDate,
      serialNumber: SERIAL,
    });
  });

  it('accepts the thresholds 0 and 100, and a score under the threshold is not verified', async () => {
    const image = b64(jpeg('edges'));
    const none = await match(image, { threshold: 0 });
    expect(dataOf(none).person.photoMatch).toMatchObject({ verified: true, threshold: 0 });
    const all = await match(image, { threshold: 100 });
    expect(all.errors).toBeUndefined();
    expect(dataOf(all).person.photoMatch).toMatchObject({ verified: false, threshold: 100 });
    expect(present(dataOf(all).person.photoMatch, 'person.photoMatch').score).toBeLessThan(100);
    expect(present(dataOf(all).person.photoMatch, 'person.photoMatch').message).not.toBe(
      present(dataOf(none).person.photoMatch, 'person.photoMatch').message,
    );
    expect(h.upstreamCalls(OPERATION).map((call) => (call.body as Record<string, unknown>)['threshold'])).toEqual([
      '0',
      '100',
    ]);
  });

  it.each([
    ['image', 'an MP4', { image: b64(mp4()) }, 'JPEG or PNG'],
    ['image', 'a PNG signature cut short', { image: b64(Buffer.from([0x89, 0x50, 0x4e, 0x47])) }, 'JPEG or PNG'],
    ['image', 'a JPEG of 5 MiB and one byte', { image: b64(jpeg('big', 5 * MiB + 1)) }, '5242880'],
    ['image', 'a data: URL', { image: `data:image/jpeg;base64,${b64(jpeg())}` }, 'base64'],
    ['birthDate', 'a Gregorian date', { birthDate: '1990-05-01' }, 'Jalali'],
    ['cardSerial', 'a serial of 21 characters', { serial: '1'.repeat(21) }, 'letters'],
    ['threshold', 'a threshold of 101', { threshold: 101 }, '0 to 100'],
    ['threshold', 'a negative threshold', { threshold: -1 }, '0 to 100'],
  ])('refuses %s: %s, before any upstream call', async (argumentPath, _, overrides, says) => {
    const { image = b64(jpeg('valid')), ...rest } = overrides as Record<string, unknown>;
    const res = await match(image as string, rest);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath });
    expect(firstError(res).message).toContain(says);
    expect(partialDataOf(res).person.photoMatch).toBeNull();
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it.each([
    ['a birth date', { birthDate: CLIENT_PERSON.birthDate }],
    ['a card serial', { serial: nationalCardSerialOf(CLIENT_PERSON.nationalId) }],
  ])("reports %s that is not the person's as the upstream's refusal", async (_, overrides) => {
    const res = await match(b64(jpeg('refused')), overrides);
    expect(partialDataOf(res).person.photoMatch).toBeNull();
    expect(firstError(res).extensions).toMatchObject({
      code: 'UPSTREAM_REJECTED',
      upstreamCode: 'VALIDATION_ERROR',
      httpStatus: 400,
    });
    expect(h.upstreamCalls(OPERATION)).toHaveLength(1);
  });

  it('sends the same photo and details asked for twice in one operation once, another threshold again', async () => {
    const image = b64(jpeg('twice', 5000));
    const res = await h.gql<{ person: Record<string, PhotoMatch> }>(
      `query($n: String!, $i: String!, $d: String!, $s: String!) { person(nationalId: $n) {
        a: photoMatch(image: $i, birthDate: $d, cardSerial: $s, threshold: 90) { score trackingCode }
        b: photoMatch(image: $i, birthDate: $d, cardSerial: $s, threshold: 90) { verified score trackingCode }
        c: photoMatch(image: $i, birthDate: $d, cardSerial: $s) { threshold }
      } }`,
      { n: WOMAN.nationalId, i: image, d: WOMAN.birthDate, s: SERIAL },
    );
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).person.b, 'person.b').trackingCode).toBe(
      present(dataOf(res).person.a, 'person.a').trackingCode,
    );
    const calls = h.upstreamCalls(OPERATION);
    expect(calls.map((call) => (call.body as Record<string, unknown>)['threshold']).sort()).toEqual(['90', undefined]);
  });
});

describe('faceComparison', () => {
  const OPERATION = 'kycCompareTwoImagesPost';
  const QUERY = `query($image: String!, $other: String!, $threshold: Int) {
    faceComparison(image: $image, otherImage: $other, threshold: $threshold) { verified score threshold message }
  }`;
  const compare = (image: Buffer | string, other: Buffer | string, threshold?: number) =>
    h.gql<{ faceComparison: Comparison | null }>(QUERY, {
      image: typeof image === 'string' ? image : b64(image),
      other: typeof other === 'string' ? other : b64(other),
      threshold,
    });

  it('sends both photos and the threshold as a multipart form and answers the verdict', async () => {
    const image = jpeg('live', 2000);
    const other = png('person', 1500);
    const res = await compare(image, other, 30);
    expect(res.errors).toBeUndefined();
    const expected = twoImagesComparisonOf(image, other, 30);
    expect(dataOf(res).faceComparison).toEqual({
      verified: expected.isVerified,
      score: expected.verificationScore,
      threshold: 30,
      message: expected.message,
    });
    const calls = h.upstreamCalls(OPERATION);
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).method).toBe('POST');
    expect(at(calls, 0).path).toBe(`/kyc/v2/clients/${h.sandbox.options.clientId}/compareTwoImages`);
    expect(Object.keys(at(calls, 0).query)).toEqual(['trackId']);
    expect(at(calls, 0).body).toEqual({
      liveImage: { filename: 'image.jpg', contentType: 'image/jpeg', size: 2000 },
      personImage: { filename: 'image.png', contentType: 'image/png', size: 1500 },
      threshold: '30',
    });
  });

  it("tells two copies of one photo the same face, with the upstream's default threshold", async () => {
    const image = jpeg('same');
    const res = await compare(image, Buffer.from(image));
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).faceComparison).toMatchObject({ verified: true, score: 100, threshold: DEFAULT_FACE_THRESHOLD });
    expect(at(h.upstreamCalls(OPERATION), 0).body).not.toHaveProperty('threshold');
  });

  it.each([
    ['image', 'an MP4 first', mp4(), jpeg(), undefined, 'JPEG or PNG'],
    ['otherImage', 'an MP4 second', jpeg(), mp4(), undefined, 'JPEG or PNG'],
    ['otherImage', 'a second photo of 5 MiB and one byte', jpeg(), png('big', 5 * MiB + 1), undefined, '5242880'],
    ['image', 'a first photo that is not base64', 'photo.jpg', jpeg(), undefined, 'base64'],
    ['threshold', 'a threshold of 101', jpeg(), png(), 101, '0 to 100'],
  ])('refuses %s: %s, before any upstream call', async (argumentPath, _, image, other, threshold, says) => {
    const res = await compare(image, other, threshold);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath });
    expect(firstError(res).message).toContain(says);
    expect(partialDataOf(res).faceComparison).toBeNull();
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('compares the same two photos asked for twice in one operation once', async () => {
    const image = b64(jpeg('pair-a'));
    const other = b64(png('pair-b'));
    const res = await h.gql<Record<string, Comparison>>(
      `query($i: String!, $o: String!, $w: String!) {
        a: faceComparison(image: $i, otherImage: $o) { score }
        b: faceComparison(image: $w, otherImage: $o) { score verified }
        c: faceComparison(image: $o, otherImage: $i) { score }
      }`,
      { i: image, o: other, w: image.replace(/(.{60})/g, '$1\r\n') },
    );
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).b, 'b').score).toBe(present(dataOf(res).a, 'a').score);
    // The photos the other way round are another form: a second call.
    const calls = h.upstreamCalls(OPERATION);
    expect(calls).toHaveLength(2);
    expect(
      calls.map(
        (call) => present((call.body as Record<string, { contentType: string }>)['liveImage'], 'liveImage').contentType,
      ),
    ).toEqual(['image/jpeg', 'image/png']);
  });
});
