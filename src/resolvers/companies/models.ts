/** A company as a parent: the validated legal national id. */
export interface CompanyModel {
  readonly nationalId: string;
}
