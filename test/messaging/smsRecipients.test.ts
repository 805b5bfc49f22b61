/** How a delivery report's lines, masked or whole, are matched to the recipients of a send. */
import { describe, expect, it } from 'vitest';
import { recipientsOf } from '../../src/datasources/flows/smsRecipients.js';
import type { SmsOrderRecord } from '../../src/datasources/types/messaging.js';

const order = (...to: string[]): SmsOrderRecord => ({
  from: '200000',
  templateId: null,
  messages: to.map((mobile) => ({ to: mobile, text: 'hi' })),
});
const statuses = (lines: Array<{ to: string | null; code: number | null }>, accepted: number, ...to: string[]) =>
  recipientsOf(order(...to), lines, accepted).map((recipient) => recipient.status);

describe('a masked line', () => {
  it.each([
    ['+98 91********', 'with spaces'],
    ['091-********', 'with a dash'],
    ['91********', 'without a prefix'],
    ['0098 91********', 'with 0098'],
  ])('is read when written %j (%s)', (to) => {
    expect(statuses([{ to, code: 24 }], 1, '09121110001')).toEqual(['DELIVERED']);
  });

  it.each([
    ['x+9891********', 'with a letter before it'],
    ['091********99', 'too long'],
    ['091*******', 'too short'],
    ['***********', 'all masked but its first digit, which must be 9'],
  ])('is no line of the report when written %j (%s): its recipient was not accepted', (to) => {
    expect(statuses([{ to, code: 24 }], 1, '09121110001')).toEqual(['NOT_ACCEPTED']);
  });

  it('goes only to a recipient its visible digits fit, whole numbers first by mobile', () => {
    const lines = [
      { to: '09351110002', code: 10 },
      { to: '091********', code: 24 },
    ];
    expect(statuses(lines, 2, '09121110001', '09351110002')).toEqual(['DELIVERED', 'FAILED']);
  });
});
