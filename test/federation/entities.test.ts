import { describe, expect, it } from 'vitest';
import { THREE_BANKS, WOMAN } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { at, dataOf, firstError, partialDataOf } from '../helpers/responses.js';
import { samples } from '../helpers/samples.js';

interface NegativeScore {
  licenceNumber: string;
  points: number | null;
  offenseCount: number | null;
  rule: string | null;
}
type Entity = {
  __typename: 'Person';
  nationalId: string;
  clean?: NegativeScore | null;
  suspended?: NegativeScore | null;
} | null;

/** A second valid national id (check digit correct), distinct from samples.nationalId. */
const OTHER_NATIONAL_ID = '0067749828';
/** Fails the national-id check digit. */
const INVALID_NATIONAL_ID = '1234567890';
/** A licence the sandbox world gives 30 points and a suspension. */
const SUSPENDED_LICENCE = '1234567822';
const SUSPENSION_RULE = 'توقیف گواهینامه به مدت سه ماه و معرفی به دوره آموزشی';

const ENTITIES = /* GraphQL */ `
  query Entities($representations: [_Any!]!, $licence: String!, $suspendedLicence: String!, $mobile: String!) {
    _entities(representations: $representations) {
      __typename
      ... on Person {
        nationalId
        clean: drivingLicenceNegativeScore(licenceNumber: $licence, mobile: $mobile) {
          licenceNumber
          points
          offenseCount
          rule
        }
        suspended: drivingLicenceNegativeScore(licenceNumber: $suspendedLicence, mobile: $mobile) {
          licenceNumber
          points
          offenseCount
          rule
        }
      }
    }
  }
`;

describe('_entities for Person', () => {
  const harness = useHarness();

  it('resolves representations in order; an invalid national id fails only its own item, without touching the upstream', async () => {
    const response = await harness.gql<{ _entities: Entity[] }>(
      `query($representations: [_Any!]!) { _entities(representations: $representations) { __typename ... on Person { nationalId } } }`,
      {
        representations: [
          { __typename: 'Person', nationalId: samples.nationalId },
          { __typename: 'Person', nationalId: INVALID_NATIONAL_ID },
          { __typename: 'Person', nationalId: OTHER_NATIONAL_ID },
          { __typename: 'Person', nationalId: samples.nationalId },
        ],
      },
    );
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      _entities: [
        { __typename: 'Person', nationalId: samples.nationalId },
        null,
        { __typename: 'Person', nationalId: OTHER_NATIONAL_ID },
        { __typename: 'Person', nationalId: samples.nationalId },
      ],
    });
    expect(response.errors).toHaveLength(1);
    expect(response.errors?.[0]).toMatchObject({
      path: ['_entities', 1],
      extensions: { code: 'BAD_USER_INPUT', argumentPath: 'representations[1].nationalId' },
    });
    expect(harness.upstreamCalls()).toEqual([]);
  });

  it('resolves drivingLicenceNegativeScore on entities through the sandbox', async () => {
    const response = await harness.gql<{ _entities: Entity[] }>(ENTITIES, {
      representations: [
        { __typename: 'Person', nationalId: samples.nationalId },
        { __typename: 'Person', nationalId: INVALID_NATIONAL_ID },
        { __typename: 'Person', nationalId: OTHER_NATIONAL_ID },
      ],
      licence: samples.licenceNumber,
      suspendedLicence: SUSPENDED_LICENCE,
      mobile: samples.mciMobile,
    });
    expect(response.status).toBe(200);
    expect(response.errors?.map((error) => error.path)).toEqual([['_entities', 1]]);
    const clean: NegativeScore = { licenceNumber: samples.licenceNumber, points: 0, offenseCount: 0, rule: null };
    const suspended: NegativeScore = {
      licenceNumber: SUSPENDED_LICENCE,
      points: 30,
      offenseCount: 22,
      rule: SUSPENSION_RULE,
    };
    expect(response.data).toEqual({
      _entities: [
        { __typename: 'Person', nationalId: samples.nationalId, clean, suspended },
        null,
        { __typename: 'Person', nationalId: OTHER_NATIONAL_ID, clean, suspended },
      ],
    });

    // One upstream call per (person, licence); none for the invalid id; each carries the entity's national id.
    const calls = harness.upstreamCalls('billingNegativeScoreGet');
    const sent = calls.map((c) => `${c.query.nationalID}|${c.query.licenseNumber}|${c.query.mobile}`).sort();
    expect(sent).toEqual(
      [
        `${samples.nationalId}|${samples.licenceNumber}|${samples.mciMobile}`,
        `${samples.nationalId}|${SUSPENDED_LICENCE}|${samples.mciMobile}`,
        `${OTHER_NATIONAL_ID}|${samples.licenceNumber}|${samples.mciMobile}`,
        `${OTHER_NATIONAL_ID}|${SUSPENDED_LICENCE}|${samples.mciMobile}`,
      ].sort(),
    );
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(harness.upstreamCalls().length).toBe(4);
  });

  it('rejects a bad licence number on an entity with BAD_USER_INPUT before any upstream call', async () => {
    const response = await harness.gql<{ _entities: Entity[] }>(
      `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on Person { nationalId drivingLicenceNegativeScore(licenceNumber: "12345", mobile: "${samples.mciMobile}") { points } } } }`,
      { representations: [{ __typename: 'Person', nationalId: samples.nationalId }] },
    );
    expect(response.status).toBe(200);
    expect(response.data).toEqual({
      _entities: [{ nationalId: samples.nationalId, drivingLicenceNegativeScore: null }],
    });
    expect(response.errors).toHaveLength(1);
    expect(response.errors?.[0]?.path).toEqual(['_entities', 0, 'drivingLicenceNegativeScore']);
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.extensions?.stacktrace).toBeUndefined();
    expect(harness.upstreamCalls()).toEqual([]);
  });
});

describe('_entities for BankAccount, by IBAN or by bank code and account number', () => {
  const harness = useHarness();
  const { account } = THREE_BANKS;
  const BANK_ACCOUNTS = /* GraphQL */ `
    query ($representations: [_Any!]!) {
      _entities(representations: $representations) {
        ... on BankAccount {
          iban
          bankCode
        }
      }
    }
  `;

  it('finds an account by its second key through the upstream conversion, and by its IBAN without it', async () => {
    const response = await harness.gql<{ _entities: Array<{ iban: string; bankCode: string } | null> }>(BANK_ACCOUNTS, {
      representations: [
        { __typename: 'BankAccount', bankCode: account.bankCode, accountNumber: account.deposit },
        { __typename: 'BankAccount', iban: WOMAN.account.iban },
      ],
    });
    expect(dataOf(response)._entities).toEqual([
      { iban: account.iban, bankCode: account.bankCode },
      { iban: WOMAN.account.iban, bankCode: WOMAN.account.iban.slice(4, 7) },
    ]);
    const conversions = harness.upstreamCalls('facilityDepositToIbanGet');
    expect(conversions).toHaveLength(1);
    expect(at(conversions, 0).query).toMatchObject({ bankCode: account.bankCode });
    // The IBAN alone answers both fields: nothing else was asked of the upstream.
    expect(harness.upstreamCalls()).toHaveLength(1);
  });

  it('gives null for an account number the bank does not know', async () => {
    const unknown = account.deposit.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    const response = await harness.gql<{ _entities: Array<unknown> }>(BANK_ACCOUNTS, {
      representations: [{ __typename: 'BankAccount', bankCode: account.bankCode, accountNumber: unknown }],
    });
    expect(dataOf(response)._entities).toEqual([null]);
    expect(harness.upstreamCalls('facilityDepositToIbanGet')).toHaveLength(1);
  });

  it('fails only the item whose bank code is malformed, naming it, before any upstream call', async () => {
    const response = await harness.gql<{ _entities: Array<unknown> }>(BANK_ACCOUNTS, {
      representations: [
        { __typename: 'BankAccount', bankCode: '17', accountNumber: account.deposit },
        { __typename: 'BankAccount', iban: account.iban },
      ],
    });
    expect(partialDataOf(response)._entities).toEqual([null, { iban: account.iban, bankCode: account.bankCode }]);
    expect(firstError(response).extensions?.['code']).toBe('BAD_USER_INPUT');
    expect(firstError(response).extensions?.['argumentPath']).toBe('representations[0].bankCode');
    expect(harness.upstreamCalls()).toHaveLength(0);
  });
});
