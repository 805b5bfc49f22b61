/** A person's civil-registry record (national id inquiry). Dates are Persian `YYYY/MM/DD`. */
export interface CivilIdentityRecord {
  readonly nationalId: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly fatherName: string | null;
  readonly birthDate: string | null;
  readonly gender: 'MALE' | 'FEMALE' | null;
  readonly alive: boolean | null;
  readonly identityNumber: string | null;
  readonly identitySeries: string | null;
  readonly identitySerial: string | null;
  readonly issuingOffice: string | null;
  readonly issuingOfficeCode: string | null;
  readonly operationStatus: string | null;
  readonly trackingCode: string | null;
}
