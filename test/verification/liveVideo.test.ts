/** Person.liveVideoMatch over HTTP: the multipart call it makes, its answer, its refusals and deduplication. */
import { describe, expect, it } from 'vitest';
import { CLIENT_PERSON, WOMAN, liveVideoComparisonOf, nationalCardSerialOf } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { MiB, findFile, mp4, png, webm } from './files.js';
import { at, dataOf, extensionsOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

const OPERATION = 'kycCompareLiveVideoWithNationalCardPost';
const SERIAL = nationalCardSerialOf(WOMAN.nationalId);
const SELECTION =
  'faceMatchPercentage livenessScore speechSimilarityPercentage printLivenessScore replayLivenessScore trackingCode';

interface Match {
  faceMatchPercentage: number | null;
  livenessScore: number | null;
  speechSimilarityPercentage: number | null;
  printLivenessScore: number | null;
  replayLivenessScore: number | null;
  trackingCode: string | null;
}

const QUERY = `query($n: String!, $video: String!, $birthDate: String!, $serial: String!, $speech: String) {
  person(nationalId: $n) { liveVideoMatch(video: $video, birthDate: $birthDate, cardSerial: $serial, speechText: $speech) { ${SELECTION} } }
}`;

function match(video: string, overrides: Record<string, unknown> = {}) {
  return h.gql<{ person: { liveVideoMatch: Match | null } }>(QUERY, {
    n: WOMAN.nationalId,
    video,
    birthDate: WOMAN.birthDate,
    serial: SERIAL,
    ...overrides,
  });
}

describe('liveVideoMatch', () => {
  it('sends the video and the details as a multipart form and answers with percentages', async () => {
    const video = mp4('happy', 4096);
    const res = await match(video.toString('base64'), { speech: 'سلام، من یاسمن هستم' });
    expect(res.errors).toBeUndefined();
    const expected = liveVideoComparisonOf(video, WOMAN.nationalId, 'سلام، من یاسمن هستم');
    expect(dataOf(res).person.liveVideoMatch).toEqual({
      faceMatchPercentage: expected.faceVerification,
      livenessScore: expected.liveness,
      // The sandbox sends the speech similarity as a fraction: the graph gives a percentage.
      speechSimilarityPercentage:
        Math.round(present(expected.speechSimilarity, 'expected.speechSimilarity') * 10_000) / 100,
      // The sandbox writes these scores as strings ("0.0394"): the graph gives their numbers.
      printLivenessScore: Number(expected.printLiveness),
      replayLivenessScore: Number(expected.replayLiveness),
      trackingCode: expected.trackingCode,
    });
    const calls = h.upstreamCalls(OPERATION);
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).method).toBe('POST');
    expect(at(calls, 0).path).toBe(`/kyc/v2/clients/${h.sandbox.options.clientId}/compareLiveVideoWithNationalCard`);
    expect(Object.keys(at(calls, 0).query)).toEqual(['trackId']);
    expect(at(calls, 0).body).toEqual({
      video: { filename: 'video.mp4', contentType: 'video/mp4', size: 4096 },
      nationalCode: WOMAN.nationalId,
      birthDate: WOMAN.birthDate,
      serialNumber: SERIAL,
      speechText: 'سلام، من یاسمن هستم',
    });
  });

  it('sends a WebM as such, leaves speechText out when not given and answers no speech similarity', async () => {
    const video = webm('no-speech');
    const res = await match(video.toString('base64'), {
      birthDate: WOMAN.birthDate.replaceAll('/', ''),
      serial: SERIAL.toLowerCase(),
    });
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).person.liveVideoMatch, 'person.liveVideoMatch').speechSimilarityPercentage).toBeNull();
    expect(present(dataOf(res).person.liveVideoMatch, 'person.liveVideoMatch').faceMatchPercentage).toBe(
      liveVideoComparisonOf(video, WOMAN.nationalId).faceVerification,
    );
    expect(at(h.upstreamCalls(OPERATION), 0).body).toEqual({
      video: { filename: 'video.webm', contentType: 'video/webm', size: 2048 },
      nationalCode: WOMAN.nationalId,
      birthDate: WOMAN.birthDate,
      serialNumber: SERIAL,
    });
  });

  it.each([
    ['a photo', 'printLiveness', 'printLivenessScore', 'replayLivenessScore'],
    ['a screen', 'replayLiveness', 'replayLivenessScore', 'printLivenessScore'],
  ] as const)(
    'gives the scores of a video filmed from %s as the sandbox writes them',
    async (_, wire, field, other) => {
      const video = findFile(mp4, (file) => Number(liveVideoComparisonOf(file, WOMAN.nationalId)[wire]) >= 0.9, wire);
      const res = await match(video.toString('base64'));
      expect(res.errors).toBeUndefined();
      const answer = present(dataOf(res).person.liveVideoMatch, 'answer');
      expect(answer[field]).toBe(Number(liveVideoComparisonOf(video, WOMAN.nationalId)[wire]));
      expect(answer[field]).toBeGreaterThanOrEqual(0.9);
      expect(answer[other]).toBeLessThan(0.5);
      expect(answer.livenessScore).toBeLessThan(0.001);
    },
  );

  it('accepts a video of exactly 5 MiB within the default request size limit', async () => {
    const video = mp4('five', 5 * MiB);
    const res = await match(video.toString('base64'));
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(at(h.upstreamCalls(OPERATION), 0).body).toMatchObject({ video: { size: 5 * MiB } });
  });

  it('refuses a video of 5 MiB and one byte before any upstream call', async () => {
    const res = await match(mp4('five', 5 * MiB + 1).toString('base64'));
    expect(res.status).toBe(200);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'video' });
    expect(firstError(res).message).toContain('5242880');
    expect(partialDataOf(res).person.liveVideoMatch).toBeNull();
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  const valid = mp4('valid').toString('base64');
  const unpadded = valid.replace(/=+$/, '');
  it.each([
    ['video', 'not base64', { video: 'this is not base64!' }, 'base64'],
    // Node would decode these leniently: the check must not.
    ['video', 'base64url', { video: `${unpadded.replace(/\+/g, '-').replace(/\//g, '_')}-_-_` }, 'base64'],
    ['video', 'a data: URL', { video: `data:video/mp4;base64,${valid}` }, 'base64'],
    ['video', 'a length no base64 text has', { video: `${unpadded}AA` }, 'base64'],
    ['video', 'padding in the middle', { video: `${unpadded.slice(0, 8)}==${unpadded.slice(8)}` }, 'base64'],
    ['video', 'an empty string', { video: '' }, 'base64'],
    ['video', 'a PNG', { video: png().toString('base64') }, 'MP4 or WebM'],
    ['birthDate', 'an impossible date', { birthDate: '1402/12/30' }, 'Jalali'],
    ['birthDate', 'a Gregorian date', { birthDate: '1990-05-01' }, 'Jalali'],
    ['cardSerial', 'an empty serial', { serial: '  ' }, 'letters'],
    ['cardSerial', 'a serial with a dash', { serial: 'AB-123' }, 'letters'],
    ['cardSerial', 'a serial of 21 characters', { serial: '1'.repeat(21) }, 'letters'],
    ['speechText', 'a speech text of 201 characters', { speech: 'س'.repeat(201) }, '200'],
    ['speechText', 'a blank speech text', { speech: '   ' }, '200'],
  ])('refuses %s: %s, before any upstream call', async (argumentPath, _, overrides, says) => {
    const res = await match(valid, overrides);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath });
    expect(firstError(res).message).toContain(says);
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('accepts a serial of 20 characters and a speech text of 200', async () => {
    const res = await match(valid, { serial: '1'.repeat(20), speech: 'س'.repeat(200) });
    // The sandbox refuses a serial that is not the card's: the call was made.
    expect(firstError(res).extensions).toMatchObject({ code: 'UPSTREAM_REJECTED', upstreamCode: 'VALIDATION_ERROR' });
    expect(at(h.upstreamCalls(OPERATION), 0).body).toMatchObject({
      serialNumber: '1'.repeat(20),
      speechText: 'س'.repeat(200),
    });
  });

  it("reports a birth date that is not the person's as the upstream's refusal", async () => {
    const res = await match(valid, { birthDate: CLIENT_PERSON.birthDate });
    expect(partialDataOf(res).person.liveVideoMatch).toBeNull();
    expect(firstError(res).extensions).toMatchObject({
      code: 'UPSTREAM_REJECTED',
      upstreamCode: 'VALIDATION_ERROR',
      httpStatus: 400,
    });
    expect(extensionsOf(firstError(res))['trackId']).toBe(at(h.upstreamCalls(OPERATION), 0).trackId);
  });

  it('sends the same video and details asked for twice in one operation once, however the base64 is wrapped', async () => {
    const video = mp4('twice', 6000).toString('base64');
    const wrapped = video.replace(/(.{76})/g, '$1\n');
    expect(wrapped).not.toBe(video);
    const res = await h.gql<{ person: Record<string, Match> }>(
      `query($n: String!, $a: String!, $b: String!, $d: String!, $s: String!) { person(nationalId: $n) {
        a: liveVideoMatch(video: $a, birthDate: $d, cardSerial: $s) { faceMatchPercentage trackingCode }
        b: liveVideoMatch(video: $b, birthDate: $d, cardSerial: $s) { faceMatchPercentage trackingCode }
        c: liveVideoMatch(video: $a, birthDate: $d, cardSerial: $s, speechText: "یک") { faceMatchPercentage }
      } }`,
      { n: WOMAN.nationalId, a: video, b: wrapped, d: WOMAN.birthDate, s: SERIAL },
    );
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.a).toEqual(dataOf(res).person.b);
    // Two distinct calls: the video alone, and the video with a speech text.
    const calls = h.upstreamCalls(OPERATION);
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => (call.body as Record<string, unknown>)['speechText'])).toEqual([undefined, 'یک']);
  });

  it('sends the whole form again when the upstream rejects the token', async () => {
    h.sandbox.revokeAllTokens();
    const res = await match(mp4('retry', 3333).toString('base64'));
    expect(res.errors).toBeUndefined();
    const calls = h.upstreamCalls(OPERATION);
    expect(calls.map((call) => call.status)).toEqual([401, 200]);
    expect(at(calls, 0).trackId).not.toBe(at(calls, 1).trackId);
    for (const call of calls)
      expect(call.body).toMatchObject({ video: { size: 3333, filename: 'video.mp4' }, serialNumber: SERIAL });
  });
});
