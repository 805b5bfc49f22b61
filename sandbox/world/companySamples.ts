/**
 * Ready companies of the fictional world for tests and demos; test/sandbox checks them against
 * `companyOf`.
 */
export const COMPANY_SAMPLES = {
  /** An active private joint-stock company with a board of five. */
  active: { nationalId: '10100001478', title: 'شرکت حمل و نقل دماوند (سهامی خاص)', boardSize: 5 },
  /** An active public company whose twenty board members all hold signing rights. */
  largeBoard: { nationalId: '10100003850', title: 'شرکت نساجی پارس (سهامی عام)', boardSize: 20 },
  /** A dissolved company. */
  dissolved: { nationalId: '10100000916', title: 'شرکت مهندسی آفتاب (سهامی خاص)', boardSize: 6 },
} as const;

/** Eleven digits whose check digit does not match. */
export const INVALID_LEGAL_ID = '10100001479';
