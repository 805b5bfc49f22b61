import type { TransferReceiptResolvers } from '../../__generated__/resolvers-types.js';
import { isValidIban } from '../../validation/identifiers.js';
import { persianDateTimeOfCompact } from '../shared/persianDate.js';

/** The bank books in Persian-calendar `YYMMDD` and `HHMMSS`: years 50–99 are 13xx, 00–49 are 14xx. */
function bookedAt(date: string | null, time: string | null) {
  if (date === null || time === null || !/^\d{6}$/.test(date) || !/^\d{6}$/.test(time)) return null;
  const century = Number(date.slice(0, 2)) >= 50 ? '13' : '14';
  return persianDateTimeOfCompact(`${century}${date}${time}`);
}

export const TransferReceipt: TransferReceiptResolvers = {
  bookedAt: (receipt) => bookedAt(receipt.inquiryDate, receipt.inquiryTime),
  destinationAccount: (receipt) =>
    receipt.destinationNumber && isValidIban(receipt.destinationNumber) ? { iban: receipt.destinationNumber } : null,
};
