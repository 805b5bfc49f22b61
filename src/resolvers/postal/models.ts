/** A postal address as a parent: its validated postal code. */
export interface PostalAddressModel {
  readonly postalCode: string;
}
