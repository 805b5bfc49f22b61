import type { QueryResolvers } from '../../__generated__/resolvers-types.js';
import { SANA_IDENTIFICATION_TYPE, type SanaIdentificationType } from '../../datasources/types/verification.js';
import { parseForeignPersonNumber, parseLegalId, parseNationalId } from '../../validation/identifiers.js';
import { parseCardImage, parseFaceImage, parseThreshold } from '../../validation/media.js';

/** The identification code checked as its type requires. */
function parseSanaCode(value: string, type: SanaIdentificationType, argumentPath: string): string {
  if (type === SANA_IDENTIFICATION_TYPE.NATIONAL_ID) return parseNationalId(value, argumentPath);
  if (type === SANA_IDENTIFICATION_TYPE.LEGAL_ID) return parseLegalId(value, argumentPath);
  return parseForeignPersonNumber(value, argumentPath);
}

export const Query: QueryResolvers = {
  sanaRegistration: (_parent, { identificationCode, identificationType }, { dataSources }) =>
    dataSources.verification.getSanaRegistration(
      parseSanaCode(identificationCode, identificationType, 'identificationCode'),
      identificationType,
    ),
  nationalCardScan: (_parent, args, { dataSources }) =>
    dataSources.verification.scanNationalCard(args.side, parseCardImage(args.image, 'image')),
  faceComparison: (_parent, args, { dataSources }) => {
    const threshold = parseThreshold(args.threshold, 'threshold');
    return dataSources.verification.compareFaces(
      parseFaceImage(args.image, 'image'),
      parseFaceImage(args.otherImage, 'otherImage'),
      threshold,
    );
  },
};
