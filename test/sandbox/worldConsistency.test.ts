/**
 * One world, seen through many operations: properties over generated national ids, checked over HTTP,
 * where every operation must tell the same story about the same person, card and account.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/datasources/upstream/operations.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { accountsOf, cardsOf, personOf } from '../../sandbox/world/index.js';
import { resultOf, type Json } from './support.js';
import {
  WORLD_OPERATIONS,
  callWorld,
  forDepositToIban,
  ibanMod97,
  issueWorldToken,
  luhnValid,
  nationalIdArbitrary,
  type WorldCall,
} from './worldSupport.js';
import { at, present } from '../helpers/responses.js';

let sandbox: Sandbox;
let token: string;
/** Card prefix → bank code, as banksInfo gives it. */
let bankCodeOfPrefix: Map<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  token = await issueWorldToken(sandbox);
  const banks = resultOf(await callWorld(sandbox, token, 'facilityBanksInfoGet')) as unknown as Json[];
  bankCodeOfPrefix = new Map(banks.map((bank) => [String(bank['cardPrefix']), bank['code'] as string]));
});

afterAll(async () => {
  await sandbox.close();
});

const result = async (id: OperationId, request: WorldCall = {}) =>
  resultOf(await callWorld(sandbox, token, id, request));
const RUNS = { numRuns: 25 };
const nameOf = (nid: string) => {
  const { firstName, lastName } = personOf(nid);
  return { firstName, lastName };
};

describe('a person’s cards lead back to the person', () => {
  it('cardsOf → cardToIban → ibanInquiry lists the person among the owners, and the IBAN checks', async () => {
    await fc.assert(
      fc.asyncProperty(nationalIdArbitrary, fc.nat(), async (nid, pick) => {
        const cards = cardsOf(nid);
        expect(cards.length).toBeGreaterThan(0);
        const card = at(cards, pick % cards.length);
        expect(luhnValid(card)).toBe(true);
        const converted = await result('facilityCardToIbanGet', { query: { version: '2', card } });
        const iban = converted['IBAN'] as string;
        expect(ibanMod97(iban)).toBe(1n);
        expect(iban.slice(4, 7)).toBe(bankCodeOfPrefix.get(card.slice(0, 6)));
        const inquiry = await result('oakIbanInquiryGet', { query: { iban } });
        expect(inquiry['depositOwners']).toContainEqual(nameOf(nid));
        expect(inquiry['deposit']).toBe(converted['deposit']);
        expect(await result('kycIbanOwnerVerificationGet', { query: { iban, nid } })).toEqual({ isValid: 'yes' });
        expect(await result('kycCardOwnerVerificationPost', { body: { card, nid } })).toEqual({ isValid: true });
      }),
      RUNS,
    );
  });

  it('card → cardToDeposit → depositToIban gives the IBAN cardToIban gives', async () => {
    await fc.assert(
      fc.asyncProperty(nationalIdArbitrary, fc.nat(), async (nid, pick) => {
        const cards = cardsOf(nid);
        const card = at(cards, pick % cards.length);
        const bankCode = present(bankCodeOfPrefix.get(card.slice(0, 6)), 'bankCode');
        const { deposit, name } = await result('facilityCardToDepositGet', { query: { card } });
        expect(name).toBe(`${personOf(nid).firstName} ${personOf(nid).lastName}`);
        const viaDeposit = await result('facilityDepositToIbanGet', {
          query: { deposit: forDepositToIban(deposit as string, bankCode), bankCode },
        });
        const viaCard = await result('facilityCardToIbanGet', { query: { version: '2', card } });
        expect(viaDeposit['iban']).toBe(viaCard['IBAN']);
        expect(viaDeposit['accountStatus']).toBe(viaCard['depositStatus']);
        expect(viaDeposit['bankName']).toBe(viaCard['bankName']);
        const info = await result('facilityDepositInfoGet', { query: { deposit: deposit as string } });
        expect(info['bankName']).toBe(viaCard['bankName']);
        expect(info['fullName']).toBe(viaCard['depositOwners']);
      }),
      RUNS,
    );
  });

  it('every account of the person names them as owner, and joint accounts list both owners', async () => {
    let joint = 0;
    await fc.assert(
      fc.asyncProperty(nationalIdArbitrary, async (nid) => {
        for (const account of accountsOf(nid).slice(0, 4)) {
          const inquiry = await result('oakIbanInquiryGet', { query: { iban: account.iban } });
          expect(inquiry['depositOwners']).toEqual(account.owners.map(nameOf));
          expect(account.owners).toContain(nid);
          if (account.joint) {
            joint++;
            expect(account.owners).toHaveLength(2);
            const [holder, second] = [at(account.owners, 0), at(account.owners, 1)];
            expect(await result('kycIbanOwnerVerificationGet', { query: { iban: account.iban, nid: holder } })).toEqual(
              { isValid: 'yes' },
            );
            expect(await result('kycIbanOwnerVerificationGet', { query: { iban: account.iban, nid: second } })).toEqual(
              { isValid: 'most_possible' },
            );
            const v1 = await result('facilityCardToIbanGet', { query: { card: account.card } });
            expect(v1['depositOwners']).toEqual([nameOf(holder), nameOf(second)]);
          }
        }
      }),
      { numRuns: 40 },
    );
    // With about 1 account in 5 joint, 40 people surely hold some.
    expect(joint).toBeGreaterThan(0);
  });
});

describe('a person is the same person everywhere', () => {
  it('identificationInquiry, nidInquiry, Shahab, card inquiry, ibanInquiry, Shahkar and the postal address agree', async () => {
    await fc.assert(
      fc.asyncProperty(nationalIdArbitrary, async (nid) => {
        const person = personOf(nid);
        const record = await result('kycIdentificationInquiryGet', {
          query: { nationalCode: nid, birthDate: person.birthDate },
        });
        expect(record).toMatchObject({
          nationalId: nid,
          firstName: person.firstName,
          lastName: person.lastName,
          birthDate: person.birthDate,
          gender: person.gender,
        });
        const byPath = await result('facilityCcNidInquiryGet', {
          path: { nid },
          query: { birthDate: person.birthDate },
        });
        expect({ ...byPath, trackingCode: null }).toEqual({ ...record, trackingCode: null });

        const shahab = await result('oakShahabInquiryGet', {
          path: { nid },
          query: { birthDate: person.birthDate.replaceAll('/', ''), identityNo: record['identityNo'] as string },
        });
        expect(shahab).toMatchObject({
          firstName: record['firstName'],
          lastName: record['lastName'],
          fatherName: record['fatherName'],
          gender: record['gender'] === 'مرد' ? 'M' : 'F',
        });

        const card = await result('mpgCardInformationGet', { path: { card: at(cardsOf(nid), 0) } });
        expect(card['name']).toBe(`${record['firstName']} ${record['lastName']}`);

        const death = await result('kycDeathStatusInquiryGet', {
          query: { nationalCode: nid, birthDate: person.birthDate },
        });
        expect(death['deathStatus']).toBe(record['deathStatus']);

        expect(
          await result('facilityShahkarVerifyGet', { query: { mobile: person.mobile, nationalCode: nid } }),
        ).toEqual({ isValid: true });
        expect(
          await result('kycMobileCardVerificationPost', { body: { mobile: person.mobile, card: at(cardsOf(nid), 0) } }),
        ).toEqual({ isValid: true });

        const military = await result('kycMilitaryInquiryGet', { query: { nationalCode: nid } });
        if (person.gender === 'زن' || person.birth.jy < 1350) expect(military['isAllowed']).toBe(true);

        const verification = await result('facilityCcNidVerificationGet', {
          path: { nid },
          query: {
            birthDate: person.birthDate,
            fullName: `${record['firstName']} ${record['lastName']}`,
            fatherName: record['fatherName'] as string,
          },
        });
        expect(verification).toMatchObject({
          fullNameSimilarity: 100,
          fatherNameSimilarity: 100,
          deathStatus: record['deathStatus'],
        });

        const address = await result('ecityPostalCodeGet', { query: { postalCode: person.postalCode } });
        expect(address).toEqual(person.address);
      }),
      RUNS,
    );
  });

  it('answers the same on another sandbox instance', async () => {
    const other = await startSandbox({ port: 0 });
    try {
      const otherToken = await issueWorldToken(other);
      const nid = at(fc.sample(nationalIdArbitrary, { seed: 11, numRuns: 1 }), 0);
      const person = personOf(nid);
      const calls: [OperationId, WorldCall][] = [
        ['kycIdentificationInquiryGet', { query: { nationalCode: nid, birthDate: person.birthDate } }],
        ['facilityCardToIbanGet', { query: { card: cardsOf(nid)[0] } }],
        ['kycMilitaryInquiryGet', { query: { nationalCode: nid } }],
        ['ecityPostalCodeGet', { query: { postalCode: person.postalCode } }],
        ['ecityParcelTrackingGet', { query: { trackingCode: '12345678901234567890' } }],
      ];
      for (const [id, request] of calls) {
        expect(resultOf(await callWorld(other, otherToken, id, request))).toEqual(await result(id, request));
      }
    } finally {
      await other.close();
    }
  });

  it('answers every world operation under its catalog path (no 501 left)', async () => {
    for (const id of WORLD_OPERATIONS) {
      const response = await callWorld(sandbox, token, id);
      expect(response.status, id).not.toBe(501);
    }
  });
});
