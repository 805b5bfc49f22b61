/** A cheque as a parent: its validated Sayad id. */
export interface ChequeModel {
  readonly sayadId: string;
}
