/**
 * Money movement (wire facts §4.9): `transferTo` under the account holder's authorization-code token,
 * and the transfer inquiry by the transfer's trackId. A transfer really moves the ledger's balances,
 * once per trackId (the sandbox refuses a reused trackId before any handler runs).
 *
 * Rails: a destination account number, or an IBAN of the source's own bank, is an internal transfer
 * (at most 1,000,000,000 rials); an IBAN of another bank goes by Paya up to 1,000,000,000 rials and by
 * Satna above that. Every rail takes at least 10,000 rials, and no transfer more than the token's
 * 500,000,000,000 rials per transaction.
 */
import { tehranTimestamp } from '../calendar.js';
import type { Failure } from '../envelopes.js';
import type { AppliedTransfer, Ledger, TransferRail } from '../ledger.js';
import type { TrackIdRegistry } from '../trackIds.js';
import { jsonObject } from '../requestBody.js';
import { accountOfDeposit, accountOfIban, accountsOf, type Account } from '../world/accounts.js';
import { isValidIbanSyntax } from '../world/checks.js';
import { Dice } from '../world/dice.js';
import { personOf } from '../world/persons.js';
import { guarded, optionalString, reject, requireTrackId, required } from './inputs.js';
import { done, fail, type OperationHandler, type OperationRequest } from './types.js';

export const MINIMUM_AMOUNT = 10_000n;
export const INTERNAL_AND_PAYA_MAXIMUM = 1_000_000_000n;
export const PER_TRANSACTION_MAXIMUM = 500_000_000_000n;
const DESCRIPTION_MAX = 30;

/** Accounts that can receive: active, blocked with deposits allowed, dormant. */
const RECEIVING = new Set(['02', '03', '05']);

const serviceCallError = (message: string): Failure => ({ status: 400, code: 'SERVICE_CALL_ERROR', message });

interface TransferRequest {
  readonly amount: bigint;
  readonly description: string;
  readonly destinationNumber: string;
  readonly deposit: string | undefined;
  readonly destinationFirstname: string | undefined;
  readonly destinationLastname: string | undefined;
  readonly paymentNumber: string | undefined;
  readonly reasonDescription: string | undefined;
  readonly sourceFirstName: string | undefined;
  readonly sourceLastName: string | undefined;
  readonly secondPassword: string | undefined;
}

/**
 * Fields a source bank requires (wire facts §4.9): Keshavarzi the source names, Parsian the transfer
 * PIN. Ayandeh's purpose code and payment id are not required here (the sandbox's Ayandeh transfers
 * predate them).
 */
const REQUIRED_BY_BANK: Readonly<Record<string, readonly (keyof TransferRequest)[]>> = {
  '016': ['sourceFirstName', 'sourceLastName'],
  '054': ['secondPassword'],
};

function amountOf(value: unknown): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value);
  if (typeof value === 'string' && /^[1-9]\d{0,17}$/.test(value)) return BigInt(value);
  return reject('invalid amount');
}

function requestOf(request: OperationRequest): TransferRequest {
  const body = jsonObject(request.body);
  if (!body) reject('invalid body');
  const description = required(optionalString(body, 'description'), 'description');
  if (description.length > DESCRIPTION_MAX || /--/.test(description)) reject('invalid description');
  return {
    amount: amountOf(body['amount']),
    description,
    destinationNumber: required(optionalString(body, 'destinationNumber'), 'destinationNumber'),
    deposit: optionalString(body, 'deposit'),
    destinationFirstname: optionalString(body, 'destinationFirstname'),
    destinationLastname: optionalString(body, 'destinationLastname'),
    paymentNumber: optionalString(body, 'paymentNumber'),
    reasonDescription: optionalString(body, 'reasonDescription'),
    sourceFirstName: optionalString(body, 'sourceFirstName'),
    sourceLastName: optionalString(body, 'sourceLastName'),
    secondPassword: optionalString(body, 'secondPassword'),
  };
}

/**
 * The user's account the money leaves: the `deposit` named, else their first account; a web token
 * covers only accounts at the bank it was granted for.
 */
function sourceOf(user: string, bank: string | undefined, deposit: string | undefined): Account {
  const covered = (account: Account) =>
    account.owners.includes(user) && (bank === undefined || account.bank.code === bank);
  if (deposit === undefined) return accountsOf(user).find(covered) ?? reject('invalid deposit');
  const account = accountOfDeposit(deposit);
  if (!account || !covered(account)) reject('invalid deposit');
  return account;
}

function destinationOf(number: string): Account {
  const account = /^IR\d{24}$/.test(number)
    ? isValidIbanSyntax(number)
      ? accountOfIban(number)
      : undefined
    : accountOfDeposit(number);
  if (!account || !RECEIVING.has(account.status)) reject('invalid destination deposit');
  return account;
}

function railOf(source: Account, destination: Account, destinationNumber: string, amount: bigint): TransferRail {
  if (!destinationNumber.startsWith('IR') || destination.bank.code === source.bank.code) {
    if (destination.bank.code !== source.bank.code) reject('invalid destination deposit');
    return 'internal';
  }
  return amount > INTERNAL_AND_PAYA_MAXIMUM ? 'satna' : 'paya';
}

function checkName(value: string | undefined, name: string): void {
  if (value === undefined || value.trim().length < 2 || value.length > 30) reject(`invalid ${name}`);
}

function receipt(transfer: AppliedTransfer, request: TransferRequest): Record<string, unknown> {
  const source = personOf(transfer.source.owners[0] ?? '');
  const holder = personOf(transfer.destination.owners[0] ?? '');
  return {
    amount: Number(transfer.amount),
    description: transfer.description,
    destinationFirstname: holder.firstName,
    destinationLastname: holder.lastName,
    destinationNumber: transfer.destinationNumber,
    inquiryDate: transfer.inquiryDate,
    inquiryTime: transfer.inquiryTime,
    // The upstream sends the sequence as a number or a string; the sandbox sends a string.
    inquirySequence: String(transfer.inquirySequence),
    message: '',
    paymentNumber: request.paymentNumber ?? '',
    refCode: transfer.refCode,
    sourceFirstname: request.sourceFirstName ?? source.firstName,
    sourceLastname: request.sourceLastName ?? source.lastName,
    sourceNumber: transfer.source.deposit,
    type: transfer.rail,
    reasonDescription: request.reasonDescription ?? '',
    // Pasargad's own identifiers of the transfer (wire facts §4.9), drawn from the trackId (designed).
    ...(transfer.source.bank.code === PASARGAD && {
      transactionId: new Dice(`transaction|${transfer.trackId}`).digits(10),
      endToEndId: `E2E${new Dice(`e2e|${transfer.trackId}`).digits(16)}`,
    }),
  };
}

const PASARGAD = '057';

export class Transfers {
  constructor(
    private readonly ledger: Ledger,
    private readonly trackIds: TrackIdRegistry,
  ) {}

  readonly transferTo: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const trackId = request.query['trackId'] ?? '';
    const user = request.user ?? reject('invalid token');
    const body = requestOf(request);
    const source = sourceOf(user, request.bank, body.deposit);
    for (const field of REQUIRED_BY_BANK[source.bank.code] ?? [])
      if (body[field] === undefined) reject(`${field} is required`);
    const destination = destinationOf(body.destinationNumber);
    if (destination.iban === source.iban) reject('Source And destination accounts are the same!');
    const rail = railOf(source, destination, body.destinationNumber, body.amount);
    if (rail !== 'internal') {
      checkName(body.destinationFirstname, 'destinationFirstname');
      checkName(body.destinationLastname, 'destinationLastname');
    }
    if (body.amount > PER_TRANSACTION_MAXIMUM) reject('Max amount per transaction limitation exceeded');
    if (body.amount < MINIMUM_AMOUNT) return fail(serviceCallError('Minimum amount is 10000 Rials.'));
    if (rail === 'internal' && body.amount > INTERNAL_AND_PAYA_MAXIMUM)
      reject('Max amount per transaction limitation exceeded');
    if (source.status !== '02' || this.ledger.balanceOf(source) < body.amount) reject('account conditions not passed');

    const stamp = tehranTimestamp(request.now);
    const transfer: AppliedTransfer = {
      trackId,
      rail,
      amount: body.amount,
      source,
      destinationNumber: body.destinationNumber,
      destination,
      description: body.description,
      inquiryDate: stamp.slice(2, 8),
      inquiryTime: stamp.slice(8, 14),
      inquirySequence: this.ledger.nextSequence(),
      refCode: new Dice(`ref|${trackId}`).digits(12),
    };
    this.ledger.apply(transfer);
    return done(receipt(transfer, body));
  });

  /**
   * Where a transfer stands, by the trackId it was sent with: `PENDING` while its request has arrived and
   * is not applied yet (held before its effect), `DONE` once applied; 404 when none arrived with it, or
   * the one that did was refused.
   */
  readonly transferInquiry: OperationHandler = guarded(({ query }) => {
    const inquiryTrackId = required(query['inquiryTrackId'], 'inquiryTrackId');
    const transfer = this.ledger.transferOf(inquiryTrackId);
    if (!transfer) {
      const call = this.trackIds.record(inquiryTrackId);
      if (call?.operationId === 'oakTransferToDepositPost' && call.status === 'PENDING')
        return done({ transferStatus: 'PENDING', transferTrackId: inquiryTrackId });
      return fail({ status: 404, code: 'NOT_FOUND', message: 'transfer not found' });
    }
    return done({
      transferStatus: 'DONE',
      transactionAmount: Number(transfer.amount),
      sourceNumber: transfer.source.deposit,
      destinationNumber: transfer.destinationNumber,
      inquiryDate: transfer.inquiryDate,
      inquiryTime: transfer.inquiryTime,
      inquirySequence: String(transfer.inquirySequence),
      transferTrackId: transfer.trackId,
      type: transfer.rail,
      refCode: transfer.refCode,
    });
  });
}
