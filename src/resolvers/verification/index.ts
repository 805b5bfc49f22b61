import { BankAccount } from './BankAccount.js';
import { Card } from './Card.js';
import { Person } from './Person.js';
import { TaxDebt } from './TaxDebt.js';

export const verification = { Person, TaxDebt, Card, BankAccount };
