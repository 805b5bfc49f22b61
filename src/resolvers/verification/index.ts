import { Person } from './Person.js';
import { TaxDebt } from './TaxDebt.js';

export const verification = { Person, TaxDebt };
