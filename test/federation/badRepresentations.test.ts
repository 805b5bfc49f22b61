import { describe, expect, it } from 'vitest';
import { checkRepresentation, ENTITY_KEYS } from '../../src/federation/entities.js';
import { BadUserInputError } from '../../src/errors.js';
import { buildSchema } from '../../src/schema.js';
import { legalIdCheckDigit } from '../../src/validation/checksums.js';
import { useHarness } from '../helpers/harness.js';
import { samples } from '../helpers/samples.js';

const LEGAL_ID = `1010000000${legalIdCheckDigit('1010000000')}`;
const IBAN = 'IR490150007580401235200517';
const PLATE = '552411188';
const SAYAD_ID = '1234567890123456';
/** A 16-digit card number that passes Luhn. */
const CARD = '6037991234567893';

const ENTITIES = /* GraphQL */ `
  query ($representations: [_Any!]!) {
    _entities(representations: $representations) {
      __typename
      ... on Person {
        nationalId
      }
      ... on Company {
        nationalId
      }
      ... on Vehicle {
        plateNumber
      }
      ... on Cheque {
        sayadId
      }
      ... on Card {
        number
      }
      ... on BankAccount {
        iban
      }
    }
  }
`;

interface Item {
  __typename: string;
  [key: string]: string;
}

describe('checkRepresentation', () => {
  it('puts the key in canonical form (Persian digits, spaces) and keeps other fields', () => {
    expect(checkRepresentation({ __typename: 'Person', nationalId: ' ۰۴۹۹۳۷۰۸۹۹ ', extra: 1 }, 0)).toEqual({
      __typename: 'Person',
      nationalId: samples.nationalId,
      extra: 1,
    });
    expect(checkRepresentation({ __typename: 'BankAccount', iban: IBAN.toLowerCase() }, 0)).toEqual({
      __typename: 'BankAccount',
      iban: IBAN,
    });
  });

  it.each([
    ['a string', 'Person', 'representations[2]'],
    ['an array', [], 'representations[2]'],
    ['no __typename', { nationalId: samples.nationalId }, 'representations[2].__typename'],
    ['a numeric __typename', { __typename: 7, nationalId: samples.nationalId }, 'representations[2].__typename'],
    ['a non-entity object type', { __typename: 'Query' }, 'representations[2].__typename'],
    ['a non-entity type with a key-like field', { __typename: 'Bank', code: '017' }, 'representations[2].__typename'],
    ['an unknown type', { __typename: 'Nope', id: '1' }, 'representations[2].__typename'],
    ['an inherited property name', { __typename: 'constructor' }, 'representations[2].__typename'],
    ['a missing key', { __typename: 'Person' }, 'representations[2].nationalId'],
    ['a null key', { __typename: 'Person', nationalId: null }, 'representations[2].nationalId'],
    ['a numeric key', { __typename: 'Person', nationalId: 499370899 }, 'representations[2].nationalId'],
    ['a bad national id', { __typename: 'Person', nationalId: '1234567890' }, 'representations[2].nationalId'],
    ['a bad legal id', { __typename: 'Company', nationalId: '12345678901' }, 'representations[2].nationalId'],
    ['a bad plate', { __typename: 'Vehicle', plateNumber: '552411108' }, 'representations[2].plateNumber'],
    ['a bad IBAN', { __typename: 'BankAccount', iban: 'IR000150007580401235200517' }, 'representations[2].iban'],
    ['a bad card', { __typename: 'Card', number: '6037991234567890' }, 'representations[2].number'],
    ['a bad Sayad id', { __typename: 'Cheque', sayadId: '123' }, 'representations[2].sayadId'],
    [
      'a compound key without its second field',
      { __typename: 'OwnedVehicle', plateNumber: PLATE },
      'representations[2].ownerNationalId',
    ],
    [
      'a compound key with a bad first field',
      { __typename: 'OwnedVehicle', plateNumber: '123', ownerNationalId: samples.nationalId },
      'representations[2].plateNumber',
    ],
    ['half of a second key', { __typename: 'BankAccount', bankCode: '017' }, 'representations[2].accountNumber'],
    [
      'a bad mobile in a compound key',
      { __typename: 'PersonMobile', nationalId: samples.nationalId, mobile: '0912' },
      'representations[2].mobile',
    ],
  ])('refuses %s with BAD_USER_INPUT on its own path', (_label, representation, path) => {
    const result = checkRepresentation(representation, 2);
    expect(result).toBeInstanceOf(BadUserInputError);
    expect((result as BadUserInputError).extensions).toEqual({ code: 'BAD_USER_INPUT', argumentPath: path });
  });

  it('puts every field of a compound key in canonical form', () => {
    expect(
      checkRepresentation({ __typename: 'PersonMobile', nationalId: '۰۴۹۹۳۷۰۸۹۹', mobile: '+989121234567' }, 0),
    ).toEqual({ __typename: 'PersonMobile', nationalId: samples.nationalId, mobile: '09121234567' });
  });

  it('quotes only a short prefix of an unknown type name', () => {
    const result = checkRepresentation({ __typename: 'X'.repeat(10_000) }, 0) as BadUserInputError;
    expect(result.message).toContain(`"${'X'.repeat(24)}…"`);
    expect(result.message.length).toBeLessThanOrEqual(300);
  });

  it('knows every entity of the schema by its @key field (the schema refuses to build otherwise)', () => {
    expect(() => buildSchema()).not.toThrow();
    expect(Object.keys(ENTITY_KEYS).sort()).toEqual([
      'BankAccount',
      'Card',
      'Cheque',
      'Company',
      'OwnedVehicle',
      'Person',
      'PersonMobile',
      'Vehicle',
    ]);
  });
});

describe('_entities with bad representations', () => {
  const harness = useHarness();

  it('fails only the bad items, each with its own path; the good ones resolve; nothing reaches the upstream', async () => {
    const representations = [
      { __typename: 'Person', nationalId: samples.nationalId },
      { __typename: 'Person' },
      { __typename: 'Company', nationalId: LEGAL_ID },
      { __typename: 'Query' },
      { __typename: 'Vehicle', plateNumber: PLATE },
      { __typename: 'NoSuchType', id: '1' },
      { __typename: 'Cheque', sayadId: SAYAD_ID },
      { __typename: 'BankAccount', iban: 'IR000150007580401235200517' },
      { __typename: 'Card', number: CARD },
      { __typename: 'Vehicle', plateNumber: '552411105' },
      { __typename: 'BankAccount', iban: IBAN },
      'Person',
    ];
    const response = await harness.gql<{ _entities: Array<Item | null> }>(ENTITIES, { representations });
    expect(response.status).toBe(200);
    expect(response.data?._entities).toEqual([
      { __typename: 'Person', nationalId: samples.nationalId },
      null,
      { __typename: 'Company', nationalId: LEGAL_ID },
      null,
      { __typename: 'Vehicle', plateNumber: PLATE },
      null,
      { __typename: 'Cheque', sayadId: SAYAD_ID },
      null,
      { __typename: 'Card', number: CARD },
      null,
      { __typename: 'BankAccount', iban: IBAN },
      null,
    ]);
    const errors = (response.errors ?? []).map((error) => ({ path: error.path, ...error.extensions }));
    expect(errors).toEqual([
      { path: ['_entities', 1], code: 'BAD_USER_INPUT', argumentPath: 'representations[1].nationalId' },
      { path: ['_entities', 3], code: 'BAD_USER_INPUT', argumentPath: 'representations[3].__typename' },
      { path: ['_entities', 5], code: 'BAD_USER_INPUT', argumentPath: 'representations[5].__typename' },
      { path: ['_entities', 7], code: 'BAD_USER_INPUT', argumentPath: 'representations[7].iban' },
      { path: ['_entities', 9], code: 'BAD_USER_INPUT', argumentPath: 'representations[9].plateNumber' },
      { path: ['_entities', 11], code: 'BAD_USER_INPUT', argumentPath: 'representations[11]' },
    ]);
    const body = JSON.stringify(response);
    expect(body).not.toMatch(/Abstract type|_entities resolver|resolveReference|isTypeOf/);
    expect(harness.upstreamCalls()).toEqual([]);
  });

  it('a list of only bad representations answers every item with its error, and still no upstream call', async () => {
    const response = await harness.gql<{ _entities: Array<Item | null> }>(ENTITIES, {
      representations: [{ __typename: 'Person' }, { __typename: '_Service' }],
    });
    expect(response.data).toEqual({ _entities: [null, null] });
    expect(response.errors?.map((error) => error.extensions?.code)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(harness.upstreamCalls()).toEqual([]);
  });

  it('a good entity with Persian digits in its key resolves with the canonical key', async () => {
    const response = await harness.gql<{ _entities: Array<Item | null> }>(ENTITIES, {
      representations: [{ __typename: 'Vehicle', plateNumber: '۵۵۲۴۱۱۱۸۸' }],
    });
    expect(response.errors).toBeUndefined();
    expect(response.data).toEqual({ _entities: [{ __typename: 'Vehicle', plateNumber: PLATE }] });
  });
});
