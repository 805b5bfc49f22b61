/** How the account operations put an account into words: owners, statuses, comments, card masks. */
import { tehranTimestamp } from '../calendar.js';
import { ACCOUNT_TYPE_NAMES, type Account, type AccountStatus } from '../world/accounts.js';
import { fullNameOf, personOf, type Citizen } from '../world/persons.js';

export const NO_ACCOUNT = '08';
export type ReportedStatus = AccountStatus | typeof NO_ACCOUNT;

export const STATUS_DESCRIPTIONS: Readonly<Record<ReportedStatus, string>> = {
  '02': 'حساب فعال است',
  '03': 'حساب مسدود با قابلیت واریز است',
  '04': 'حساب مسدود بدون قابلیت واریز است',
  '05': 'حساب راکد است',
  '08': 'حساب موجود نیست',
};

/** The one-word status depositToIban writes after each owner's name. */
const STATUS_WORDS: Readonly<Record<AccountStatus, string>> = {
  '02': 'فعال',
  '03': 'مسدود با قابلیت واریز',
  '04': 'مسدود',
  '05': 'راکد',
};

export const ownersOfAccount = (account: Account): Citizen[] => account.owners.map(personOf);

export const ownerNames = (account: Account) =>
  ownersOfAccount(account).map(({ firstName, lastName }) => ({ firstName, lastName }));

/** All owners' full names in one string, as cardToIban v2 and depositInfo give them. */
export const ownersText = (account: Account): string => ownersOfAccount(account).map(fullNameOf).join('، ');

export const ownersWithStatus = (account: Account): string =>
  ownersOfAccount(account)
    .map((owner) => `${fullNameOf(owner)} / ${STATUS_WORDS[account.status]}`)
    .join('، ');

export function depositComment(account: Account): string {
  return `${ACCOUNT_TYPE_NAMES[account.accountType]} ${account.joint ? 'مشترک' : 'انفرادی'} ${ownersText(account)}`;
}

/** `6037-99xx-xxxx-1234`. */
export const maskCard = (card: string): string => `${card.slice(0, 4)}-${card.slice(4, 6)}xx-xxxx-${card.slice(12)}`;

/** Tehran wall-clock time as `YYYY/MM/DD HH:mm:ss`, the card services' `doTime`. */
export function doTime(now: number): string {
  const t = tehranTimestamp(now);
  return `${t.slice(0, 4)}/${t.slice(4, 6)}/${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}
