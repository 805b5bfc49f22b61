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
  taxDebts: (person, _args, { dataSources }) => dataSources.verification.listTaxDebts(person.nationalId),
  civilRegistry: (person, args, { dataSources, clock }) =>
    dataSources.verification.getCivilRegistry(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate', clock.now()),
    ),
  identityConfirmedBySms: (person, args, { dataSources, clock }) =>
    dataSources.verification.getIdentityConfirmedBySms(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate', clock.now()),
    ),
  identityMatch: (person, args, { dataSources, clock }) =>
    dataSources.verification.matchIdentity(person.nationalId, parseIdentityClaim(args, clock.now())),
  identityMatchConfirmedBySms: (person, args, { dataSources, clock }) =>
    dataSources.verification.matchIdentityConfirmedBySms(person.nationalId, parseIdentityClaim(args, clock.now())),
  militaryService: (person, _args, { dataSources }) => dataSources.verification.getMilitaryService(person.nationalId),
  lifeStatus: (person, args, { dataSources, clock }) =>
    dataSources.verification.getLifeStatus(person.nationalId, parseBirthDate(args.birthDate, 'birthDate', clock.now())),
  ownsMobile: (person, args, { dataSources }) =>
    dataSources.verification.isMobileOwner(person.nationalId, parseMobile(args.mobile, 'mobile')),
  shahab: (person, args, { dataSources, clock }) =>
    dataSources.verification.getShahab(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate', clock.now()),
      parseIdentityNumber(args.identityNumber, 'identityNumber'),
    ),
  shahabConfirmedBySms: (person, args, { dataSources, clock }) =>
    dataSources.verification.getShahabConfirmedBySms(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate', clock.now()),
      parseIdentityNumber(args.identityNumber, 'identityNumber'),
    ),
  bankBlacklist: (person, _args, { dataSources }) => dataSources.verification.getBlacklistStatus(person.nationalId),
  passport: (person, args, { dataSources }) =>
    dataSources.verification.getPassport(person.nationalId, parseMobile(args.mobile, 'mobile')),
  sanaRegistration: (person, _args, { dataSources }) => dataSources.verification.getSanaRegistration(person.nationalId),
  liveVideoMatch: (person, args, { dataSources, clock }) =>
    dataSources.verification.compareLiveVideo(person.nationalId, {
      // The cheap checks first, so a wrong date does not wait for megabytes to be decoded.
      birthDate: parseBirthDate(args.birthDate, 'birthDate', clock.now()),
      cardSerial: parseCardSerial(args.cardSerial, 'cardSerial'),
      speechText: parseSpeechText(args.speechText, 'speechText'),
      video: parseVideo(args.video, 'video'),
    }),
  videoMatch: (person, args, { dataSources, clock }) =>
    dataSources.verification.compareVideo(person.nationalId, {
      // The cheap checks first, as for liveVideoMatch.
      birthDate: parseBirthDate(args.birthDate, 'birthDate', clock.now()),
      cardSerial: parseCardSerial(args.cardSerial, 'cardSerial'),
      video: parseVideo(args.video, 'video'),
    }),
  photoMatch: (person, args, { dataSources, clock }) =>
    dataSources.verification.comparePhoto(person.nationalId, {
      birthDate: parseBirthDate(args.birthDate, 'birthDate', clock.now()),
      cardSerial: parseCardSerial(args.cardSerial, 'cardSerial'),
      threshold: parseThreshold(args.threshold, 'threshold'),
      image: parseFaceImage(args.image, 'image'),
    }),
  nationalCardImage: (person, args, { dataSources, clock }) =>
    dataSources.verification.getNationalCardImage(
      person.nationalId,
      parseBirthDate(args.birthDate, 'birthDate', clock.now()),
    ),
};
