import type { PersonResolvers } from '../../__generated__/resolvers-types.js';
import { parseBirthDate } from '../../validation/dates.js';
import { parseMobile } from '../../validation/identifiers.js';
import {
  parseCardSerial,
  parseFaceImage,
  parseSpeechText,
  parseThreshold,
  parseVideo,
} from '../../validation/media.js';
import { parseIdentityClaim, parseIdentityNumber } from '../../validation/people.js';

export const Person: PersonResolvers = {
  taxDebts: (person, _args, { dataSources }) => dataSources.kyc.listTaxDebts(person.nationalId),
  civilRegistry: (person, args, { dataSources }) =>
    dataSources.kyc.getCivilRegistry(person.nationalId, parseBirthDate(args.birthDate, 'birthDate')),
  identityConfirmedBySms: (person, args, { dataSources }) =>
    dataSources.facility.getIdentityConfirmedBySms(person.nationalId, parseBirthDate(args.birthDate, 'birthDate')),
  identityMatch: (person, args, { dataSources }) =>
    dataSources.facility.matchIdentity(person.nationalId, parseIdentityClaim(args)),
  identityMatchConfirmedBySms: (person, args, { dataSources }) =>
    dataSources.kyc.matchIdentityConfirmedBySms(person.nationalId, parseIdentityClaim(args)),
  militaryService: (person, _args, { dataSources }) => dataSources.kyc.getMilitaryService(person.nationalId),
  lifeStatus: (person, args, { dataSources }) =>
    dataSources.kyc.getLifeStatus(person.nationalId, parseBirthDate(args.birthDate, 'birthDate')),
  ownsMobile: (person, args, { dataSources }) =>
    dataSources.facility.isMobileOwner(person.nationalId, parseMobile(args.mobile, 'mobile')),
  shahab: (person, args, { dataSources }) =>
    dataSources.oak.getShahab(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate'),
      parseIdentityNumber(args.identityNumber, 'identityNumber'),
    ),
  shahabConfirmedBySms: (person, args, { dataSources }) =>
    dataSources.oak.getShahabConfirmedBySms(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate'),
      parseIdentityNumber(args.identityNumber, 'identityNumber'),
    ),
  bankBlacklist: (person, _args, { dataSources }) => dataSources.oak.getBlacklistStatus(person.nationalId),
  passport: (person, args, { dataSources }) =>
    dataSources.kyc.getPassport(person.nationalId, parseMobile(args.mobile, 'mobile')),
  sanaRegistration: (person, _args, { dataSources }) => dataSources.kyc.getSanaRegistration(person.nationalId),
  liveVideoMatch: (person, args, { dataSources }) =>
    dataSources.kycMedia.compareLiveVideo(person.nationalId, {
      // The cheap checks first, so a wrong date does not wait for megabytes to be decoded.
      birthDate: parseBirthDate(args.birthDate, 'birthDate'),
      cardSerial: parseCardSerial(args.cardSerial, 'cardSerial'),
      speechText: parseSpeechText(args.speechText, 'speechText'),
      video: parseVideo(args.video, 'video'),
    }),
  videoMatch: (person, args, { dataSources }) =>
    dataSources.kycMedia.compareVideo(person.nationalId, {
      // The cheap checks first, as for liveVideoMatch.
      birthDate: parseBirthDate(args.birthDate, 'birthDate'),
      cardSerial: parseCardSerial(args.cardSerial, 'cardSerial'),
      video: parseVideo(args.video, 'video'),
    }),
  photoMatch: (person, args, { dataSources }) =>
    dataSources.kycMedia.comparePhoto(person.nationalId, {
      birthDate: parseBirthDate(args.birthDate, 'birthDate'),
      cardSerial: parseCardSerial(args.cardSerial, 'cardSerial'),
      threshold: parseThreshold(args.threshold, 'threshold'),
      image: parseFaceImage(args.image, 'image'),
    }),
  nationalCardImage: (person, args, { dataSources }) =>
    dataSources.facility.getNationalCardImage(person.nationalId, parseBirthDate(args.birthDate, 'birthDate')),
};
