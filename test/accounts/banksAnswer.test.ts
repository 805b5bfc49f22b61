import { describe, expect, it } from 'vitest';
import { BanksAnswer } from '../../src/datasources/records/accounts.js';

const bank = (fields: Record<string, unknown>) => ({
  code: '062',
  name: 'بانک آینده',
  cardPrefix: '636214',
  ...fields,
});

describe('the bank list', () => {
  it('reads a bank as inactive whenever its flag says no, in any of the forms a flag takes', () => {
    for (const no of [false, 'false', 0, '0']) {
      const [read] = BanksAnswer.parse([bank({ active: no })]);
      expect(read?.active, JSON.stringify(no)).toBe(false);
      const [token] = BanksAnswer.parse([bank({ extra: { ac_token: no, message: '' } })]);
      expect(token?.extra?.ac_token, JSON.stringify(no)).toBe(false);
    }
  });

  it('reads a bank as active when its flag says yes or is missing', () => {
    for (const yes of [true, 'true', 1, undefined]) {
      const [read] = BanksAnswer.parse([bank(yes === undefined ? {} : { active: yes })]);
      expect(read?.active, JSON.stringify(yes)).toBe(true);
    }
  });
});
