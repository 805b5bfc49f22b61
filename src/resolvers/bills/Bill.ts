import type { BillResolvers } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import type { BillModel } from './models.js';
import { persianDate } from '../shared/persianDate.js';

const summaryOf = (bill: BillModel, { dataSources }: Context) => bill.summary ?? dataSources.bills.getBill(bill.query);

export const Bill: BillResolvers = {
  type: (bill) => bill.query.type,
  parameter: (bill) => bill.query.parameter,
  operator: (bill) => bill.query.operator,
  amount: async (bill, _args, context) => (await summaryOf(bill, context)).amount,
  billId: async (bill, _args, context) => (await summaryOf(bill, context)).billId,
  paymentId: async (bill, _args, context) => (await summaryOf(bill, context)).paymentId,
  dueDate: async (bill, _args, context) => persianDate((await summaryOf(bill, context)).dueDate),
  details: (bill, _args, { dataSources }) => dataSources.bills.getBillDetails(bill.query),
  history: (bill, _args, { dataSources }) => dataSources.bills.listBillHistory(bill.query),
};
