/** How closely a person's details match the civil registry (national id verification). */
export interface IdentityMatchRecord {
  readonly fullNameSimilarity: number | null;
  readonly firstNameSimilarity: number | null;
  readonly lastNameSimilarity: number | null;
  readonly fatherNameSimilarity: number | null;
  readonly genderSimilarity: number | null;
  readonly alive: boolean | null;
  readonly description: string | null;
  readonly trackingCode: string | null;
}

export interface MilitaryServiceRecord {
  readonly allowed: boolean | null;
  readonly condition: 'ALLOWED' | 'NOT_ALLOWED' | null;
  readonly caseType: 'ORDINARY' | 'EXCEPTION' | null;
  readonly description: string | null;
}

export interface LifeStatusRecord {
  readonly alive: boolean | null;
  readonly trackingCode: string | null;
}

export interface ShahabRecord {
  readonly code: string | null;
  readonly confirmed: boolean | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fatherName: string | null;
  readonly gender: 'MALE' | 'FEMALE' | null;
}

export interface BlacklistRecord {
  readonly blocked: boolean;
  readonly message: string | null;
}

export interface PassportRecord {
  readonly hasPassport: boolean | null;
  readonly number: string | null;
  readonly serial: string | null;
  readonly status: string | null;
  readonly issuedOn: string | null;
  readonly validUntil: string | null;
  readonly pendingRequest: boolean | null;
  readonly requestDescription: string | null;
  readonly requestedOn: string | null;
}

export interface SanaRecord {
  readonly registered: boolean | null;
  readonly message: string | null;
}

export type IbanOwnership = 'YES' | 'NO' | 'MOST_PROBABLE';

/** What the caller claims about a person, to be matched against the civil registry. */
export interface IdentityClaim {
  readonly birthDate: string;
  readonly fullName?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly fatherName?: string | null;
  readonly gender?: 'MALE' | 'FEMALE' | null;
}
