import type { NationalCardSideResolvers } from '../../__generated__/resolvers-types.js';
import { NATIONAL_CARD_SIDE } from '../../datasources/types/verification.js';

/** The OCR's code each side stands for: arguments arrive as it, results are served by name. */
export const NationalCardSide = NATIONAL_CARD_SIDE satisfies Required<NationalCardSideResolvers>;
