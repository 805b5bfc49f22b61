/** Query.nationalCardScan and Person.nationalCardImage over HTTP. */
import { describe, expect, it } from 'vitest';
import {
  isValidNationalId,
  CLIENT_PERSON,
  WOMAN,
  nationalCardExpiryOf,
  nationalCardImageOf,
  ocrOf,
  personOf,
} from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { MiB, findFile, jpeg, mp4, png } from './files.js';
import { at, dataOf, firstError, partialDataOf, present } from '../helpers/responses.js';

const h = useHarness();

interface Scan {
  side: 'FRONT' | 'BACK';
  nationalId: string | null;
  firstName: string | null;
  lastName: string | null;
  fatherName: string | null;
  birthDate: { jalali: string; iso: string } | null;
  expiresOn: { jalali: string; iso: string } | null;
  serial: string | null;
  person: { nationalId: string; identity: { firstName: string } | null } | null;
}

const SCAN = `query($side: NationalCardSide!, $image: String!) { nationalCardScan(side: $side, image: $image) {
  side nationalId firstName lastName fatherName birthDate { jalali iso } expiresOn { jalali iso } serial person { nationalId }
} }`;

const scan = (side: 'FRONT' | 'BACK', image: Buffer | string) =>
  h.gql<{ nationalCardScan: Scan | null }>(SCAN, {
    side,
    image: typeof image === 'string' ? image : image.toString('base64'),
  });

/** A card image whose national id the OCR reads correctly. */
const readable = findFile(jpeg, (file) => isValidNationalId(ocrOf(file).front.nationalCode), 'readable');

describe('nationalCardScan', () => {
  it('reads the front of a card and links the person read', async () => {
    const res = await scan('FRONT', readable);
    expect(res.errors).toBeUndefined();
    const { front } = ocrOf(readable);
    const person = personOf(front.nationalCode);
    expect(dataOf(res).nationalCardScan).toMatchObject({
      side: 'FRONT',
      nationalId: front.nationalCode,
      firstName: person.firstName,
      lastName: person.lastName,
      fatherName: person.fatherName,
      birthDate: { jalali: person.birthDate },
      expiresOn: { jalali: nationalCardExpiryOf(person.nationalId) },
      serial: null,
      person: { nationalId: person.nationalId },
    });
    expect(present(present(dataOf(res).nationalCardScan, 'nationalCardScan').birthDate, 'birthDate').iso).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    const calls = h.upstreamCalls('kycOcrPost');
    expect(calls).toHaveLength(1);
    expect(at(calls, 0).path).toBe(`/kyc/v2/clients/${h.sandbox.options.clientId}/ocr`);
    expect(at(calls, 0).trackId).toBeDefined();
    expect(at(calls, 0).body).toEqual({
      cardImage: { filename: 'card.jpg', contentType: 'image/jpeg', size: 1024 },
      type: 'uploadCardFront',
    });
  });

  it('reads the serial from the back, and it is the serial the live video match wants', async () => {
    const res = await scan('BACK', readable);
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).nationalCardScan).toEqual({
      side: 'BACK',
      nationalId: null,
      firstName: null,
      lastName: null,
      fatherName: null,
      birthDate: null,
      expiresOn: null,
      serial: ocrOf(readable).back.serial,
      person: null,
    });
    expect((at(h.upstreamCalls('kycOcrPost'), 0).body as Record<string, unknown>)['type']).toBe('uploadCardBack');

    const { front, back } = ocrOf(readable);
    const holder = personOf(front.nationalCode);
    const live = await h.gql<{ person: { liveVideoMatch: { faceMatchPercentage: number } | null } }>(
      `query($n: String!, $v: String!, $d: String!, $s: String!) { person(nationalId: $n) { liveVideoMatch(video: $v, birthDate: $d, cardSerial: $s) { faceMatchPercentage } } }`,
      { n: holder.nationalId, v: mp4('holder').toString('base64'), d: holder.birthDate, s: back.serial },
    );
    expect(live.errors).toBeUndefined();
    expect(
      present(dataOf(live).person.liveVideoMatch, 'person.liveVideoMatch').faceMatchPercentage,
    ).toBeGreaterThanOrEqual(90);
  });

  it('links no person when the id read fails its check digit', async () => {
    const misread = findFile(jpeg, (file) => !isValidNationalId(ocrOf(file).front.nationalCode), 'misread');
    const res = await scan('FRONT', misread);
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).nationalCardScan, 'nationalCardScan').nationalId).toBe(
      ocrOf(misread).front.nationalCode,
    );
    expect(present(dataOf(res).nationalCardScan, 'nationalCardScan').firstName).not.toBeNull();
    expect(present(dataOf(res).nationalCardScan, 'nationalCardScan').person).toBeNull();
  });

  it('scans the same image and side once per operation, each side once', async () => {
    const image = readable.toString('base64');
    const res = await h.gql<Record<string, Scan>>(
      `query($i: String!) {
        a: nationalCardScan(side: FRONT, image: $i) { nationalId }
        b: nationalCardScan(side: FRONT, image: $i) { nationalId firstName }
        c: nationalCardScan(side: BACK, image: $i) { serial }
        d: nationalCardScan(side: BACK, image: $i) { serial }
      }`,
      { i: image },
    );
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).a, 'a').nationalId).toBe(present(dataOf(res).b, 'b').nationalId);
    const calls = h.upstreamCalls('kycOcrPost');
    expect(calls.map((call) => (call.body as Record<string, unknown>)['type']).sort()).toEqual([
      'uploadCardBack',
      'uploadCardFront',
    ]);
  });

  it.each([
    ['a PNG', png().toString('base64'), 'JPEG'],
    ['an MP4', mp4().toString('base64'), 'JPEG'],
    ['a JPEG of 5 MiB and one byte', jpeg('big', 5 * MiB + 1).toString('base64'), '5242880'],
    ['text that is not base64', 'card.jpg', 'base64'],
  ])('refuses %s before any upstream call', async (_, image, says) => {
    const res = await scan('FRONT', image);
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'image' });
    expect(firstError(res).message).toContain(says);
    expect(partialDataOf(res).nationalCardScan).toBeNull();
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('takes a JPEG of exactly 5 MiB', async () => {
    const res = await scan('BACK', jpeg('big', 5 * MiB));
    expect(res.errors).toBeUndefined();
    expect(at(h.upstreamCalls('kycOcrPost'), 0).body).toMatchObject({ cardImage: { size: 5 * MiB } });
  });
});

describe('nationalCardImage', () => {
  const IMAGE = `query($n: String!, $d: String!) { person(nationalId: $n) { nationalCardImage(birthDate: $d) { contentType base64 } } }`;
  const image = (nationalId: string, birthDate: string) =>
    h.gql<{ person: { nationalCardImage: { contentType: string; base64: string } | null } }>(IMAGE, {
      n: nationalId,
      d: birthDate,
    });

  it('gives the card photo as base64 JPEG, asked for by national id and birth date', async () => {
    const res = await image(WOMAN.nationalId, WOMAN.birthDate);
    expect(res.errors).toBeUndefined();
    expect(dataOf(res).person.nationalCardImage).toEqual({
      contentType: 'image/jpeg',
      base64: nationalCardImageOf(WOMAN.nationalId),
    });
    expect([
      ...Buffer.from(
        present(dataOf(res).person.nationalCardImage, 'person.nationalCardImage').base64,
        'base64',
      ).subarray(0, 3),
    ]).toEqual([0xff, 0xd8, 0xff]);
    const call = at(h.upstreamCalls(), 0);
    expect(call.operationId).toBe('facilityNationalCardImageGet');
    expect(call.method).toBe('GET');
    expect(call.path).toBe(`/facility/v2/clients/${h.sandbox.options.clientId}/nationalCardImage`);
    expect(call.query).toEqual({ nationalCode: WOMAN.nationalId, birthDate: WOMAN.birthDate, trackId: call.trackId });
  });

  it('refuses an invalid birth date before any upstream call', async () => {
    const res = await image(WOMAN.nationalId, '1402/12/30');
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'birthDate' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it("reports a birth date that is not the person's as the upstream's refusal", async () => {
    const res = await image(WOMAN.nationalId, CLIENT_PERSON.birthDate);
    expect(partialDataOf(res).person.nationalCardImage).toBeNull();
    expect(firstError(res).extensions).toMatchObject({ code: 'UPSTREAM_REJECTED', upstreamCode: 'VALIDATION_ERROR' });
    expect(h.upstreamCalls('facilityNationalCardImageGet')).toHaveLength(1);
  });
});
