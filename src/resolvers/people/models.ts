/** A person as a parent: the validated national id. */
export interface PersonModel {
  readonly nationalId: string;
}
