/**
 * Ready values of the fictional world for tests and demos. They are literals so they read well in a
 * test; test/sandbox/world.test.ts checks every one of them against the world functions.
 */

export interface SampleAccount {
  readonly bankCode: string;
  readonly card: string;
  /** In the bank's own format. */
  readonly deposit: string;
  readonly iban: string;
  readonly status: '02' | '03' | '04' | '05';
  /** National ids, the card holder first. */
  readonly owners: readonly string[];
}

export interface SamplePerson {
  readonly nationalId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly gender: 'مرد' | 'زن';
  readonly birthDate: string;
  readonly alive: boolean;
  readonly mobile: string;
  readonly postalCode: string;
  /** Codes of the banks the person holds cards and accounts at. */
  readonly banks: readonly string[];
  /** The card whose middle 9 digits are the person's own, and its account. */
  readonly account: SampleAccount;
}

/** The default client national id of the sandbox is also a person: a woman born in 1349. */
export const CLIENT_PERSON: SamplePerson = {
  nationalId: '0499370899',
  firstName: 'ریحانه',
  lastName: 'رحیمی',
  gender: 'زن',
  birthDate: '1349/06/29',
  alive: true,
  mobile: '09160866305',
  postalCode: '4793102834',
  banks: ['019', '061'],
  account: {
    bankCode: '019',
    card: '6037690499370890',
    deposit: '2834.030.049937089.2',
    iban: 'IR530190028340300499370892',
    status: '02',
    owners: ['0499370899'],
  },
};

/** A woman born after 1368 (identity number '0'), one bank (Saman, whose account numbers use '-'). */
export const WOMAN: SamplePerson = {
  nationalId: '1234725381',
  firstName: 'یاسمن',
  lastName: 'کرمانی',
  gender: 'زن',
  birthDate: '1369/03/22',
  alive: true,
  mobile: '09122979661',
  postalCode: '7736999262',
  banks: ['056'],
  account: {
    bankCode: '056',
    card: '6219861234725389',
    deposit: '3620-040-123472538-4',
    iban: 'IR410560036200401234725384',
    status: '02',
    owners: ['1234725381'],
  },
};

/** A man born in 1341 (before conscription age, Shahab needs his identity number) whose own account is joint. */
export const JOINT_HOLDER: SamplePerson & { readonly identityNo: string; readonly coOwner: string } = {
  nationalId: '1234883767',
  firstName: 'جواد',
  lastName: 'احمدی',
  gender: 'مرد',
  birthDate: '1341/03/20',
  alive: true,
  mobile: '09169818750',
  postalCode: '4797803167',
  banks: ['016', '061'],
  identityNo: '4315',
  coOwner: '1234883716',
  account: {
    bankCode: '016',
    card: '6037701234883764',
    deposit: '4933.030.123488376.3',
    iban: 'IR100160049330301234883763',
    status: '02',
    owners: ['1234883767', '1234883716'],
  },
};

/** A man with cards at three banks, Ayandeh among them (the bank of getAccountInfo). */
export const THREE_BANKS: SamplePerson & { readonly ayandeh: SampleAccount } = {
  nationalId: '1235200523',
  firstName: 'امیر',
  lastName: 'نجفی',
  gender: 'مرد',
  birthDate: '1367/05/05',
  alive: true,
  mobile: '09130862864',
  postalCode: '3613987366',
  banks: ['015', '062', '069'],
  account: {
    bankCode: '015',
    card: '5892101235200520',
    deposit: '3158.030.123520052.7',
    iban: 'IR480150031580301235200527',
    status: '02',
    owners: ['1235200523'],
  },
  ayandeh: {
    bankCode: '062',
    card: '6362141235200525',
    deposit: '0008.040.123520052.7',
    iban: 'IR740620000080401235200527',
    status: '02',
    owners: ['1235200523'],
  },
};

/** A dead woman; her own account is dormant (05). */
export const DEAD: SamplePerson = {
  nationalId: '1244782513',
  firstName: 'شیرین',
  lastName: 'صادقی',
  gender: 'زن',
  birthDate: '1365/03/28',
  alive: false,
  mobile: '09931159481',
  postalCode: '8656774995',
  banks: ['016', '066'],
  account: {
    bankCode: '016',
    card: '6037701244782519',
    deposit: '5045.040.124478251.8',
    iban: 'IR510160050450401244782518',
    status: '05',
    owners: ['1244782513'],
  },
};

export const SAMPLE_PEOPLE = [CLIENT_PERSON, WOMAN, JOINT_HOLDER, THREE_BANKS, DEAD] as const;

/** National ids with a particular registry record. */
export const REGISTRY_SAMPLES = {
  /** Holds a valid passport. */
  passportHolder: '9999999931',
  /** On the central bank blacklist. */
  blacklisted: '4469783651',
  /** A man who still owes military service (NOT_ALLOWED). */
  conscript: '0000000159',
} as const;

/** Inputs the upstream refuses, or that name nothing. */
export const INVALID = {
  /** Wrong check digit. */
  nationalId: '1234567890',
  /** One digit ten times; its checksum fits but it is no id. */
  repeatedNationalId: '1111111111',
  /** WOMAN's card with its last digit changed. */
  cardFailingLuhn: '6219861234725388',
  /** Luhn-valid, of a BIN no bank of the world has. */
  cardOfUnknownBin: '4111111111111111',
  /** CLIENT_PERSON's IBAN with one digit changed. */
  ibanFailingMod97: 'IR530190028340300499370893',
  /** Valid check digits, bank code 013 which the world does not have. */
  ibanOfUnknownBank: 'IR690130012340301234567891',
  /** Valid check digits and a known bank (Melli), but the body names no account. */
  ibanOfNoAccount: 'IR510170000160301234567890',
  /** Melli account number in the right layout that names no account (the IBAN above). */
  depositOfNoAccount: '0016.030.123456789.0',
  /** Starts with 0: outside the Iranian postal numbering. */
  postalCode: '0123456789',
} as const;
