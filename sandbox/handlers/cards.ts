/** The card conversions: card inquiry, cardToIban (v1 and v2), cardToDeposit (wire facts §4.1). */
import type { Account } from '../world/accounts.js';
import { fullNameOf, personOf } from '../world/persons.js';
import { answering, cardParam } from './inputs.js';
import { STATUS_DESCRIPTIONS, depositComment, doTime, maskCard, ownerNames, ownersText } from './views.js';

/** Every card the checks let through is a card of the world, so its inquiry always succeeds (`result` "0"). */
function cardHolder(account: Account, now: number) {
  return {
    destCard: maskCard(account.card),
    name: fullNameOf(personOf(account.owners[0]!)),
    result: '0',
    description: 'موفق',
    doTime: doTime(now),
  };
}

export const cardInformation = answering(({ params, now }) => {
  const account = cardParam(params['card']);
  return { ...cardHolder(account, now), bankName: account.bank.name };
});

export const cardToDeposit = answering(({ query, now }) => {
  const account = cardParam(query['card']);
  const { destCard, name, result, description, doTime: time } = cardHolder(account, now);
  return { destCard, name, deposit: account.deposit, result, description, doTime: time };
});

export const cardToIban = answering(({ query }) => {
  const account = cardParam(query['card']);
  const common = {
    IBAN: account.iban,
    bankName: account.bank.name,
    deposit: account.deposit,
    card: account.card,
    depositStatus: account.status,
  };
  if (query['version'] === '2') return { ...common, depositOwners: ownersText(account) };
  return {
    ...common,
    depositDescription: STATUS_DESCRIPTIONS[account.status],
    depositComment: depositComment(account),
    depositOwners: ownerNames(account),
    alertCode: '00',
  };
});
