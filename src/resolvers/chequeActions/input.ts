/** Checks the input of a cheque action before anything is claimed or sent; each problem is reported on its argument. */
import type {
  AnswerChequeInput,
  CancelChequeInput,
  ChequePartyInput,
  ChequeSignerInput,
  IssueChequeInput,
  TransferChequeInput,
} from '../../__generated__/resolvers-types.js';
import type { IssueDraft, TransferDraft } from '../../datasources/chequeActions.js';
import type {
  AnswerChequeOrder,
  CancelChequeOrder,
  SayadPartyRecord,
  SayadSignerRecord,
} from '../../datasources/types/chequeActions.js';
import { CHEQUE_MEDIA, CHEQUE_TYPE } from '../../datasources/types/cheques.js';
import { BadUserInputError } from '../../errors.js';
import { parseChequeDueDate } from '../../validation/dates.js';
import { normalizeDigits } from '../../lib/digits.js';
import { parseIban, parseLegalId, parseNationalId, parseSayadId } from '../../validation/identifiers.js';
import { parseText, PERSIAN_TEXT, type TextRule } from '../../validation/text.js';
import { parseChequeActor, parseShahabCode, SAYAD_TEXT_MAX, sayadText } from '../../validation/cheques.js';
import { parseIdempotencyKey } from '../../validation/idempotencyKey.js';

const MAX_PARTIES = 10;
const MAX_AMOUNT = 10n ** 18n;
/** The Sayad system takes notes on answers and cancellations in Persian letters only (wire facts §4.8). */
const PERSIAN_NOTE_RULE: TextRule = {
  min: 0,
  max: SAYAD_TEXT_MAX,
  allowed: PERSIAN_TEXT,
  allowedText: 'Persian letters only',
};

const persianNote = (value: string | null | undefined, path: string): string =>
  parseText(value ?? '', path, PERSIAN_NOTE_RULE);

function party(input: ChequePartyInput, path: string): SayadPartyRecord {
  const name = sayadText(input.name, `${path}.name`);
  if (input.kind === 'COMPANY') {
    if (input.shahabCode !== null && input.shahabCode !== undefined)
      throw new BadUserInputError(`${path}.shahabCode`, 'a company has no Shahab code; leave it out');
    return { idCode: parseLegalId(input.id, `${path}.id`), idType: 2, shahabId: null, name };
  }
  if (input.shahabCode === null || input.shahabCode === undefined)
    throw new BadUserInputError(`${path}.shahabCode`, "a person's Shahab code is required");
  return {
    idCode: parseNationalId(input.id, `${path}.id`),
    idType: 1,
    shahabId: parseShahabCode(input.shahabCode, `${path}.shahabCode`),
    name,
  };
}

/** 1–10 distinct parties, none of them one of `excluded` (who cannot receive from themselves). */
function parties(
  inputs: readonly ChequePartyInput[],
  path: string,
  excluded: readonly SayadPartyRecord[],
): SayadPartyRecord[] {
  if (inputs.length === 0 || inputs.length > MAX_PARTIES)
    throw new BadUserInputError(path, `expected 1–${MAX_PARTIES} parties`);
  const parsed = inputs.map((input, index) => party(input, `${path}.${index}`));
  parsed.forEach((candidate, index) => {
    if (parsed.findIndex((other) => other.idCode === candidate.idCode) !== index)
      throw new BadUserInputError(`${path}.${index}.id`, 'named twice');
    if (excluded.some((other) => other.idCode === candidate.idCode))
      throw new BadUserInputError(`${path}.${index}.id`, 'cannot be one of the parties acting');
  });
  return parsed;
}

function signers(
  inputs: readonly ChequeSignerInput[] | null | undefined,
  path: string,
  byDefault: SayadPartyRecord,
): SayadSignerRecord[] {
  if (inputs === null || inputs === undefined) return [{ signer: byDefault, legalStamp: false }];
  if (inputs.length === 0 || inputs.length > MAX_PARTIES)
    throw new BadUserInputError(path, `expected 1–${MAX_PARTIES} signers`);
  return inputs.map((input, index) => ({
    signer: party(input.party, `${path}.${index}.party`),
    legalStamp: input.legalStamp ?? false,
  }));
}

const optionalIban = (value: string | null | undefined, path: string): string | null =>
  value === null || value === undefined ? null : parseIban(normalizeDigits(value.trim()).toUpperCase(), path);

function amount(value: string, path: string): string {
  const rials = BigInt(value);
  if (rials <= 0n || rials >= MAX_AMOUNT)
    throw new BadUserInputError(path, 'expected a positive number of rials, under 10^18');
  return rials.toString();
}

export function parseIssueCheque(input: IssueChequeInput, now: number): { idempotencyKey: string; draft: IssueDraft } {
  const idempotencyKey = parseIdempotencyKey(input.idempotencyKey, 'input.idempotencyKey');
  const drawer = parseChequeActor(input.drawer, 'input.drawer', true);
  const coOwners = input.coOwners?.length ? parties(input.coOwners, 'input.coOwners', [drawer]) : [];
  const accountOwners = [drawer, ...coOwners];
  return {
    idempotencyKey,
    draft: {
      type: 'ISSUE',
      actor: drawer.idCode,
      sayadId: parseSayadId(input.sayadId, 'input.sayadId'),
      accountOwners,
      receivers: parties(input.receivers, 'input.receivers', accountOwners),
      signers: signers(input.signers, 'input.signers', drawer),
      amount: amount(input.amount, 'input.amount'),
      dueDate: parseChequeDueDate(input.dueDate, 'input.dueDate', now).replace(/\//g, ''),
      description: sayadText(input.description, 'input.description'),
      reason: input.reason,
      chequeType: input.type ?? CHEQUE_TYPE.NORMAL,
      chequeMedia: input.media ?? CHEQUE_MEDIA.DIGITAL,
      toIban: optionalIban(input.toIban, 'input.toIban'),
    },
  };
}

export function parseTransferCheque(input: TransferChequeInput): { idempotencyKey: string; draft: TransferDraft } {
  const idempotencyKey = parseIdempotencyKey(input.idempotencyKey, 'input.idempotencyKey');
  const person = parseChequeActor(input.holder, 'input.holder', true);
  if (input.company && input.company.kind !== 'COMPANY')
    throw new BadUserInputError(
      'input.company.kind',
      'expected COMPANY: a person passes on their own cheque as `holder`',
    );
  // For a company, the person is its representative: the company is the holder, the person signs for it.
  const holder = input.company ? party(input.company, 'input.company') : person;
  const defaultSigner = input.company ? { signer: person, legalStamp: true } : { signer: person, legalStamp: false };
  const named = input.signers ? signers(input.signers, 'input.signers', person) : [defaultSigner];
  // The representative acts under their own consent: they sign, whoever else the company needs beside them.
  if (input.company && !named.some(({ signer }) => signer.idCode === person.idCode))
    throw new BadUserInputError('input.signers', "a company's representative (`holder`) is among its signers");
  return {
    idempotencyKey,
    draft: {
      type: input.giveBack ? 'GIVE_BACK' : 'TRANSFER',
      actor: person.idCode,
      sayadId: parseSayadId(input.sayadId, 'input.sayadId'),
      holder,
      receivers: parties(input.receivers, 'input.receivers', [holder, person]),
      signers: named,
      description: sayadText(input.description, 'input.description'),
      reason: input.reason,
      toIban: optionalIban(input.toIban, 'input.toIban'),
    },
  };
}

export function parseAnswerCheque(
  input: AnswerChequeInput,
  accept: boolean,
): { idempotencyKey: string; order: AnswerChequeOrder } {
  const idempotencyKey = parseIdempotencyKey(input.idempotencyKey, 'input.idempotencyKey');
  const receiver = parseChequeActor(input.receiver, 'input.receiver', false);
  const company =
    input.company === null || input.company === undefined ? undefined : parseLegalId(input.company, 'input.company');
  if (company && input.agent)
    throw new BadUserInputError('input.agent', "a company's representative answers as `receiver`, with no agent");
  // For a company, the receiver is its representative: the company accepts, the receiver acts for it.
  const acceptor: SayadPartyRecord = company ? { idCode: company, idType: 2, shahabId: null, name: '' } : receiver;
  const agent = company ? receiver : agentOf(input.agent, receiver);
  return {
    idempotencyKey,
    order: {
      type: accept ? 'ACCEPT' : 'REJECT',
      actor: (agent ?? receiver).idCode,
      sayadId: parseSayadId(input.sayadId, 'input.sayadId'),
      acceptor,
      ...(agent && { acceptorAgent: agent }),
      description: persianNote(input.description, 'input.description'),
    },
  };
}

export function parseCancelCheque(input: CancelChequeInput): { idempotencyKey: string; order: CancelChequeOrder } {
  const idempotencyKey = parseIdempotencyKey(input.idempotencyKey, 'input.idempotencyKey');
  const drawer = parseChequeActor(input.drawer, 'input.drawer', false);
  const agent = agentOf(input.agent, drawer);
  return {
    idempotencyKey,
    order: {
      type: 'CANCEL',
      actor: (agent ?? drawer).idCode,
      sayadId: parseSayadId(input.sayadId, 'input.sayadId'),
      canceller: drawer,
      ...(agent && { cancellerAgent: agent }),
      description: persianNote(input.description, 'input.description'),
    },
  };
}

/** Who acts for `principal` (an attorney), when given: the consent's person, never the principal. */
function agentOf(input: AnswerChequeInput['agent'], principal: SayadPartyRecord): SayadPartyRecord | undefined {
  if (input === null || input === undefined) return undefined;
  const agent = parseChequeActor(input, 'input.agent', false);
  if (agent.idCode === principal.idCode)
    throw new BadUserInputError('input.agent.nationalId', 'the agent acts for another person, not for themself');
  return agent;
}
