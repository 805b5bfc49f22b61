/** A person as a parent: the validated national id. */
export interface PersonModel {
  readonly nationalId: string;
  /**
   * The person's mobile number where the record that led to them names it (a board member's entry in
   * the company registry); fields whose upstream needs a mobile use it when their `mobile` argument
   * is left out.
   */
  readonly mobile?: string;
}
