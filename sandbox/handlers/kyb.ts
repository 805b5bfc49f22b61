/**
 * The company (KYB) operations, answered from the fictional world (wire facts §4.6, and the designed
 * payloads in the catalog notes). A company's board members are people of the world; its gazette
 * notices, signing rights, licences and credit validation are all derived from the company. Quirks of
 * the upstream kept here: ids as JSON numbers, `allowedTopics` as an array or one string, and the
 * corporateJournal `result` as an array.
 */
import { companyOf, type BoardSeat, type WorldCompany } from '../world/companies.js';
import { creditValidationOf } from '../world/companyCredit.js';
import { Dice } from '../world/dice.js';
import { registryOf } from '../world/companyRegistry.js';
import { gazetteOf, signingClauseOf, type WorldNotice } from '../world/gazette.js';
import { tradeLicencesOf } from '../world/licencesTrade.js';
import { fullNameOf, personOf } from '../world/persons.js';
import { isValidLegalId } from '../validation.js';
import { answering, guarded, personParam, reject, required } from './inputs.js';
import { done, type OperationHandlers } from './types.js';

/** Every kyb answer of the upstream that carries a responseCode carries this one on success. */
const KYB_DONE = 'FN-KBIE-20000000000';

const POSITION_IDS: Readonly<Record<BoardSeat['role'], number>> = { CHAIRMAN: 1, VICE_CHAIRMAN: 2, CEO: 3, MEMBER: 4 };

const ALLOWED_TOPICS = [
  'چک، سفته و بروات',
  'قراردادها و عقود اسلامی',
  'اسناد تعهدآور و اوراق بهادار',
  'نامه‌های عادی و اداری',
] as const;

function companyParam(value: string | undefined, name = 'companyId'): WorldCompany {
  const id = required(value, name);
  if (!isValidLegalId(id)) reject(`invalid ${name}`);
  return companyOf(id);
}

function boardMemberItem(company: WorldCompany, seat: BoardSeat, appointment: WorldNotice): Record<string, unknown> {
  const person = personOf(seat.nationalId);
  const ceo = seat.role === 'CEO';
  return {
    companyId: Number(company.nationalId),
    company: company.title,
    byNewsId: appointment.newsId,
    nationalId: seat.nationalId,
    name: fullNameOf(person),
    gender: person.gender,
    // Designed: the chief executive's picture, e-mail and tag line are on record, the others' not.
    pictureUrl: ceo ? `https://registry.example/pictures/${seat.nationalId}.jpg` : null,
    mobile: person.mobile,
    privateMobile: null,
    email: ceo ? company.email : null,
    positionId: POSITION_IDS[seat.role],
    title: seat.title,
    tagline: ceo ? `مدیرعامل ${company.title}` : null,
    firstRole: ceo ? 'مدیرعامل' : 'عضو هیئت مدیره',
    secondRole: ceo ? 'عضو هیئت مدیره' : seat.role === 'MEMBER' ? null : seat.title,
    startDate: seat.startDate,
    endDate: seat.endDate,
    duration: seat.duration,
  };
}

const boardOf = (company: WorldCompany) => {
  const { appointment } = gazetteOf(company.nationalId);
  return company.board.map((seat) => boardMemberItem(company, seat, appointment));
};

/** The relations of `kybAuthorizedSignatoriesGet`'s `relationships[]`, as the registry words them (designed). */
const JOINT = 'امضای مشترک';
const JOINT_IN_CHAIRMAN_ABSENCE = 'امضای مشترک در غیاب رئیس هیئت مدیره';

/**
 * Designed (catalog notes): who signs together with whom, listed with the group of the holder each relation
 * belongs to. The chairman's obligatory signature goes with the chief executive's; the chief executive signs
 * with the chairman, or with the vice-chairman in the chairman's absence; the normal signatures stand alone.
 */
function relationshipsOf(company: WorldCompany, kind: BoardSeat['signature']): Record<string, unknown>[] {
  const seat = (role: BoardSeat['role']) => company.board.find((candidate) => candidate.role === role);
  const [chairman, vice, ceo] = [seat('CHAIRMAN'), seat('VICE_CHAIRMAN'), seat('CEO')];
  if (!chairman || !vice || !ceo) return [];
  const relation = (holder: BoardSeat, other: BoardSeat, relationType: string) => ({
    nationalId: Number(holder.nationalId),
    relatedNationalId: Number(other.nationalId),
    relatedName: fullNameOf(personOf(other.nationalId)),
    relationType,
  });
  if (kind === 'obligatory' && chairman.signature === kind) return [relation(chairman, ceo, JOINT)];
  if (kind === 'obligatoryAndNormal' && ceo.signature === kind) {
    return [relation(ceo, chairman, JOINT), relation(ceo, vice, JOINT_IN_CHAIRMAN_ABSENCE)];
  }
  return [];
}

function holdersOf(company: WorldCompany, kind: BoardSeat['signature']) {
  return {
    holders: company.board
      .filter((seat) => seat.signature === kind)
      .map((seat) => ({
        name: fullNameOf(personOf(seat.nationalId)),
        title: seat.title,
        // As a JSON number, as the upstream sometimes sends ids: a leading zero is lost on the way.
        nationalId: Number(seat.nationalId),
        obligatoryStatus: kind !== 'normal',
        normalStatus: kind !== 'obligatory',
      })),
    relationships: relationshipsOf(company, kind),
  };
}

/** Whether a company's signing-rights answer gives its topics as one string (else as an array), for about 30%. */
export const topicsAsText = (company: WorldCompany): boolean => new Dice(`topics|${company.nationalId}`).chance(0.3);

export const KYB_HANDLERS = {
  kybCompanyInfoGet: answering(({ query }) => {
    const company = companyParam(query['companyId']);
    const registry = registryOf(company.nationalId);
    return {
      companyId: Number(company.nationalId),
      registrationNo: company.registrationNo,
      title: company.title,
      registrationDate: registry.registrationDateGregorian,
      persianRegistrationDate: company.registrationDate,
      capital: company.capital,
      address: company.address,
      postalCode: company.postalCode,
      taxNumber: company.taxNumber,
      lat: company.coordinates.lat,
      lng: company.coordinates.lng,
      website: company.website,
      tel: company.tel,
      fax: registry.fax,
      email: company.email,
      status: company.status,
      edareKol: registry.registryOffice,
      vahedSabti: registry.registryUnit,
      lastUpdate: registry.lastUpdate,
      registrationTypeId: registry.registrationTypeId,
      registrationTypeTitle: company.legalForm,
      knowledgeBasedState: registry.knowledgeBased?.state ?? null,
      knowledgeBasedCategory: registry.knowledgeBased?.category ?? null,
      knowledgeBasedConfirmationDate: registry.knowledgeBased?.confirmationDate ?? null,
    };
  }),

  kybBoardMembersGet: answering(({ query }) => {
    const company = companyParam(query['companyId']);
    return { companyId: Number(company.nationalId), boardMembers: boardOf(company) };
  }),

  kybAuthorizedSignatoriesGet: answering(({ query }) => {
    const company = companyParam(query['companyId']);
    const { notices, appointment } = gazetteOf(company.nationalId);
    return {
      newsId: appointment.newsId,
      companyTitle: company.title,
      signatureItemFullText: signingClauseOf(company),
      allowedTopics: topicsAsText(company) ? ALLOWED_TOPICS.join('؛ ') : [...ALLOWED_TOPICS],
      newspaperDate: appointment.newspaperDate,
      newsletterDate: appointment.newsletterDate,
      lastNewspaperDate: notices[notices.length - 1]!.newspaperDate,
      signholdersStatus: {
        obligatorySignature: holdersOf(company, 'obligatory'),
        normalSignature: holdersOf(company, 'normal'),
        obligatoryAndNormalSignature: holdersOf(company, 'obligatoryAndNormal'),
      },
      boardMembers: boardOf(company),
    };
  }),

  kybCorporateJournalGet: guarded(({ query }) => {
    const company = companyParam(query['companyId']);
    const notices = gazetteOf(company.nationalId).notices.map(({ kind: _kind, ...notice }) => ({
      ...notice,
      companyId: Number(company.nationalId),
    }));
    return done(notices, KYB_DONE);
  }),

  kybMatchLegalIdWithMembersGet: guarded(({ query }) => {
    const person = personParam(query['nationalId'], 'nationalId');
    const company = companyParam(query['legalId'], 'legalId');
    const { appointment } = gazetteOf(company.nationalId);
    const seats = company.board.filter((seat) => seat.nationalId === person.nationalId);
    return done(
      {
        isMatched: seats.length > 0,
        positions: seats.map((seat) => ({
          positionName: seat.title,
          issueTrackingNo: appointment.indicatorNumber,
          rrkNewsPaperDate: appointment.newspaperDate,
          rrkNewsPaperNumber: appointment.newspaperNumber,
          rrkPageNumber: appointment.pageNumber,
        })),
      },
      KYB_DONE,
    );
  }),

  kybTradeLicensesGet: answering(({ query }) => {
    const company = companyParam(query['companyId']);
    return { companyId: Number(company.nationalId), licenses: tradeLicencesOf(company.nationalId) };
  }),

  kybBusinessCreditValidationGet: answering(({ query }) => {
    const company = companyParam(query['companyId']);
    const validation = creditValidationOf(company.nationalId);
    if (!validation) return { result: 110, message: 'اعتبارسنجی برای شرکت غیرفعال انجام نمی‌شود' };
    return { companyId: Number(company.nationalId), companyTitle: company.title, ...validation };
  }),
} as const satisfies OperationHandlers;
