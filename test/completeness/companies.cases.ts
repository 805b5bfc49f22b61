import { COMPANY_SAMPLES, companyOf } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import type { Harness } from '../helpers/harness.js';
import { dataOf, present } from '../helpers/responses.js';
import type { DocumentedOperation } from './support.js';

/** An active company: registry record, board, signing rights, notices, licences and a credit validation. */
const { active, dissolved } = COMPANY_SAMPLES;
const CEO = present(
  companyOf(active.nationalId).board.find((seat) => seat.role === 'CEO'),
  'the chief executive of the active company',
);
const company = (fields: string, nationalId: string = active.nationalId) =>
  `{ company(nationalId: "${nationalId}") { nationalId name ${fields} } }`;

const BOARD = `boardMembers { nationalId name title role termStart { jalali } termEnd { jalali } termYears
  appointmentNoticeId gender email pictureUrl positionId tagline firstRole secondRole personMobile { mobile } }`;

/** Where each field of a board member entry (`kybBoardMembersGet`, `kybAuthorizedSignatoriesGet`) reaches the graph. */
const boardFields = (prefix: string) => ({
  // The company asked about, which every entry repeats.
  [`${prefix}companyId`]: 'company.nationalId',
  [`${prefix}company`]: 'company.name',
  [`${prefix}byNewsId`]: 'company.boardMembers.appointmentNoticeId',
  [`${prefix}nationalId`]: 'company.boardMembers.nationalId',
  [`${prefix}name`]: 'company.boardMembers.name',
  [`${prefix}gender`]: {
    path: 'company.boardMembers.gender',
    as: 'the registry word مرد (man) or زن (woman), or M/F, as the enum MALE/FEMALE',
  },
  [`${prefix}pictureUrl`]: 'company.boardMembers.pictureUrl',
  [`${prefix}mobile`]: 'company.boardMembers.personMobile.mobile',
  // Read only where `mobile` is empty: the member's mobile either way.
  [`${prefix}privateMobile`]: 'company.boardMembers.personMobile.mobile',
  [`${prefix}email`]: 'company.boardMembers.email',
  [`${prefix}positionId`]: 'company.boardMembers.positionId',
  [`${prefix}title`]: 'company.boardMembers.title',
  [`${prefix}tagline`]: 'company.boardMembers.tagline',
  [`${prefix}firstRole`]: 'company.boardMembers.firstRole',
  [`${prefix}secondRole`]: 'company.boardMembers.secondRole',
  [`${prefix}startDate`]: 'company.boardMembers.termStart.jalali',
  [`${prefix}endDate`]: 'company.boardMembers.termEnd.jalali',
  [`${prefix}duration`]: 'company.boardMembers.termYears',
});

/** Where each field of a group of signing-rights holders reaches the graph; `related` when it lists relations. */
const holderFields = (group: string, related: boolean) => ({
  [`signholdersStatus.${group}.holders[].name`]: 'company.signingRights.signatories.name',
  [`signholdersStatus.${group}.holders[].title`]: 'company.signingRights.signatories.title',
  [`signholdersStatus.${group}.holders[].nationalId`]: 'company.signingRights.signatories.nationalId',
  // The signatory's kind is read from the group the holder is listed in, not from these two flags.
  [`signholdersStatus.${group}.holders[].obligatoryStatus`]: {
    notInGraph:
      'a flag repeating the group the holder is listed in; `signatories.kind` is read from the group (OBLIGATORY, NORMAL or both)',
  },
  [`signholdersStatus.${group}.holders[].normalStatus`]: {
    notInGraph:
      'a flag repeating the group the holder is listed in; `signatories.kind` is read from the group (OBLIGATORY, NORMAL or both)',
  },
  ...(related
    ? {
        // A relation is listed under the signatory it names.
        [`signholdersStatus.${group}.relationships[].nationalId`]: 'company.signingRights.signatories.nationalId',
        [`signholdersStatus.${group}.relationships[].relatedNationalId`]:
          'company.signingRights.signatories.relationships.nationalId',
        [`signholdersStatus.${group}.relationships[].relatedName`]:
          'company.signingRights.signatories.relationships.name',
        [`signholdersStatus.${group}.relationships[].relationType`]:
          'company.signingRights.signatories.relationships.relation',
      }
    : { [`signholdersStatus.${group}.relationships[]`]: 'company.signingRights.signatories.relationships' }),
});

const GAZETTE_START = `mutation($input: GazetteSignatureInput!) {
  startGazetteSignatureVerification(input: $input) { id status }
}`;
const GAZETTE_JOB = `query($id: ID!) {
  job(id: $id) {
    id status failure { code message }
    ... on GazetteSignatureJob {
      request { companyId nationalId }
      verification { verdict signatureKind position noticeId noticePublishedOn { jalali } newspaperNumber }
    }
  }
}`;

interface Started {
  startGazetteSignatureVerification: { id: string };
}
interface Job {
  job: { status: string };
}

async function settledVerification(h: Harness, companyId: string, nationalId: string): Promise<[Started, Job]> {
  const started = dataOf(await h.gql<Started>(GAZETTE_START, { input: { companyId, nationalId } }));
  const id = started.startGazetteSignatureVerification.id;
  const settled = await eventually(
    async () => {
      const job = dataOf(await h.gql<Job>(GAZETTE_JOB, { id }));
      return job.job.status === 'PENDING' ? undefined : job;
    },
    { what: 'the gazette signature verification to settle', timeoutMs: 10_000 },
  );
  return [started, settled];
}

/** The chief executive of an active company (verified), and a dissolved company (the upstream fails it). */
const verifications = async (h: Harness) => [
  ...(await settledVerification(h, active.nationalId, CEO.nationalId)),
  ...(await settledVerification(h, dissolved.nationalId, companyOf(dissolved.nationalId).board[0]!.nationalId)),
];

const GAZETTE_DATA = {
  'data.companyId': 'job.request.companyId',
  'data.nationalId': 'job.request.nationalId',
  'data.isVerified': { path: 'job.verification.verdict', as: 'true/false as the enum VERIFIED/NOT_VERIFIED' },
  'data.signatureType': {
    path: 'job.verification.signatureKind',
    as: 'the word obligatory/normal/obligatoryAndNormal (any case) as the enum OBLIGATORY/NORMAL/OBLIGATORY_AND_NORMAL, given only when verified',
  },
  'data.positionName': 'job.verification.position',
  'data.newsId': 'job.verification.noticeId',
  'data.newspaperDate': 'job.verification.noticePublishedOn.jalali',
  'data.newspaperNumber': 'job.verification.newspaperNumber',
  'error.code': 'job.failure.code',
  'error.message': 'job.failure.message',
};

const REQUEST_ID = {
  notInGraph:
    'the upstream id the subgraph polls the verification by; a client follows the job by its own `id` and cannot call the upstream with it',
};

export const companyOperations: readonly DocumentedOperation[] = [
  {
    operationId: 'kybCompanyInfoGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          company(`legalForm registrationType { id title } registrationNumber registeredOn { jalali iso } capital
            address postalCode location { latitude longitude } taxNumber phone fax email website status statusText
            registryOffice registryUnit lastUpdated knowledgeBased { state category confirmedOn { jalali } }`),
        ),
      ),
    inputs: ['companyId'],
    fields: {
      companyId: 'company.nationalId',
      registrationNo: 'company.registrationNumber',
      title: 'company.name',
      // The registration day in both calendars: one date in the graph.
      registrationDate: {
        path: 'company.registeredOn.iso',
        as: 'the Gregorian date-time YYYY-MM-DDT00:00:00 as its day YYYY-MM-DD (the same day as `persianRegistrationDate`, which is read first when both come)',
      },
      persianRegistrationDate: 'company.registeredOn.jalali',
      capital: 'company.capital',
      address: 'company.address',
      postalCode: 'company.postalCode',
      taxNumber: 'company.taxNumber',
      lat: 'company.location.latitude',
      lng: 'company.location.longitude',
      website: 'company.website',
      tel: 'company.phone',
      fax: 'company.fax',
      email: 'company.email',
      status: 'company.statusText',
      edareKol: 'company.registryOffice',
      vahedSabti: 'company.registryUnit',
      lastUpdate: {
        path: 'company.lastUpdated',
        as: "the registry's Tehran wall-clock time YYYY-MM-DDTHH:mm:ss (no offset) as an ISO-8601 instant in UTC (Tehran's offset taken off)",
      },
      registrationTypeId: 'company.registrationType.id',
      registrationTypeTitle: 'company.registrationType.title',
      knowledgeBasedState: 'company.knowledgeBased.state',
      knowledgeBasedCategory: 'company.knowledgeBased.category',
      knowledgeBasedConfirmationDate: 'company.knowledgeBased.confirmedOn.jalali',
    },
  },
  {
    operationId: 'kybBoardMembersGet',
    run: async (h) => dataOf(await h.gql(company(BOARD))),
    inputs: ['companyId'],
    fields: { companyId: 'company.nationalId', ...boardFields('boardMembers[].') },
  },
  {
    operationId: 'kybAuthorizedSignatoriesGet',
    variant: 'an active and a dissolved company',
    run: async (h) => {
      // Where the upstream has no board-members path, the board is read from this answer.
      h.sandbox.injectFault({ operationId: 'kybBoardMembersGet', status: 404, times: 2 });
      return Promise.all(
        [active.nationalId, dissolved.nationalId].map(async (nationalId) =>
          dataOf(
            await h.gql(
              company(
                `${BOARD} signingRights { noticeId companyName fullText allowedTopics publishedOn { jalali }
            newsletterDate { jalali } lastNoticePublishedOn { jalali }
            signatories { nationalId name title kind relationships { nationalId name relation person { nationalId } } } }`,
                nationalId,
              ),
            ),
          ),
        ),
      );
    },
    inputs: ['companyId'],
    fields: {
      newsId: 'company.signingRights.noticeId',
      companyTitle: 'company.signingRights.companyName',
      signatureItemFullText: 'company.signingRights.fullText',
      // One text for the active company, a list for the dissolved one: the graph's list either way.
      allowedTopics: 'company.signingRights.allowedTopics',
      'allowedTopics[]': 'company.signingRights.allowedTopics',
      newspaperDate: 'company.signingRights.publishedOn.jalali',
      newsletterDate: 'company.signingRights.newsletterDate.jalali',
      lastNewspaperDate: 'company.signingRights.lastNoticePublishedOn.jalali',
      ...holderFields('obligatorySignature', true),
      ...holderFields('normalSignature', false),
      ...holderFields('obligatoryAndNormalSignature', true),
      ...boardFields('boardMembers[].'),
    },
  },
  {
    operationId: 'kybCorporateJournalGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          company(`gazetteNotices(first: 100) { nodes { id company { nationalId } title description capitalAfter
            publishedOn { jalali } newsletterDate { jalali } newspaperNumber newspaperCity pageNumber indicatorNumber } }`),
        ),
      ),
    inputs: ['companyId'],
    fields: {
      '[].newsId': 'company.gazetteNotices.nodes.id',
      '[].companyId': 'company.gazetteNotices.nodes.company.nationalId',
      '[].title': 'company.gazetteNotices.nodes.title',
      '[].description': 'company.gazetteNotices.nodes.description',
      '[].capitalTo': 'company.gazetteNotices.nodes.capitalAfter',
      '[].newspaperDate': 'company.gazetteNotices.nodes.publishedOn.jalali',
      '[].newsletterDate': 'company.gazetteNotices.nodes.newsletterDate.jalali',
      '[].newspaperNumber': 'company.gazetteNotices.nodes.newspaperNumber',
      '[].newspaperCity': 'company.gazetteNotices.nodes.newspaperCity',
      '[].pageNumber': 'company.gazetteNotices.nodes.pageNumber',
      '[].indicatorNumber': 'company.gazetteNotices.nodes.indicatorNumber',
    },
  },
  {
    operationId: 'kybMatchLegalIdWithMembersGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          company(`membership(nationalId: "${CEO.nationalId}") { person { nationalId } matched
            positions { title trackingNumber newspaperDate { jalali } newspaperNumber pageNumber } }`),
        ),
      ),
    inputs: ['nationalId', 'legalId'],
    fields: {
      isMatched: 'company.membership.matched',
      'positions[].positionName': 'company.membership.positions.title',
      'positions[].issueTrackingNo': 'company.membership.positions.trackingNumber',
      'positions[].rrkNewsPaperDate': 'company.membership.positions.newspaperDate.jalali',
      'positions[].rrkNewsPaperNumber': 'company.membership.positions.newspaperNumber',
      'positions[].rrkPageNumber': 'company.membership.positions.pageNumber',
    },
  },
  {
    operationId: 'kybTradeLicensesGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          company(
            'tradeLicences { number kind activity issuer issuedOn { jalali } expiresOn { jalali } status statusText }',
          ),
        ),
      ),
    inputs: ['companyId'],
    fields: {
      companyId: 'company.nationalId',
      'licenses[].licenseNumber': 'company.tradeLicences.number',
      'licenses[].licenseType': 'company.tradeLicences.kind',
      'licenses[].activity': 'company.tradeLicences.activity',
      'licenses[].issuer': 'company.tradeLicences.issuer',
      'licenses[].issueDate': 'company.tradeLicences.issuedOn.jalali',
      'licenses[].expiryDate': 'company.tradeLicences.expiresOn.jalali',
      'licenses[].status': 'company.tradeLicences.statusText',
    },
  },
  {
    operationId: 'kybBusinessCreditValidationGet',
    run: async (h) =>
      dataOf(
        await h.gql(
          company(`creditValidation { score grade riskLevel riskDescription validatedOn { jalali } facilityCount
            totalFacilities overdueFacilities bouncedChequeCount bouncedChequeAmount }`),
        ),
      ),
    inputs: ['companyId'],
    fields: {
      companyId: 'company.nationalId',
      // The company asked about, as its registry record names it.
      companyTitle: 'company.name',
      score: 'company.creditValidation.score',
      grade: 'company.creditValidation.grade',
      riskLevel: 'company.creditValidation.riskLevel',
      riskDescription: 'company.creditValidation.riskDescription',
      validationDate: 'company.creditValidation.validatedOn.jalali',
      totalFacilityAmount: 'company.creditValidation.totalFacilities',
      overdueFacilityAmount: 'company.creditValidation.overdueFacilities',
      bouncedChequeAmount: 'company.creditValidation.bouncedChequeAmount',
      facilityCount: 'company.creditValidation.facilityCount',
      bouncedChequeCount: 'company.creditValidation.bouncedChequeCount',
    },
  },
  {
    operationId: 'kybGazetteSignatureVerificationSubmitPost',
    run: verifications,
    inputs: ['companyId', 'nationalId'],
    fields: { requestId: REQUEST_ID, status: 'startGazetteSignatureVerification.status' },
  },
  {
    operationId: 'kybGazetteSignatureVerificationResultGet',
    run: verifications,
    inputs: ['requestId'],
    fields: { requestId: REQUEST_ID, status: 'job.status', ...GAZETTE_DATA },
  },
];
