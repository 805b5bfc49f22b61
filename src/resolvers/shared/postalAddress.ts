import type { Context } from '../../context.js';
import { isValidPostalCode, parsePostalCode } from '../../validation/identifiers.js';
import type { PostalAddressModel } from '../postal/models.js';

/**
 * The address of a postal code as a parent, loaded before it is returned: an upstream failure nulls the
 * address itself (with its error), not each of its fields. The fields then share this one call.
 */
export async function addressAt(postalCode: string, { dataSources }: Context): Promise<PostalAddressModel> {
  await dataSources.postal.getAddress(postalCode);
  return { postalCode };
}

/** The address of a postal code some record names; null when it names none, or not a 10-digit one. */
export function linkedAddress(
  postalCode: string | null | undefined,
  context: Context,
): Promise<PostalAddressModel> | null {
  return postalCode && isValidPostalCode(postalCode)
    ? addressAt(parsePostalCode(postalCode, 'postalCode'), context)
    : null;
}
