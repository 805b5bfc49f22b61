/**
 * Sayad cheques (wire facts §4.8) over the sandbox's state machine: issue (authorization code),
 * transfer and give back (authorization code and SMS), accept or reject, cancel, the holder's inquiry,
 * the status inquiry, the transfer chain, and the chequebook inquiry (client credential). Who acts is
 * the token's person: the drawer issues and cancels, a holder transfers, a receiver answers.
 */
import { compactDayOf, formatSlashed, tehranTimestamp } from '../calendar.js';
import { jsonObject, type RequestBody } from '../requestBody.js';
import type { AppliedSayadStep, SayadCheque, SayadParty, SayadRegistry, Step } from '../sayad.js';
import { isValidLegalId } from '../validation.js';
import { accountOfDeposit, type Account } from '../world/accounts.js';
import { isValidNationalId } from '../world/checks.js';
import { fullNameOf, personOf } from '../world/persons.js';
import { chequebooksOf, leafOf } from '../world/chequebooks.js';
import { Dice } from '../world/dice.js';
import { shahabCodeOf } from '../world/records.js';
import { guarded, optionalString, reject, requireTrackId, required } from './inputs.js';
import { done, fail, type OperationHandler, type OperationRequest } from './types.js';

/** Purpose codes of the Sayad inquiry pages. */
const REASONS = new Set([
  'POSA',
  'IOSP',
  'HIPA',
  'ISAP',
  'FXAP',
  'DRPA',
  'RTAP',
  'MPTP',
  'IMPT',
  'LMAP',
  'CDAP',
  'TCAP',
  'GEAC',
  'LRPA',
  'CCPA',
  'GPAC',
  'CPAC',
  'GPPC',
  'SPAC',
]);
const PERSIAN_TEXT = /^[\u0600-\u06FF\u200c\s]*$/;
const DONE_MESSAGE = 'عملیات با موفقیت انجام شد';
const NOT_FOUND = { status: 404, code: 'NOT_FOUND', message: 'cheque not found' } as const;

type Fields = Readonly<Record<string, unknown>>;

function bodyOf(body: RequestBody): Fields {
  return jsonObject(body) ?? reject('invalid body');
}

const text = (fields: Fields, name: string): string => optionalString(fields, name) ?? reject(`invalid ${name}`);
const optionalText = (fields: Fields, name: string): string | null => optionalString(fields, name) ?? null;

/** A person of a Sayad body: a national id with its Shahab code, or a legal id. */
function partyOf(value: unknown, name: string): SayadParty {
  if (!value || typeof value !== 'object' || Array.isArray(value)) reject(`invalid ${name}`);
  const fields = value as Fields;
  const idType = Number(fields['idType']);
  const idCode = typeof fields['idCode'] === 'string' ? fields['idCode'] : '';
  const natural = idType === 1 && isValidNationalId(idCode) && fields['shahabId'] === shahabCodeOf(idCode);
  const legal = idType === 2 && isValidLegalId(idCode);
  if (!natural && !legal) reject(`invalid ${name}`);
  return { idCode, idType, name: typeof fields['name'] === 'string' ? fields['name'] : '' };
}

function partiesOf(value: unknown, name: string): SayadParty[] {
  if (!Array.isArray(value) || value.length === 0) reject(`invalid ${name}`);
  const parties = value.map((item) => partyOf(item, name));
  if (new Set(parties.map((party) => party.idCode)).size !== parties.length) reject(`invalid ${name}`);
  return parties;
}

function signersOf(value: unknown): SayadCheque['signers'] {
  if (!Array.isArray(value) || value.length === 0) reject('invalid signers');
  return value.map((item) => {
    const fields = (item && typeof item === 'object' ? item : {}) as Fields;
    const signer = partyOf(fields['signer'], 'signers');
    return { name: signer.name, legalStamp: fields['legalStamp'] === '1' ? 1 : 0 };
  });
}

export function sayadIdOf(fields: Readonly<Record<string, unknown>>): string {
  const sayadId = fields['sayadId'];
  if (typeof sayadId !== 'string' || !/^\d{16}$/.test(sayadId)) reject('invalid sayadId');
  return sayadId;
}

function reasonOf(fields: Fields): string {
  const reason = text(fields, 'reason');
  if (!REASONS.has(reason)) reject('invalid reason');
  return reason;
}

function persianDescription(fields: Fields, name: string): string {
  const value = optionalText(fields, name) ?? '';
  if (!PERSIAN_TEXT.test(value)) reject(`invalid ${name}`);
  return value;
}

/** A leaf's branch as the Sayad answers give it: the bank code without its leading zeros, then the branch. */
export const sayadBranchCode = (account: Account): string => `${account.bank.code.replace(/^0+/, '')}${account.branch}`;

const userOf = (request: OperationRequest): string => request.user ?? reject('invalid token');
const referenceId = (trackId: string | undefined) => new Dice(`sayad-ref|${trackId ?? ''}`).digits(14);

/** Whether the person sees the cheque: a drawer, a holder, or a receiver awaited. */
const involves = (cheque: SayadCheque, idCode: string): boolean =>
  [...cheque.drawers, ...cheque.holders, ...(cheque.pending?.link.holders ?? [])].some(
    (party) => party.idCode === idCode,
  );

/**
 * Whom the status and chain inquiries ask as (designed, as the holder's inquiry): `idType` 2 the company of
 * legal id `idCode`, under its representative's token (`nationalCode`); otherwise the person `nationalCode`
 * (`idCode`, when sent with `idType` 1, must be the same).
 */
function askedIn(fields: Fields): string {
  const nationalCode = required(optionalText(fields, 'nationalCode') ?? undefined, 'nationalCode');
  const idType = optionalText(fields, 'idType');
  const idCode = optionalText(fields, 'idCode');
  if (idType === '2') {
    if (idCode === null || !isValidLegalId(idCode)) reject('invalid idCode');
    return idCode;
  }
  if (idType !== null && idType !== '1') reject('invalid idType');
  if (idCode !== null && idCode !== nationalCode) reject('invalid idCode');
  return nationalCode;
}

/**
 * Who acts: the agent (`acceptorAgent`, `cancellerAgent`) when one is sent, a natural person other than the
 * party, else the party. Designed: the agent's authority (attorney, representative) is not checked.
 */
function actingPerson(fields: Fields, party: SayadParty, agentField: string): string {
  if (fields[agentField] === undefined || fields[agentField] === null) return party.idCode;
  const agent = partyOf(fields[agentField], agentField);
  if (agent.idType !== 1 || agent.idCode === party.idCode) reject(`invalid ${agentField}`);
  return agent.idCode;
}

export class SayadHandlers {
  constructor(private readonly registry: SayadRegistry) {}

  /** The answer to a step; an applied one is noted with the request's trackId. */
  private answered(step: Step, request: OperationRequest, applied: Omit<AppliedSayadStep, 'trackId'>) {
    if (!step.ok) return reject(step.message);
    this.registry.record({ ...applied, trackId: request.query['trackId'] ?? '' });
    return done({
      message: DONE_MESSAGE,
      referenceId: referenceId(request.query['trackId']),
      ...(step.resultCode !== undefined && { resultCode: step.resultCode }),
    });
  }

  readonly issue: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const fields = bodyOf(request.body);
    const leaf = leafOf(sayadIdOf(fields)) ?? reject('invalid sayadId');
    const account = leaf.book.account;
    if (text(fields, 'fromIban') !== account.iban) reject('invalid fromIban');
    if (text(fields, 'seriesNo') !== leaf.book.seriesNo || text(fields, 'serialNo') !== leaf.serialNo)
      reject('invalid serialNo');
    const drawers = partiesOf(fields['accountOwners'], 'accountOwners');
    const user = userOf(request);
    if (
      !drawers.some((drawer) => drawer.idCode === user) ||
      !drawers.every((drawer) => account.owners.includes(drawer.idCode))
    )
      reject('invalid accountOwners');
    const receivers = partiesOf(fields['receivers'], 'receivers');
    if (receivers.some((receiver) => drawers.some((drawer) => drawer.idCode === receiver.idCode)))
      reject('invalid receivers');
    const amount = text(fields, 'amount');
    if (!/^[1-9]\d{0,17}$/.test(amount)) reject('invalid amount');
    const dueDate = text(fields, 'dueDate');
    if (!compactDayOf(dueDate)) reject('invalid dueDate');
    const chequeType = Number(optionalText(fields, 'chequeType') ?? '1');
    if (![1, 2, 3, 4].includes(chequeType)) reject('invalid chequeType');
    const chequeMedia = Number(optionalText(fields, 'chequeMedia') ?? '1');
    if (chequeMedia !== 1 && chequeMedia !== 2) reject('invalid chequeMedia');
    return this.answered(
      this.registry.issue(
        {
          leaf,
          drawers,
          signers: signersOf(fields['signers']),
          amount: BigInt(amount),
          dueDate,
          description: optionalText(fields, 'description') ?? '',
          reason: reasonOf(fields),
          chequeType,
          chequeMedia,
          toIban: optionalText(fields, 'toIban'),
          issuedAt: tehranTimestamp(request.now),
        },
        receivers,
      ),
      request,
      { sayadId: leaf.sayadId, action: 'ISSUE', by: user },
    );
  });

  /** Transfer or give back, under an authorization-code or an SMS token of the holder. */
  readonly transfer: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const fields = bodyOf(request.body);
    const sayadId = sayadIdOf(fields);
    const cheque = this.registry.get(sayadId) ?? reject('invalid sayadId');
    const holder = partyOf(fields['holder'], 'holder');
    // Designed: a company holder passes a cheque on by a representative, who signs and whose token it is.
    const signerIds = Array.isArray(fields['signers'])
      ? fields['signers'].map((item: unknown) => (item as { signer?: { idCode?: unknown } } | null)?.signer?.idCode)
      : [];
    const actsForHolder = holder.idType === 2 ? signerIds.includes(userOf(request)) : holder.idCode === userOf(request);
    if (!actsForHolder) reject('invalid holder');
    const giveBack = optionalText(fields, 'giveBack') === '1';
    const receivers = partiesOf(fields['receivers'], 'receivers');
    if (
      giveBack &&
      (receivers.length !== cheque.drawers.length ||
        !receivers.every((r) => cheque.drawers.some((d) => d.idCode === r.idCode)))
    ) {
      reject('invalid receivers');
    }
    if (receivers.some((receiver) => receiver.idCode === holder.idCode)) reject('invalid receivers');
    signersOf(fields['signers']);
    const link = {
      holders: receivers,
      kind: giveBack ? ('GIVE_BACK' as const) : ('TRANSFER' as const),
      description: optionalText(fields, 'description') ?? '',
      reason: reasonOf(fields),
      at: tehranTimestamp(request.now),
    };
    return this.answered(this.registry.transfer(sayadId, holder.idCode, link), request, {
      sayadId,
      action: link.kind,
      by: holder.idCode,
    });
  });

  readonly accept: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const fields = bodyOf(request.body);
    const acceptor = partyOf(fields['acceptor'], 'acceptor');
    if (actingPerson(fields, acceptor, 'acceptorAgent') !== request.params['user']) reject('invalid acceptor');
    const accept = text(fields, 'accept');
    if (accept !== '0' && accept !== '1') reject('invalid accept');
    persianDescription(fields, 'acceptDescription');
    const sayadId = sayadIdOf(fields);
    return this.answered(this.registry.answer(sayadId, acceptor.idCode, accept === '1'), request, {
      sayadId,
      action: accept === '1' ? 'ACCEPT' : 'REJECT',
      by: acceptor.idCode,
    });
  });

  readonly cancel: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const fields = bodyOf(request.body);
    const canceller = partyOf(fields['canceller'], 'canceller');
    if (actingPerson(fields, canceller, 'cancellerAgent') !== request.params['user']) reject('invalid canceller');
    persianDescription(fields, 'cancelDescription');
    const sayadId = sayadIdOf(fields);
    return this.answered(this.registry.cancel(sayadId, canceller.idCode), request, {
      sayadId,
      action: 'CANCEL',
      by: canceller.idCode,
    });
  });

  /** The cheque as a person involved in it sees it; 404 for anyone else, so existence is not revealed. */
  readonly holderInquiry: OperationHandler = guarded((request) => {
    const cheque = this.registry.get(sayadIdOf(request.query));
    // A company's view is asked as the legal person (idType 2, its legal id) under its representative's token.
    const legal = request.query['idType'] === '2';
    const asked = legal ? (request.query['idCode'] ?? '') : (request.params['user'] ?? '');
    if (legal && !isValidLegalId(asked)) reject('invalid idCode');
    // Designed: a Shahab code sent must be the person's (a company is asked by its legal id alone).
    const shahabId = request.query['shahabId'];
    if (shahabId !== undefined && (legal || shahabId !== shahabCodeOf(asked))) reject('invalid shahabId');
    if (!cheque || !involves(cheque, asked)) return fail(NOT_FOUND);
    const { leaf } = cheque;
    return done({
      message: DONE_MESSAGE,
      referenceId: referenceId(request.query['trackId']),
      sayadId: leaf.sayadId,
      branchCode: sayadBranchCode(leaf.book.account),
      bankCode: leaf.book.account.bank.code.replace(/^0+/, ''),
      amount: Number(cheque.amount),
      dueDate: cheque.dueDate,
      description: cheque.description,
      serialNo: leaf.serialNo,
      seriesNo: leaf.book.seriesNo,
      fromIban: leaf.book.account.iban,
      reason: cheque.chain.at(-1)?.reason ?? cheque.reason,
      currency: 1,
      chequeStatus: cheque.status,
      chequeType: cheque.chequeType,
      chequeMedia: cheque.chequeMedia,
      blockStatus: 0,
      guaranteeStatus: 1,
      locked: 0,
      lockerBankCode: null,
      lockerBranchCode: null,
      holders: (cheque.holders.length > 0 ? cheque.holders : (cheque.pending?.link.holders ?? [])).map(
        ({ idCode, idType, name }) => ({ idCode, idType, name }),
      ),
      signers: cheque.signers,
      issueDate: cheque.issuedAt,
      toIban: cheque.toIban,
    });
  });

  /** The drawer's view under client credentials: where the cheque stands and who receives it; 404 for anyone else. */
  readonly issuerInquiry: OperationHandler = guarded((request) => {
    requireTrackId(request);
    const fields = bodyOf(request.body);
    const issuer = partyOf(fields, 'idCode');
    const callerBranchCode = fields['callerBranchCode'];
    if (callerBranchCode !== undefined && (typeof callerBranchCode !== 'string' || callerBranchCode.trim() === ''))
      reject('invalid callerBranchCode');
    const cheque = this.registry.get(sayadIdOf(fields));
    if (
      issuer.idCode !== request.params['user'] ||
      !cheque ||
      !cheque.drawers.some((drawer) => drawer.idCode === issuer.idCode)
    )
      return fail(NOT_FOUND);
    const receivers = cheque.pending?.link.holders ?? cheque.holders;
    return done({
      referenceId: referenceId(request.query['trackId']),
      inquiryResult: {
        sayadId: cheque.leaf.sayadId,
        amount: Number(cheque.amount),
        dueDate: cheque.dueDate,
        fromIban: cheque.leaf.book.account.iban,
        chequeStatus: cheque.status,
        chequeType: cheque.chequeType,
        chequeMedia: cheque.chequeMedia,
        receivers: receivers.map(({ idCode, idType, name }) => ({ idCode, idType, name })),
        issueDate: cheque.issuedAt,
        branchCode: sayadBranchCode(cheque.leaf.book.account),
        bankCode: cheque.leaf.book.account.bank.code.replace(/^0+/, ''),
        description: cheque.description,
        serialNo: cheque.leaf.serialNo,
        seriesNo: cheque.leaf.book.seriesNo,
        reason: cheque.chain.at(-1)?.reason ?? cheque.reason,
        currency: 1,
        blockStatus: 0,
        guaranteeStatus: 1,
        locked: 0,
      },
    });
  });

  /** Designed: `{ sayadId, onGoing, chequeStatus, customers }`, the drawers being the customers drawn on. */
  readonly statusInquiry: OperationHandler = guarded((request) => {
    const fields = bodyOf(request.body);
    const cheque = this.registry.get(sayadIdOf(fields));
    if (!cheque || !involves(cheque, askedIn(fields))) return fail(NOT_FOUND);
    return done({
      sayadId: cheque.leaf.sayadId,
      onGoing: cheque.status === 7 || cheque.status === 8,
      chequeStatus: cheque.status,
      customers: cheque.drawers.map(({ idCode, idType, name }) => ({ idCode, idType, name })),
    });
  });

  /** Designed: `{ sayadId, chain: [{ idCode, idType, name, role, step, date }] }`, the drawers first. */
  readonly chain: OperationHandler = guarded((request) => {
    const fields = bodyOf(request.body);
    const cheque = this.registry.get(sayadIdOf(fields));
    if (!cheque || !involves(cheque, askedIn(fields))) return fail(NOT_FOUND);
    // Designed: the inquiry is for a kind of cheque; asked as another kind, it is refused.
    const chequeType = optionalText(fields, 'chequeType');
    if (chequeType !== null && chequeType !== String(cheque.chequeType)) reject('invalid chequeType');
    const persons = [
      ...cheque.drawers.map((party) => ({ ...party, role: 'DRAWER', step: 0, date: cheque.issuedAt })),
      ...cheque.chain.flatMap((link, step) =>
        link.holders.map((party) => ({
          ...party,
          role: link.kind === 'ISSUE' ? 'RECEIVER' : 'TRANSFEREE',
          step: step + 1,
          date: link.at,
        })),
      ),
    ];
    return done({ sayadId: cheque.leaf.sayadId, chain: persons });
  });

  readonly chequebooks: OperationHandler = guarded(({ query }) => {
    const account = accountOfDeposit(required(query['deposit'], 'deposit')) ?? reject('invalid deposit');
    return done({
      chequeDetails: chequebooksOf(account).map((book) => ({
        accountNo: account.deposit,
        branchCode: account.branch,
        branchName: `شعبه ${account.branch}`,
        branchCodeAndName: `${account.branch} - شعبه ${account.branch}`,
        deliveryBranchCode: account.branch,
        approvedDate: formatSlashed(book.issuedOn),
        customerName: account.owners[0] ? fullNameOf(personOf(account.owners[0])) : '',
        customerNo: account.key,
        customerType: account.joint ? '24' : '01',
        nationalCode: account.owners[0] ?? '',
        expireDate: formatSlashed(book.expiresOn).replace(/\//g, ''),
        isABunch: book.sheets > 50 ? 'true' : 'false',
        issuanceDate: formatSlashed(book.issuedOn).replace(/\//g, ''),
        mediaType: book.mediaType,
        serialNoFrom: String(book.serialFrom),
        serialNoTo: String(book.serialFrom + book.sheets - 1),
        serialNumbers: book.sayadIds.join(','),
        iban: account.iban,
        sheetCount: String(book.sheets),
        stateDescription: 'فعال',
      })),
    });
  });
}
