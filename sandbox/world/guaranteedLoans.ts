/**
 * Loans a person has guaranteed (wire facts §4.7 guarantyInquiry): each is a real facility of another
 * person of the world, so the debtor's own facility inquiry lists the same loan.
 */
import { facilitiesOf, type WorldFacility } from './creditFacilities.js';
import { Dice } from './dice.js';
import { nationalIdOfKey } from './households.js';
import { personOf, type Citizen } from './persons.js';

export interface WorldGuaranty {
  readonly debtor: Citizen;
  readonly facility: WorldFacility;
  /** The share of the loan the guarantor answers for, in percent. */
  readonly percent: number;
}

const NONE_CHANCE = 0.6;

/** A living person other than `nationalId` who has at least one facility. */
function debtorOf(dice: Dice, nationalId: string): Citizen {
  for (;;) {
    const candidate = nationalIdOfKey(dice.digits(9));
    if (!candidate || candidate === nationalId) continue;
    const person = personOf(candidate);
    if (person.alive && facilitiesOf(candidate).length > 0) return person;
  }
}

/** The loans `nationalId` guaranteed: none for about 60%, else one to three, of distinct debtors. */
export function guarantiesOf(nationalId: string): WorldGuaranty[] {
  const dice = new Dice(`guaranties|${nationalId}`);
  if (dice.chance(NONE_CHANCE)) return [];
  return Array.from({ length: dice.int(1, 3) }, () => {
    const debtor = debtorOf(dice, nationalId);
    return { debtor, facility: dice.pick(facilitiesOf(debtor.nationalId)), percent: dice.pick([100, 100, 50, 30]) };
  });
}
