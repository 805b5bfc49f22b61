/** How the kyb answers are read: dates in either calendar, ids sent as numbers, mobiles, either spelling. */
import { describe, expect, it } from 'vitest';
import { CompaniesAPI } from '../../src/datasources/companies.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';
import { ErrorCode } from '../../src/errors.js';

/** Companies over an upstream that answers every call with `result`. */
function companies(result: unknown): CompaniesAPI {
  const answer = () => Promise.resolve({ result, trackId: 'track-1' });
  const upstream: UpstreamAccess = { read: answer, send: answer, authorize: () => Promise.resolve() };
  return new CompaniesAPI(upstream);
}

const unreadable = { details: { code: ErrorCode.UpstreamUnavailable } };

describe('company answers', () => {
  it('reads the company record leniently', async () => {
    const info = await companies({
      title: ' Acme ',
      registrationTypeTitle: 'سهامی خاص',
      registrationDate: '2023-04-04T10:00:00',
      capital: '1000000',
      lat: '35.7',
      lng: 51.4,
      status: 'فعال',
      knowledgeBasedConfirmationDate: '14020115',
    }).getCompanyInfo('10101010101');
    expect(info).toMatchObject({
      name: 'Acme',
      legalForm: 'PRIVATE_JOINT_STOCK',
      registeredOn: '1402/01/15',
      capital: '1000000',
      location: { latitude: 35.7, longitude: 51.4 },
      status: 'ACTIVE',
      statusText: 'فعال',
      registrationType: { id: null, title: 'سهامی خاص' },
      knowledgeBased: { state: null, category: null, confirmedOn: '1402/01/15' },
    });
  });

  it('prefers the Persian registration day, and reads no location from zeros or text', async () => {
    const info = await companies({
      persianRegistrationDate: '1401/1/2',
      registrationDate: '2023-04-04',
      lat: 0,
      lng: '0',
    }).getCompanyInfo('10101010101');
    expect(info).toMatchObject({ registeredOn: '1401/01/02', location: null, knowledgeBased: null });
    expect((await companies({ lat: '35%', lng: 51 }).getCompanyInfo('10101010101'))?.location).toBeNull();
  });

  it('reads no data as none, and an unreadable capital as an error', async () => {
    expect(await companies({ result: 110, message: 'no data' }).getCompanyInfo('10101010101')).toBeNull();
    await expect(companies({ capital: 'a lot' }).getCompanyInfo('10101010101')).rejects.toMatchObject(unreadable);
  });

  it('reads board seats: ids sent as numbers, the private mobile, the role', async () => {
    const members = await companies({
      boardMembers: [
        {
          nationalId: 12345678,
          name: 'A',
          mobile: '123',
          privateMobile: '09121234567',
          title: 'نایب رئیس هیئت مدیره',
          duration: '2',
        },
        { nationalId: '0012345678', mobile: '09351234567', privateMobile: '09121234567', title: 'مدیر عامل' },
      ],
    }).listBoardMembers('10101010101');
    expect(members.map((m) => [m.nationalId, m.mobile, m.role, m.termYears])).toEqual([
      ['0012345678', '09121234567', 'VICE_CHAIRMAN', 2],
      ['0012345678', '09351234567', 'CEO', null],
    ]);
  });

  it('reads signing rights: groups that may be absent, mobiles from the board, topics as one text', async () => {
    const rights = await companies({
      boardMembers: [{ nationalId: '0012345678', mobile: '09121234567' }],
      signholdersStatus: {
        normalSignature: null,
        obligatorySignature: {
          holders: [
            { nationalId: 12345678, name: 'A', mobile: '09351234567' },
            { nationalId: '0099999999', mobile: '09351234567' },
          ],
        },
      },
      allowedTopics: 'one\nتwo؛three',
      newspaperDate: '1402/05/06',
    }).getSigningRights('10101010101');
    expect(rights?.signatories.map((s) => [s.nationalId, s.kind, s.mobile])).toEqual([
      ['0012345678', 'OBLIGATORY', '09121234567'],
      ['0099999999', 'OBLIGATORY', '09351234567'],
    ]);
    expect(rights).toMatchObject({ allowedTopics: ['one', 'تwo', 'three'], publishedOn: '1402/05/06' });
    expect((await companies({}).getSigningRights('10101010101'))?.signatories).toEqual([]);
    const related = await companies({
      signholdersStatus: {
        obligatorySignature: {
          holders: [{ nationalId: 12345678 }, { nationalId: '0099999999' }],
          relationships: [
            { nationalId: 12345678, relatedNationalId: '0099999999', relatedName: 'B', relationType: 'joint' },
            { nationalId: 12345678, relatedNationalId: 55, relatedName: 'C', relationType: 'joint' },
            { nationalId: '0011111111', relatedNationalId: 12345678, relatedName: 'A', relationType: 'joint' },
          ],
        },
      },
    }).getSigningRights('10101010101');
    // A relation belongs to the holder it names; one naming no holder of its group is dropped.
    expect(related?.signatories.map((s) => [s.nationalId, s.relationships])).toEqual([
      [
        '0012345678',
        [
          { nationalId: '0099999999', name: 'B', relation: 'joint' },
          { nationalId: '0000000055', name: 'C', relation: 'joint' },
        ],
      ],
      ['0099999999', []],
    ]);
    await expect(companies({ signholdersStatus: 'none' }).getSigningRights('10101010101')).rejects.toMatchObject(
      unreadable,
    );
  });

  it('reads the newsletter day from newsLetterDate only when newsletterDate is absent or null', async () => {
    const notices = await companies([
      { newsId: '1', newspaperDate: '1402/01/01', newsLetterDate: '1402/01/02' },
      { newsId: '2', newspaperDate: '1402/01/03', newsletterDate: null, newsLetterDate: '1402/01/04' },
      { newsId: '3', newspaperDate: '1402/01/05', newsletterDate: '', newsLetterDate: '1402/01/06' },
    ]).listGazetteNotices('10101010101');
    expect(notices.map((n) => [n.id, n.newsletterDate])).toEqual([
      ['3', null],
      ['2', '1402/01/04'],
      ['1', '1402/01/02'],
    ]);
  });

  it('reads the credit validation grade and risk level in any case', async () => {
    const validation = await companies({ grade: 'b+', riskLevel: 'medium', score: 700 }).getCreditValidation(
      '10101010101',
    );
    expect(validation).toMatchObject({ grade: 'B+', riskLevel: 'MEDIUM', score: 700 });
    expect((await companies({ riskLevel: 'severe' }).getCreditValidation('10101010101'))?.riskLevel).toBeNull();
  });
});
