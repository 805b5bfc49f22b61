/**
 * Random GraphQL requests built against the schema, for property tests: selections of real fields at
 * random depth with aliases, inline and named fragments and directives, arguments and variables that
 * are type-correct (often with identifiers the sandbox knows) or deliberately wrong, unknown fields,
 * and now and then a broken or garbage document.
 */
import fc from 'fast-check';
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';

/** Root fields left out of generated documents: none; `_entities` with random representations included. */
export const EXCLUDED_ROOT_FIELDS: ReadonlySet<string> = new Set();

export interface RandomRequest {
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  readonly operationName?: string;
}

/** Values that pass our validators and that the sandbox answers for, by a hint in the argument name. */
const KNOWN_VALUES: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/nationalid|nid|national/i, ['0499370899', '0084575948', '2876543109', '10100000006', '1234567890']],
  [/iban/i, ['IR490150007580401235200517', 'IR330620025360301235200501', 'IR000000000000000000000000']],
  [/card|^number$/i, ['6037701689095443', '6219861034529008', '6037991234567891']],
  [/mobile|phone/i, ['09121234567', '09351234567', '۰۹۱۲۱۲۳۴۵۶۷']],
  [/sayad/i, ['0159999999999999', '1234567890123456']],
  [/postal/i, ['1234567890', '1193653471']],
  [/plate/i, ['552411188', '550011188', '123412345', '000011188']],
  [/tracking/i, ['12345678901234567890']],
  [/guarantee/i, ['0620000000013']],
  [/bank/i, ['062', '057', '0', '999']],
  [/idempotency|key/i, ['key-1', 'a'.repeat(200)]],
  [/otp|code/i, ['12345', 'AAAAA', '']],
  [/scope/i, ['kyc:sms-tax-Inquiry:get', 'oak:transfer-to:execute', 'nope']],
  [/amount/i, ['10000', '-1', '1e30', '99999999999999999999999']],
  [/date|from|to/i, ['14020101', '1402/01/01', '2024-01-01', '13991399']],
];

/** Strings no field expects: empty, huge, control characters, scripts, injection attempts, digits in other scripts. */
const ODD_STRINGS = [
  '',
  ' ',
  'x'.repeat(5_000),
  '\u0000\u0007\n\t',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '۱۲۳۴۵۶۷۸۹۰',
  '%00',
  '{{7*7}}',
  '\uD800',
];

/** An enum value in a literal; in variables it is its name. */
class EnumValue {
  constructor(readonly name: string) {}
}

type Value = null | boolean | number | string | EnumValue | Value[] | { [field: string]: Value };

/** A GraphQL literal for `value`. */
function literal(value: Value): string {
  if (value instanceof EnumValue) return value.name;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([name, field]) => `${name}: ${literal(field)}`)
      .join(', ')}}`;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  return JSON.stringify(value);
}

/** `value` as JSON variables carry it. */
function json(value: Value): unknown {
  if (value instanceof EnumValue) return value.name;
  if (Array.isArray(value)) return value.map(json);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, json(field)]));
  return value;
}

class DocumentBuilder {
  private readonly fragments: string[] = [];
  private readonly variableDefinitions: string[] = [];
  private readonly variables: Record<string, unknown> = {};
  private counter = 0;
  /** Whether this document may carry mistakes; the others are valid, so they reach the resolvers. */
  private broken = false;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly g: fc.GeneratorValue,
    private readonly maxDepth: number,
    private readonly excluded: ReadonlySet<string>,
  ) {}

  build(): RandomRequest {
    this.broken = this.chance(0.3);
    const mutation = this.schema.getMutationType();
    const root: GraphQLObjectType = mutation && this.chance(0.25) ? mutation : this.schema.getQueryType()!;
    const keyword = root === mutation ? 'mutation' : this.pick(['query', 'query', '']);
    const selection = this.selectionSet(root, 0);
    const operationName = this.chance(0.3) ? `Op${this.nat(9)}` : undefined;
    const header =
      keyword === '' && this.variableDefinitions.length === 0 && operationName === undefined
        ? ''
        : `${keyword || 'query'}${operationName ? ` ${operationName}` : ''}${this.variableDefinitions.length > 0 ? `(${this.variableDefinitions.join(', ')})` : ''} `;
    let query = [`${header}${selection}`, ...this.fragments].join('\n');
    query = this.maybeCorrupt(query);
    return {
      query,
      ...(Object.keys(this.variables).length > 0 && { variables: this.variables }),
      // Sometimes a name that matches nothing.
      ...(operationName !== undefined && { operationName: this.defect(0.2) ? 'Nope' : operationName }),
    };
  }

  // --- random choices ------------------------------------------------------------------------------

  /** A mistake, with probability `p`, in documents that may carry them; never in the others. */
  private defect(p: number): boolean {
    return this.broken && this.chance(p);
  }

  private chance(p: number): boolean {
    return this.g(fc.integer, { min: 0, max: 999 }) < p * 1000;
  }

  private nat(max: number): number {
    return this.g(fc.nat, { max });
  }

  private pick<T>(items: readonly T[]): T {
    return items[this.nat(items.length - 1)]!;
  }

  private name(prefix: string): string {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }

  // --- selections ----------------------------------------------------------------------------------

  private selectionSet(type: GraphQLCompositeType, depth: number): string {
    const count = 1 + this.nat(depth === 0 ? 2 : 3);
    const parts: string[] = [];
    for (let i = 0; i < count; i++) parts.push(this.selection(type, depth));
    return `{ ${parts.join(' ')} }`;
  }

  private selection(type: GraphQLCompositeType, depth: number): string {
    if (this.defect(0.05))
      return this.pick(['notAField', 'a: __typename a: id', '__schema { nope }', 'person { nationalId }']);
    const roll = this.nat(99);
    if (roll < 4) {
      const root = depth === 0 && type === this.schema.getQueryType();
      return this.pick(
        root
          ? ['__typename', '__schema { queryType { name } }', '__type(name: "Person") { name kind }']
          : ['__typename'],
      );
    }
    if (isAbstractType(type) || roll < 10) return this.fragment(type, depth);
    const root = type === this.schema.getQueryType() || type === this.schema.getMutationType();
    const fields = (isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : []).filter(
      (field) => !(root && this.excluded.has(field.name)),
    );
    if (fields.length === 0) return '__typename';
    return this.field(this.pick(fields), depth);
  }

  private fragment(type: GraphQLCompositeType, depth: number): string {
    const possible: readonly GraphQLObjectType[] = isAbstractType(type)
      ? this.schema.getPossibleTypes(type)
      : isObjectType(type)
        ? [type]
        : [];
    // Now and then a type the parent can never be.
    const onType: GraphQLCompositeType =
      possible.length === 0 || this.defect(0.1) ? this.randomCompositeType() : this.pick(possible);
    const body = this.selectionSet(onType, depth + 1);
    if (this.chance(0.6)) return `... on ${onType.name} ${body}`;
    const name = this.name('F');
    this.fragments.push(`fragment ${name} on ${onType.name} ${body}`);
    return `...${name}`;
  }

  private randomCompositeType(): GraphQLCompositeType {
    const types = Object.values(this.schema.getTypeMap()).filter(
      (t): t is GraphQLCompositeType => isCompositeType(t) && !t.name.startsWith('__'),
    );
    return this.pick(types);
  }

  private field(field: GraphQLField<unknown, unknown>, depth: number): string {
    // A field with arguments gets a name of its own: two selections of one field with different
    // arguments under one name is a validation error, which only broken documents should carry.
    const alias = (field.args.length > 0 && !this.defect(0.3)) || this.chance(0.2) ? `${this.name('a')}: ` : '';
    const args = this.arguments(field);
    const directive = this.defect(0.05)
      ? this.pick([' @include(if: "yes")', ' @nope', ' @skip'])
      : this.chance(0.05)
        ? this.pick([' @skip(if: true)', ' @include(if: false)', ' @include(if: true)'])
        : '';
    const named = getNamedType(field.type);
    let sub = '';
    if (isCompositeType(named)) {
      // Deep enough: only a leaf, or (rarely) a missing selection set.
      if (this.defect(0.05)) sub = '';
      else if (depth >= this.maxDepth) sub = '{ __typename }';
      else sub = ` ${this.selectionSet(named, depth + 1)}`;
    } else if (this.defect(0.05)) {
      sub = ' { id }';
    }
    return `${alias}${field.name}${args}${directive}${sub}`;
  }

  // --- arguments and values ------------------------------------------------------------------------

  private arguments(field: GraphQLField<unknown, unknown>): string {
    const parts: string[] = [];
    for (const arg of field.args) {
      const required = isNonNullType(arg.type);
      if (!required && this.chance(0.5)) continue;
      if (required && this.defect(0.05)) continue;
      if (this.chance(0.15)) {
        parts.push(`${arg.name}: ${this.variable(arg.type, arg.name)}`);
      } else {
        parts.push(`${arg.name}: ${literal(this.value(arg.type, arg.name, 0))}`);
      }
    }
    if (this.defect(0.03)) parts.push(`unknownArgument: ${literal(this.wrongValue())}`);
    return parts.length > 0 ? `(${parts.join(', ')})` : '';
  }

  /** A variable for an argument of `type`, declared with its type (or, rarely, a wrong one). */
  private variable(type: GraphQLInputType, hint: string): string {
    const name = this.name('v');
    const declared = this.defect(0.1) ? this.pick(['Int', 'String!', '[String]', 'Nope', 'Boolean!']) : String(type);
    this.variableDefinitions.push(`$${name}: ${declared}`);
    if (isNonNullType(type) ? !this.defect(0.1) : !this.chance(0.1))
      this.variables[name] = json(this.value(type, hint, 0));
    return `$${name}`;
  }

  private value(type: GraphQLInputType, hint: string, depth: number): Value {
    if (this.defect(0.08)) return this.wrongValue();
    if (isNonNullType(type)) return this.present(type.ofType, hint, depth);
    if (this.chance(0.03)) return null;
    return this.present(type, hint, depth);
  }

  /** A value of a nullable `type` other than null. */
  private present(type: GraphQLInputType, hint: string, depth: number): Value {
    if (isListType(type)) {
      if (this.chance(0.2)) return this.value(type.ofType, hint, depth + 1);
      return Array.from({ length: this.nat(3) }, () => this.value(type.ofType, hint, depth + 1));
    }
    if (isEnumType(type)) return new EnumValue(this.defect(0.1) ? 'NOT_A_VALUE' : this.pick(type.getValues()).name);
    if (isInputObjectType(type)) {
      const fields: Record<string, Value> = {};
      for (const field of Object.values(type.getFields())) {
        if (!isNonNullType(field.type) && this.chance(0.5)) continue;
        if (isNonNullType(field.type) && this.defect(0.05)) continue;
        fields[field.name] = depth > 3 ? null : this.value(field.type, field.name, depth + 1);
      }
      if (this.defect(0.03)) fields['unknownField'] = 1;
      return fields;
    }
    if (isScalarType(type)) return this.scalar(type.name, hint, depth);
    return null;
  }

  private scalar(name: string, hint: string, depth: number): Value {
    switch (name) {
      case 'Int':
        return this.pick([0, 1, -1, 100, 2 ** 31 - 1, this.g(fc.integer)]);
      case 'Float':
        return this.g(fc.double, { noNaN: true, noDefaultInfinity: true });
      case 'Boolean':
        return this.chance(0.5);
      case '_Any':
        return this.representation(depth);
      default:
        return this.string(hint);
    }
  }

  private string(hint: string): string {
    const known = KNOWN_VALUES.find(([pattern]) => pattern.test(hint));
    const roll = this.nat(99);
    if (known && roll < 60) return this.pick(known[1]);
    if (roll < 75) return this.pick(ODD_STRINGS);
    return this.g(fc.string, { unit: 'grapheme-ascii', maxLength: 30 });
  }

  /** An `_entities` representation: a type name and a key, right or wrong. */
  private representation(depth: number): Value {
    const typename = this.pick([
      'Person',
      'Company',
      'Vehicle',
      'BankAccount',
      'Card',
      'Cheque',
      'Query',
      'Nope',
      'UpstreamJob',
    ]);
    const key = this.pick(['nationalId', 'plateNumber', 'iban', 'number', 'sayadId', 'id']);
    if (this.chance(0.1)) return this.pick<Value>([42, 'text', [], {}, { nationalId: '0499370899' }]);
    return { __typename: typename, [key]: depth > 2 ? null : this.string(key) };
  }

  private wrongValue(): Value {
    return this.pick<Value>([
      42,
      -7.5,
      true,
      'text',
      null,
      [1, 'two'],
      { nested: { deeper: 1 } },
      new EnumValue('SOME_ENUM'),
      '',
    ]);
  }

  // --- whole-document damage -----------------------------------------------------------------------

  private maybeCorrupt(query: string): string {
    if (!this.broken) return query;
    const roll = this.nat(99);
    if (roll < 8) return this.g(fc.string, { maxLength: 80 });
    if (roll < 16) return query.slice(0, this.nat(query.length));
    if (roll < 24) {
      const at = this.nat(query.length);
      return `${query.slice(0, at)}${this.pick(['{', '}', '(', '"', '$', '@', '...', '#'])}${query.slice(at)}`;
    }
    if (roll < 28) return `${query}\n${query}`;
    return query;
  }
}

/** Random requests against `schema`; selections go at most `maxDepth` levels below the root. */
export function randomRequest(
  schema: GraphQLSchema,
  maxDepth = 4,
  excluded = EXCLUDED_ROOT_FIELDS,
): fc.Arbitrary<RandomRequest> {
  return fc.gen().map((g) => new DocumentBuilder(schema, g, maxDepth, excluded).build());
}

/** Request bodies that are JSON but not the shape of a GraphQL request, or ask for what HTTP does not serve. */
export const ODD_BODIES: readonly string[] = [
  '{}',
  '[]',
  'null',
  '"query"',
  '{"query": 42}',
  '{"query": null}',
  '{"query": "{ __typename }", "variables": "nope"}',
  '{"query": "{ __typename }", "variables": [1, 2]}',
  '{"query": "{ __typename }", "operationName": 7}',
  '{"query": "query A { __typename }", "operationName": "B"}',
  '{"query": "{ __typename }", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "abc"}}}',
  '{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "abc"}}}',
  '[{"query": "{ __typename }"}, {"query": "{ __typename }"}]',
  '{"query": "subscription { jobUpdated(id: \\"x\\") { id } }"}',
  '{"query": "{ a: __typename }", "query2": 1, "__proto__": {"polluted": true}}',
];
