import type {
  NationalCardSideResolvers,
  SanaIdentificationTypeResolvers,
} from '../../__generated__/resolvers-types.js';
import { NATIONAL_CARD_SIDE, SANA_IDENTIFICATION_TYPE } from '../../datasources/types/verification.js';

/** The OCR's code each side stands for: arguments arrive as it, results are served by name. */
export const NationalCardSide = NATIONAL_CARD_SIDE satisfies Required<NationalCardSideResolvers>;

/** Sana's identification code type each value stands for. */
export const SanaIdentificationType = SANA_IDENTIFICATION_TYPE satisfies Required<SanaIdentificationTypeResolvers>;
