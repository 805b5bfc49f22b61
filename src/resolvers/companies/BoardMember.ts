import type { BoardMemberResolvers } from '../../__generated__/resolvers-types.js';
import { persianDate } from '../shared/persianDate.js';
import { noticeById } from './notices.js';
import { companyFromRecord, personFromRecord, personMobileFromRecord } from './people.js';

export const BoardMember: BoardMemberResolvers = {
  person: (member) => personFromRecord(member.nationalId),
  personMobile: (member) => personMobileFromRecord(member.nationalId, member.mobile),
  company: (member) => companyFromRecord(member.nationalId),
  termStart: (member) => persianDate(member.termStart),
  termEnd: (member) => persianDate(member.termEnd),
  appointmentNotice: (member, _args, context) => noticeById(member.companyId, member.appointmentNoticeId, context),
};
