import type {
  ChequeMediaResolvers,
  ChequePartyKindResolvers,
  ChequeStatusResolvers,
  ChequeTypeResolvers,
} from '../../__generated__/resolvers-types.js';
import { CHEQUE_MEDIA, CHEQUE_PARTY_KIND, CHEQUE_STATUS, CHEQUE_TYPE } from '../../datasources/types/cheques.js';

// The Sayad system's code each value stands for; OTHER stands for itself (a code not known yet).
export const ChequeStatus = { ...CHEQUE_STATUS, OTHER: 'OTHER' } satisfies Required<ChequeStatusResolvers>;
export const ChequeType = { ...CHEQUE_TYPE, OTHER: 'OTHER' } satisfies Required<ChequeTypeResolvers>;
export const ChequeMedia = { ...CHEQUE_MEDIA, OTHER: 'OTHER' } satisfies Required<ChequeMediaResolvers>;
export const ChequePartyKind = { ...CHEQUE_PARTY_KIND, OTHER: 'OTHER' } satisfies Required<ChequePartyKindResolvers>;
