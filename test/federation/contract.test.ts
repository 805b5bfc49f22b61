/**
 * The public contract: what a router's contract variant filtered to the tag `public` keeps of this
 * subgraph (docs/FEDERATION.md, "Contracts"). The contract is composed with an open-source
 * implementation of contract filtering, and the tags are checked on their own: every field the contract
 * keeps has a type it keeps, and every type it keeps is reached from a public entry point.
 */
import { composeSchemaContract } from '@theguild/federation-composition';
import {
  buildASTSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  Kind,
  parse,
  visit,
  type ConstDirectiveNode,
  type DirectiveNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type ObjectTypeDefinitionNode,
  type ObjectTypeExtensionNode,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { subgraphSdl } from '../../scripts/writeSdl.js';

const PUBLIC = 'public';

/** The entry points of the public contract: the decision docs/FEDERATION.md explains. */
const PUBLIC_ROOT_FIELDS = {
  Query: [
    'account',
    'accountByNumber',
    'bankGuarantee',
    'banks',
    'bill',
    'card',
    'cheque',
    'chequeLeafBySerial',
    'company',
    'consentScopes',
    'faceComparison',
    'job',
    'motorcycle',
    'nationalCardScan',
    'parcel',
    'person',
    'postalAddress',
    'sanaRegistration',
    'transactionCreditReport',
    'vehicle',
  ],
  Mutation: [
    'completeCodeConsent',
    'completeMobileOwnershipCheck',
    'completeSmsConsent',
    'revokeConsent',
    'startBillInquiry',
    'startCodeConsent',
    'startCreditReport',
    'startGazetteSignatureVerification',
    'startMobileOwnershipCheck',
    'startSmsConsent',
    'startTransactionCreditInquiry',
    'verifyTransactionCreditInquiry',
  ],
  Subscription: ['jobUpdated'],
} as const;

/** Types of ours the contract leaves out, whatever refers to them. */
const NOT_PUBLIC_TYPES = [
  'InquiryConsent',
  'TransferJob',
  'TransferResult',
  'TransferInput',
  'ChequeActionJob',
  'ChequeActionResult',
  'IssueChequeInput',
  'SmsDeliveryJob',
  'SendSmsInput',
  'InboundSms',
  'OneTimePasswordChallenge',
  'AccountStatementConnection',
];

const isPublicTag = (directive: DirectiveNode): boolean =>
  directive.name.value === 'tag' &&
  (directive.arguments ?? []).some(
    (a) => a.name.value === 'name' && a.value.kind === Kind.STRING && a.value.value === PUBLIC,
  );

const TAG_NODE: ConstDirectiveNode = {
  kind: Kind.DIRECTIVE,
  name: { kind: Kind.NAME, value: 'tag' },
  arguments: [
    {
      kind: Kind.ARGUMENT,
      name: { kind: Kind.NAME, value: 'name' },
      value: { kind: Kind.STRING, value: PUBLIC },
    },
  ],
};

/**
 * Apollo's contracts give an argument without a tag of its own the tags of its field. The library used
 * here does so only from 0.27.2 on; the registry holds 0.27.0, so the arguments are tagged here as
 * Apollo would see them.
 */
function withArgumentsTaggedLikeTheirFields(document: DocumentNode): DocumentNode {
  const taggedTypes = new Set(
    document.definitions.flatMap((d) =>
      'name' in d && d.name && 'directives' in d && (d.directives ?? []).some(isPublicTag) ? [d.name.value] : [],
    ),
  );
  const tagArguments = (field: FieldDefinitionNode, typeTagged: boolean): FieldDefinitionNode =>
    typeTagged || (field.directives ?? []).some(isPublicTag)
      ? {
          ...field,
          arguments: field.arguments?.map((argument) =>
            (argument.directives ?? []).some((d) => d.name.value === 'tag')
              ? argument
              : { ...argument, directives: [...(argument.directives ?? []), TAG_NODE] },
          ),
        }
      : field;
  const onType = <T extends ObjectTypeDefinitionNode | ObjectTypeExtensionNode>(node: T): T => ({
    ...node,
    fields: node.fields?.map((field) => tagArguments(field, taggedTypes.has(node.name.value))),
  });
  return visit(document, { ObjectTypeDefinition: onType, ObjectTypeExtension: onType });
}

function composePublicContract(document: DocumentNode): ReturnType<typeof composeSchemaContract> {
  return composeSchemaContract(
    [
      {
        name: 'inquiry',
        typeDefs: withArgumentsTaggedLikeTheirFields(document),
        url: 'http://inquiry.invalid/graphql',
      },
    ],
    { include: new Set([PUBLIC]), exclude: new Set() },
    true,
  );
}

/** The document with the public tag taken off one type's definition and extensions. */
function untagged(document: DocumentNode, typeName: string): DocumentNode {
  const strip = <T extends { readonly name?: { value: string }; readonly directives?: readonly ConstDirectiveNode[] }>(
    node: T,
  ): T =>
    node.name?.value === typeName ? { ...node, directives: node.directives?.filter((d) => !isPublicTag(d)) } : node;
  return visit(document, {
    ObjectTypeDefinition: strip,
    ObjectTypeExtension: strip,
    EnumTypeDefinition: strip,
    EnumTypeExtension: strip,
  });
}

const tagsOf = (type: GraphQLNamedType): readonly ConstDirectiveNode[] => [
  ...(type.astNode?.directives ?? []),
  ...type.extensionASTNodes.flatMap((node) => node.directives ?? []),
];

/**
 * The tags read as a contract reads them: a type is public when tagged, a field when it or its type is.
 * Gives every public field or input field whose type is not public, and every public type that no public
 * entry point reaches.
 */
function checkTags(schema: GraphQLSchema): { unpublishedTypes: string[]; unreachable: string[] } {
  // A type without a tag of its own is still kept when one of its fields is (BankAccount).
  const hasPublicField = (type: GraphQLNamedType) =>
    (isObjectType(type) || isInterfaceType(type)) &&
    Object.values(type.getFields()).some((field) => (field.astNode?.directives ?? []).some(isPublicTag));
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  const publicTypes = new Set(
    Object.values(schema.getTypeMap())
      .filter((type) => !roots.includes(type as never))
      .filter((type) => tagsOf(type).some(isPublicTag) || hasPublicField(type))
      .map((type) => type.name),
  );
  const taggedTypes = new Set(
    Object.values(schema.getTypeMap())
      .filter((type) => tagsOf(type).some(isPublicTag))
      .map((type) => type.name),
  );
  const isPublicType = (type: GraphQLNamedType) => isSpecifiedScalarType(type) || publicTypes.has(type.name);
  const unpublishedTypes: string[] = [];
  const reached = new Set<string>();
  const queue: GraphQLNamedType[] = [];
  const reach = (from: string, type: GraphQLNamedType) => {
    if (!isPublicType(type)) unpublishedTypes.push(`${from}: ${type.name}`);
    else if (!reached.has(type.name) && !isSpecifiedScalarType(type)) {
      reached.add(type.name);
      queue.push(type);
    }
  };
  const publicFieldsOf = (type: GraphQLNamedType) =>
    isObjectType(type) || isInterfaceType(type)
      ? Object.values(type.getFields()).filter(
          (field) => taggedTypes.has(type.name) || (field.astNode?.directives ?? []).some(isPublicTag),
        )
      : [];
  const visitFields = (type: GraphQLNamedType) => {
    for (const field of publicFieldsOf(type)) {
      reach(`${type.name}.${field.name}`, getNamedType(field.type));
      for (const argument of field.args)
        reach(`${type.name}.${field.name}(${argument.name})`, getNamedType(argument.type));
    }
  };
  for (const root of roots) if (root) visitFields(root);
  for (let type = queue.shift(); type; type = queue.shift()) {
    visitFields(type);
    if (isObjectType(type)) for (const face of type.getInterfaces()) reach(`${type.name} implements`, face);
    if (isUnionType(type)) {
      const members = type.getTypes().filter(isPublicType);
      if (members.length === 0) unpublishedTypes.push(`${type.name}: no public member`);
      for (const member of members) reach(`${type.name} member`, member);
    }
    if (isInputObjectType(type))
      for (const field of Object.values(type.getFields()))
        reach(`${type.name}.${field.name}`, getNamedType(field.type));
  }
  const unreachable = [...publicTypes].filter((name) => !reached.has(name)).sort();
  return { unpublishedTypes: unpublishedTypes.sort(), unreachable };
}

describe('the public contract', () => {
  let document: DocumentNode;
  let api: GraphQLSchema;

  beforeAll(async () => {
    document = parse(await subgraphSdl());
    const contract = composePublicContract(document);
    expect(contract.errors?.map((e) => e.message)).toBeUndefined();
    api = buildASTSchema(parse(contract.publicSdl ?? ''));
  });

  it('composes, with exactly the public entry points', () => {
    const rootFields = (type: ReturnType<GraphQLSchema['getQueryType']>) =>
      type ? Object.keys(type.getFields()).sort() : [];
    expect({
      Query: rootFields(api.getQueryType()),
      Mutation: rootFields(api.getMutationType()),
      Subscription: rootFields(api.getSubscriptionType()),
    }).toEqual(PUBLIC_ROOT_FIELDS);
  });

  it('leaves out the money movements, the client’s messaging, the consent record and account statements', () => {
    expect(NOT_PUBLIC_TYPES.filter((name) => api.getType(name) !== undefined)).toEqual([]);
    const account = api.getType('BankAccount');
    const fields = isObjectType(account) ? Object.keys(account.getFields()) : [];
    expect(fields).toContain('iban');
    expect(fields).toContain('chequebooks');
    expect(fields).not.toContain('statement');
    // What stays is whole: the public types keep every field, enums every value.
    const person = api.getType('Person');
    expect(isObjectType(person) ? Object.keys(person.getFields()) : []).toContain('taxDebts');
    const status = api.getType('AccountStatus');
    expect(isEnumType(status) ? status.getValues().length : 0).toBeGreaterThan(1);
    expect(isScalarType(api.getType('RialAmount'))).toBe(true);
  });

  it('keeps no field whose type it leaves out, and no public type that no public entry point reaches', () => {
    expect(checkTags(buildASTSchema(document, { assumeValidSDL: true }))).toEqual({
      unpublishedTypes: [],
      unreachable: [],
    });
  });

  it('fails, both ways, when a type reached from a public field loses its tag', () => {
    const withoutBill = untagged(document, 'Bill');
    expect(checkTags(buildASTSchema(withoutBill, { assumeValidSDL: true })).unpublishedTypes).toContain(
      'Query.bill: Bill',
    );
    expect(composePublicContract(withoutBill).errors?.length ?? 0).toBeGreaterThan(0);
  });
});
