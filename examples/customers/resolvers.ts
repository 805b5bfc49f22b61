import { RELATIONSHIP_MANAGERS, type CustomerRecord, type Segment } from './data.js';

/** A reference to an entity another subgraph owns: its key is all this subgraph needs to know of it. */
interface EntityReference {
  readonly nationalId: string;
}

/** The customers, looked up by number and by the national id of the person or company each one is. */
export class CustomerBook {
  private readonly byNumber = new Map<string, CustomerRecord>();
  private readonly byNationalId = new Map<string, CustomerRecord>();

  constructor(readonly all: readonly CustomerRecord[]) {
    for (const customer of all) {
      this.byNumber.set(customer.customerNumber, customer);
      const nationalId = customer.personNationalId ?? customer.companyNationalId;
      if (nationalId !== undefined) this.byNationalId.set(nationalId, customer);
    }
  }

  byCustomerNumber(customerNumber: string): CustomerRecord | null {
    return this.byNumber.get(customerNumber) ?? null;
  }

  /** The customer a person or company is; null when it is not one. */
  of(reference: EntityReference): CustomerRecord | null {
    return this.byNationalId.get(reference.nationalId) ?? null;
  }
}

/** The resolvers of the customers subgraph over `book`. */
export function createResolvers(book: CustomerBook) {
  return {
    Query: {
      customers: (_root: unknown, args: { segment?: Segment | null }) =>
        args.segment ? book.all.filter((customer) => customer.segment === args.segment) : book.all,
      customer: (_root: unknown, args: { customerNumber: string }) => book.byCustomerNumber(args.customerNumber),
    },
    // The gateway asks for the customer of a Person or Company the inquiry subgraph returned: any
    // national id is a valid reference, and `customer` answers null for one that is not a customer.
    Person: {
      __resolveReference: (reference: EntityReference): EntityReference => ({ nationalId: reference.nationalId }),
      customer: (person: EntityReference) => book.of(person),
    },
    Company: {
      __resolveReference: (reference: EntityReference): EntityReference => ({ nationalId: reference.nationalId }),
      customer: (company: EntityReference) => book.of(company),
    },
    Customer: {
      relationshipManager: (customer: CustomerRecord) =>
        RELATIONSHIP_MANAGERS.find((manager) => manager.id === customer.relationshipManagerId) ?? null,
      // References only: the gateway fetches the rest of the Person or Company from the inquiry subgraph.
      person: (customer: CustomerRecord): EntityReference | null =>
        customer.personNationalId ? { nationalId: customer.personNationalId } : null,
      company: (customer: CustomerRecord): EntityReference | null =>
        customer.companyNationalId ? { nationalId: customer.companyNationalId } : null,
    },
  };
}
