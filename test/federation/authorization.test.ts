/**
 * `@authenticated` and `@requiresScopes` mirror the catalog: a field that calls an upstream operation
 * under a user grant (the person's SMS or authorization-code consent) carries both, its scopes being the
 * catalog's scopes of the operations it calls. Which operations a field calls is not written down here:
 * each field is asked over HTTP with a consent of the person that covers none of them, and the
 * operations its datasources reach (read, send, or the check before an action) are recorded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Kind, parse, type ConstValueNode, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RequestUpstream } from '../../src/datasources/shared/requestUpstream.js';
import { operation, operations, type OperationId } from '../../src/datasources/upstream/operations.js';
import { answerInput, BOOK, cancelInput, DRAWER, issueInput, MUTATIONS, transferInput } from '../cheques/support.js';
import { smsConsent, withHandle } from '../consent/support.js';
import { accountsOf, THREE_BANKS, WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { at } from '../helpers/responses.js';

interface Probe {
  /** `Type.field` */
  readonly field: string;
  readonly query: string;
  readonly variables?: Record<string, unknown>;
}

const PERSON = THREE_BANKS.nationalId;
const BIRTH_DATE = THREE_BANKS.birthDate;
const SAYAD_ID = at(BOOK.sayadIds, 0);
/** A scope of the SMS grant that none of the probed fields needs: the consent is there, its scopes are not. */
const UNRELATED_SCOPE = operation('creditSmsSayadChequeInquiryGet').scope;

const personProbe = (field: string, selection: string): Probe => ({
  field: `Person.${field}`,
  query: `query($nid: String!) { person(nationalId: $nid) { ${selection} } }`,
  variables: { nid: PERSON },
});

const chequeMutationProbe = (mutation: keyof typeof MUTATIONS, input: Record<string, unknown>): Probe => ({
  field: `Mutation.${mutation}`,
  query: `mutation($input: ${MUTATIONS[mutation]}!) { ${mutation}(input: $input) { __typename } }`,
  variables: { input },
});

const sepah = accountsOf(PERSON).filter((account) => account.bank.code === '062');

/** One request per field that needs a consent: each reaches the field's upstream operations, or the check before them. */
const PROBES: readonly Probe[] = [
  personProbe('taxDebts', 'taxDebts { status }'),
  personProbe('identityConfirmedBySms', `identityConfirmedBySms(birthDate: "${BIRTH_DATE}") { firstName }`),
  personProbe(
    'identityMatchConfirmedBySms',
    `identityMatchConfirmedBySms(birthDate: "${BIRTH_DATE}", fullName: "امیر نجفی") { __typename }`,
  ),
  personProbe('shahabConfirmedBySms', `shahabConfirmedBySms(birthDate: "${BIRTH_DATE}") { __typename }`),
  personProbe('facilities', 'facilities { __typename }'),
  personProbe('bouncedChequesConfirmedBySms', 'bouncedChequesConfirmedBySms { __typename }'),
  personProbe('guaranteedLoans', 'guaranteedLoans { __typename }'),
  // `chain` with its kind given calls only the chain inquiry (without it, the holder's inquiry comes first).
  ...(['view', 'statusReport', 'chain(type: NORMAL)'] as const).map((field): Probe => ({
    field: `Cheque.${field.replace(/\(.*$/, '')}`,
    query: `query($id: String!) { cheque(sayadId: $id) { ${field} { __typename } } }`,
    variables: { id: SAYAD_ID },
  })),
  {
    field: 'Mutation.transfer',
    query: `mutation($input: TransferInput!) { transfer(input: $input) { __typename } }`,
    variables: {
      input: {
        idempotencyKey: randomUUID(),
        nationalId: PERSON,
        sourceAccountNumber: at(sepah, 0).deposit,
        destination: at(sepah, 1).deposit,
        amount: '150000',
        description: 'قسط',
        // Ayandeh (062) sources require a payment id and a purpose code.
        paymentNumber: '1234567',
        reasonDescription: '1',
      },
    },
  },
  {
    field: 'BankAccount.balance',
    query: `query($iban: String!) { account(iban: $iban) { balance { __typename } } }`,
    variables: { iban: at(sepah, 0).iban },
  },
  {
    field: 'Query.transfer',
    query: `query($nid: String!, $key: String!) { transfer(nationalId: $nid, idempotencyKey: $key) { __typename } }`,
    variables: { nid: PERSON, key: randomUUID() },
  },
  chequeMutationProbe('issueCheque', issueInput(1, [WOMAN.nationalId])),
  chequeMutationProbe('transferCheque', transferInput(DRAWER, SAYAD_ID, [WOMAN.nationalId])),
  chequeMutationProbe('acceptCheque', answerInput(DRAWER, SAYAD_ID)),
  chequeMutationProbe('rejectCheque', answerInput(DRAWER, SAYAD_ID)),
  chequeMutationProbe('cancelCheque', cancelInput(SAYAD_ID)),
  {
    field: 'Query.chequeAction',
    query: `query($nid: String!, $key: String!) { chequeAction(nationalId: $nid, idempotencyKey: $key) { __typename } }`,
    variables: { nid: PERSON, key: randomUUID() },
  },
];

/**
 * Fields that call operations under a user grant only when asked to: they run under the client's
 * credentials otherwise, so they carry neither directive. Each is probed the client's way below.
 */
const CONSENT_OPTIONAL: readonly Probe[] = [
  {
    field: 'Mutation.startCreditReport',
    query: `mutation($input: CreditReportInput!) { startCreditReport(input: $input) { id } }`,
    variables: { input: { nationalId: PERSON, mobile: '09121234567', format: 'JSON', authorizedBy: 'CLIENT' } },
  },
];

const isUserGrant = (id: OperationId): boolean => operation(id).grant !== 'client_credentials';

/** The scopes of `@requiresScopes` the catalog gives for these operations: any one operation's scope suffices. */
const catalogScopes = (ids: Iterable<OperationId>): string[][] =>
  [...new Set([...ids].map((id) => operation(id).scope))].sort().map((scope) => [scope]);

interface FieldAuthorization {
  readonly authenticated: boolean;
  readonly scopes: string[][] | null;
}

function stringLists(value: ConstValueNode | undefined): string[][] {
  if (value?.kind !== Kind.LIST) return [];
  return value.values.map((inner) =>
    inner.kind === Kind.LIST ? inner.values.map((v) => (v.kind === Kind.STRING ? v.value : '?')) : ['?'],
  );
}

/** `Type.field` → its authorization directives, for every object field that carries one. */
function authorizationOf(document: DocumentNode): Map<string, FieldAuthorization> {
  const found = new Map<string, FieldAuthorization>();
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    for (const field of definition.fields ?? []) {
      const directives = field.directives ?? [];
      const authenticated = directives.some((d) => d.name.value === 'authenticated');
      const requires = directives.find((d) => d.name.value === 'requiresScopes');
      if (!authenticated && !requires) continue;
      const scopes = requires ? stringLists(requires.arguments?.find((a) => a.name.value === 'scopes')?.value) : null;
      found.set(`${definition.name.value}.${field.name.value}`, {
        authenticated,
        scopes: scopes?.map((inner) => [...inner].sort()).sort() ?? null,
      });
    }
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Operations under a user grant that the datasources (not their flows) and the resolvers name. */
function userGrantOperationsNamed(): Set<OperationId> {
  const files = [
    ...readdirSync('src/datasources')
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join('src/datasources', name)),
    ...filesUnder('src/resolvers'),
  ];
  const named = new Set<OperationId>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const id of operations.keys()) if (text.includes(`'${id}'`) && isUserGrant(id)) named.add(id);
  }
  return named;
}

describe('authorization directives mirror the catalog', () => {
  const h = useHarness();
  let handle = '';
  let served: Map<string, FieldAuthorization>;
  /** `Type.field` → the operations under a user grant its probe reached. */
  const reached = new Map<string, Set<OperationId>>();
  const spies = (['read', 'send', 'authorize'] as const).map((method) => vi.spyOn(RequestUpstream.prototype, method));

  async function probe(p: Probe): Promise<Set<OperationId>> {
    for (const spy of spies) spy.mockClear();
    await h.gql(p.query, p.variables, withHandle(handle));
    return new Set(spies.flatMap((spy) => spy.mock.calls.map((call) => call[0])).filter((id) => isUserGrant(id)));
  }

  beforeAll(async () => {
    handle = await smsConsent(h.gql, PERSON, [UNRELATED_SCOPE]);
    const sdl = await h.gql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    served = authorizationOf(parse(sdl.data?._service.sdl ?? ''));
    for (const p of PROBES) reached.set(p.field, await probe(p));
  });

  afterAll(() => {
    for (const spy of spies) spy.mockRestore();
  });

  it('each probed field reaches at least one operation under a user grant', () => {
    const empty = PROBES.map((p) => p.field).filter((field) => (reached.get(field)?.size ?? 0) === 0);
    expect(empty).toEqual([]);
  });

  it.each(PROBES.map((p) => p.field))('%s carries @authenticated and the catalog scopes of what it calls', (field) => {
    const expected = catalogScopes(reached.get(field) ?? []);
    expect(served.get(field)).toEqual({ authenticated: true, scopes: expected });
  });

  it('no field carries them unless it calls an operation under a user grant', () => {
    const probed = new Set(PROBES.map((p) => p.field));
    expect([...served.keys()].filter((field) => !probed.has(field)).sort()).toEqual([]);
  });

  it('the probes reach every operation under a user grant that the datasources and resolvers name', () => {
    const reachedAll = new Set([...reached.values()].flatMap((ids) => [...ids]));
    const named = userGrantOperationsNamed();
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((id) => !reachedAll.has(id)).sort()).toEqual([]);
  });

  it.each(CONSENT_OPTIONAL.map((p) => [p.field, p] as const))(
    '%s runs under the client’s credentials too, so carries neither directive',
    async (field, p) => {
      expect(await probe(p)).toEqual(new Set());
      expect(served.get(field)).toBeUndefined();
    },
  );
});
