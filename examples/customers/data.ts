/** The customers subgraph's records: in memory, a few customers for a demo. */

export type Segment = 'RETAIL' | 'PREMIUM' | 'SME' | 'CORPORATE';

export interface RelationshipManagerRecord {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface CustomerRecord {
  readonly customerNumber: string;
  readonly segment: Segment;
  /** ISO-8601 date. */
  readonly since: string;
  readonly relationshipManagerId: string | null;
  /** Exactly one of the two: the customer's 10-digit national id, or its 11-digit legal national id. */
  readonly personNationalId?: string;
  readonly companyNationalId?: string;
}

export const RELATIONSHIP_MANAGERS: readonly RelationshipManagerRecord[] = [
  { id: 'RM-7', name: 'Sara Ahmadi', email: 'sara.ahmadi@bank.example' },
  { id: 'RM-12', name: 'Reza Karimi', email: 'reza.karimi@bank.example' },
];

/** Valid ids (check digits right): the inquiry subgraph refuses others. */
export const CUSTOMERS: readonly CustomerRecord[] = [
  {
    customerNumber: 'C-1001',
    segment: 'RETAIL',
    since: '2019-04-02',
    relationshipManagerId: null,
    personNationalId: '0499370899',
  },
  {
    customerNumber: 'C-1002',
    segment: 'PREMIUM',
    since: '2021-11-15',
    relationshipManagerId: 'RM-7',
    personNationalId: '0067749828',
  },
  {
    customerNumber: 'C-2001',
    segment: 'SME',
    since: '2020-01-20',
    relationshipManagerId: 'RM-12',
    companyNationalId: '10100001478',
  },
  {
    customerNumber: 'C-2002',
    segment: 'CORPORATE',
    since: '2017-06-30',
    relationshipManagerId: 'RM-7',
    companyNationalId: '10100003850',
  },
];
