import {
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isListType,
  isWrappingType,
  isObjectType,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  valueFromASTUntyped,
  type DirectiveNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInterfaceType,
  type GraphQLObjectType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type ObjectTypeDefinitionNode,
  type ObjectTypeExtensionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The estimated cost of an operation in upstream calls, from the schema's directives:
 *
 * - `@cost(weight: N)` on a field: the calls its resolver makes, once per parent object;
 * - `@cost(weight: N)` on an object type: the calls made once per object of that type when its fields
 *   are read from one lazily loaded record (a company's registry record, an address);
 * - `@listSize(assumedSize:)` on a list field: how many items to assume; `@listSize(slicingArguments:,
 *   sizedFields:)`: the value of the slicing argument (e.g. `first`) sizes the named child lists.
 *
 * Everything below a list counts once per item, so nested lists multiply. Lists without a size count
 * `defaultListSize` items. The router's `_entities` counts each representation against the fragment of
 * its own type. `@skip`/`@include` are honoured; fragments count where they are spread.
 *
 * Introspection calls nothing upstream but is work all the same (a full introspection of this schema is
 * half a megabyte of answer): each object it answers with counts `INTROSPECTION_OBJECT_WEIGHT`, its lists
 * sized by what the schema holds (`introspectionSizes`), so one full introspection costs a few dozen and
 * many aliased copies of it are refused.
 */
/** One hundred objects of an introspection answer weigh as much as one upstream call. */
export const INTROSPECTION_OBJECT_WEIGHT = 0.01;

export interface CostOptions {
  readonly defaultListSize: number;
}

/** The operation's cost, or 0 when its variables do not coerce (execution refuses it anyway). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | null | undefined,
  options: CostOptions,
): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables ?? {});
  if (coerced.errors) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return new CostWalker(schema, fragments, coerced.coerced, options).selectionSet(operation.selectionSet, root);
}

/** Child lists sized by the slicing argument of their parent (`nodes` by `first`). */
interface Sizing {
  readonly fields: ReadonlySet<string>;
  readonly size: number;
}

class CostWalker {
  /** Cost of each fragment spread outside a sized connection, by name; -1 while it is being counted. */
  private readonly fragmentCosts = new Map<string, number>();
  /**
   * The same inside each sized connection, by its sizing, then by the parent type and the name: without
   * it, fragments that each spread the next twice cost 2^levels walks (minutes of a blocked loop).
   */
  private readonly sizedFragmentCosts = new WeakMap<Sizing, Map<string, number>>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: Record<string, unknown>,
    private readonly options: CostOptions,
  ) {}

  selectionSet(node: SelectionSetNode, parent: GraphQLNamedType, sizing?: Sizing): number {
    let total = 0;
    for (const selection of node.selections) {
      if (!this.included(selection.directives)) continue;
      if (selection.kind === Kind.FIELD) total += this.field(selection, parent, sizing);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        if (type) total += this.fragment(type, parent, selection.selectionSet, sizing);
      } else {
        total += this.spread(selection.name.value, parent, sizing);
      }
    }
    return total;
  }

  private spread(name: string, parent: GraphQLNamedType, sizing?: Sizing): number {
    const definition = this.fragments.get(name);
    const type = definition && this.schema.getType(definition.typeCondition.name.value);
    if (!definition || !type) return 0;
    let costs = this.fragmentCosts;
    let key = name;
    if (sizing) {
      costs = this.sizedFragmentCosts.get(sizing) ?? new Map<string, number>();
      this.sizedFragmentCosts.set(sizing, costs);
      key = `${parent.name}.${name}`;
    }
    const known = costs.get(key);
    // A fragment that spreads itself is refused by validation; here it only must not loop.
    if (known !== undefined) return Math.max(known, 0);
    costs.set(key, -1);
    const cost = this.fragment(type, parent, definition.selectionSet, sizing);
    costs.set(key, cost);
    return cost;
  }

  /** A fragment on a concrete type under an abstract parent pays that type's per-object cost. */
  private fragment(
    type: GraphQLNamedType,
    parent: GraphQLNamedType,
    selectionSet: SelectionSetNode,
    sizing?: Sizing,
  ): number {
    const perObject = type !== parent ? typeWeight(type) : 0;
    return perObject + this.selectionSet(selectionSet, type, sizing);
  }

  private field(node: FieldNode, parent: GraphQLNamedType, sizing?: Sizing): number {
    const name = node.name.value;
    if (name === '__typename' || !(isObjectType(parent) || isInterfaceType(parent))) return 0;
    const definition = this.definitionOf(parent, name);
    if (!definition) return 0;
    if (name === '_entities' && parent === this.schema.getQueryType() && node.selectionSet) return this.entities(node);
    const args = this.argumentsOf(definition, node);
    const named = getNamedType(definition.type);
    const listSize = directiveArgs(definition.astNode, 'listSize');
    const childSizing = sizedChildren(listSize, args, this.options.defaultListSize);
    const perItem =
      (isObjectType(named) ? typeWeight(named) : 0) +
      (node.selectionSet ? this.selectionSet(node.selectionSet, named, childSizing) : 0);
    const items = isIntrospectionType(parent)
      ? (introspectionSizes(this.schema).get(`${parent.name}.${name}`) ?? 1)
      : isListType(getNullableType(definition.type))
        ? sizing?.fields.has(name)
          ? sizing.size
          : childSizing
            ? 1
            : this.listSize(listSize, args)
        : 1;
    return fieldWeight(definition.astNode) + items * perItem;
  }

  /** A field of `parent`, or the root's `__schema` and `__type`, which no type lists among its fields. */
  private definitionOf(
    parent: GraphQLObjectType | GraphQLInterfaceType,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined {
    if (parent === this.schema.getQueryType()) {
      if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
      if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    }
    return parent.getFields()[name];
  }

  /** `_entities(representations:)`: each representation pays for the fragment on its own type. */
  private entities(node: FieldNode): number {
    const argument = node.arguments?.find((arg) => arg.name.value === 'representations');
    const value: unknown = argument ? valueFromASTUntyped(argument.value, this.variables) : [];
    const counts = new Map<string, number>();
    for (const representation of Array.isArray(value) ? value : []) {
      const typename = (representation as { __typename?: unknown } | null)?.__typename;
      if (typeof typename === 'string') counts.set(typename, (counts.get(typename) ?? 0) + 1);
    }
    let total = 0;
    for (const [typename, count] of counts) {
      const type = this.schema.getType(typename);
      if (!type || !isObjectType(type) || !node.selectionSet) continue;
      total += count * (typeWeight(type) + this.selectionSetFor(node.selectionSet, type));
    }
    return total;
  }

  /** The cost of the parts of an abstract selection set that apply to objects of `type`. */
  private selectionSetFor(node: SelectionSetNode, type: GraphQLNamedType): number {
    let total = 0;
    for (const selection of node.selections) {
      if (!this.included(selection.directives)) continue;
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!selection.typeCondition || selection.typeCondition.name.value === type.name)
          total += this.selectionSetFor(selection.selectionSet, type);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const definition = this.fragments.get(selection.name.value);
        if (definition?.typeCondition.name.value === type.name) total += this.spread(selection.name.value, type);
      } else {
        total += this.field(selection, type);
      }
    }
    return total;
  }

  private listSize(listSize: Record<string, unknown> | null, args: Record<string, unknown>): number {
    const sliced = slicingSize(listSize, args);
    if (sliced !== null) return sliced;
    const assumed = listSize?.assumedSize;
    return typeof assumed === 'number' ? assumed : this.options.defaultListSize;
  }

  private argumentsOf(definition: GraphQLField<unknown, unknown>, node: FieldNode): Record<string, unknown> {
    try {
      return getArgumentValues(definition, node, this.variables);
    } catch {
      return {};
    }
  }

  private included(directives: readonly DirectiveNode[] | undefined): boolean {
    if (!directives?.length) return true;
    const node = { directives } as FieldNode;
    try {
      if (getDirectiveValues(GraphQLSkipDirective, node, this.variables)?.if === true) return false;
      return getDirectiveValues(GraphQLIncludeDirective, node, this.variables)?.if !== false;
    } catch {
      return true;
    }
  }
}

/** The arguments of `@name` on a schema element, or null when it has none. */
function directiveArgs(
  node: FieldDefinitionNode | ObjectTypeDefinitionNode | ObjectTypeExtensionNode | null | undefined,
  name: string,
): Record<string, unknown> | null {
  const directive = node?.directives?.find((candidate) => candidate.name.value === name);
  if (!directive) return null;
  return Object.fromEntries((directive.arguments ?? []).map((arg) => [arg.name.value, valueFromASTUntyped(arg.value)]));
}

function fieldWeight(node: FieldDefinitionNode | null | undefined): number {
  const weight = directiveArgs(node, 'cost')?.weight;
  return typeof weight === 'number' ? weight : 0;
}

/** `@cost` on an object type, on its definition or any of its extensions; introspection's own weight. */
function typeWeight(type: GraphQLNamedType): number {
  if (!isObjectType(type)) return 0;
  if (isIntrospectionType(type)) return INTROSPECTION_OBJECT_WEIGHT;
  for (const node of [type.astNode, ...type.extensionASTNodes]) {
    const weight = directiveArgs(node, 'cost')?.weight;
    if (typeof weight === 'number') return weight;
  }
  return 0;
}

/** The largest value the caller gave a slicing argument, or null when none was given (or defaulted). */
function slicingSize(listSize: Record<string, unknown> | null, args: Record<string, unknown>): number | null {
  const names = listSize?.slicingArguments;
  if (!Array.isArray(names)) return null;
  const values = names.map((name) => args[String(name)]).filter((value): value is number => typeof value === 'number');
  return values.length > 0 ? Math.max(0, ...values) : null;
}

/** A connection's sized child lists (`sizedFields`) and their size, when its slicing argument gives one. */
function sizedChildren(
  listSize: Record<string, unknown> | null,
  args: Record<string, unknown>,
  defaultSize: number,
): Sizing | undefined {
  const fields = listSize?.sizedFields;
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  const size = slicingSize(listSize, args);
  const assumed = listSize?.assumedSize;
  return { fields: new Set(fields.map(String)), size: size ?? (typeof assumed === 'number' ? assumed : defaultSize) };
}

const sizesBySchema = new WeakMap<GraphQLSchema, ReadonlyMap<string, number>>();

/**
 * How many items each list of an introspection answer holds, on average, in `schema`: all its types
 * for `__Schema.types`, and for a type's fields, a field's arguments and so on their number divided by
 * their owners', so that every type's fields add up to the schema's fields.
 */
function introspectionSizes(schema: GraphQLSchema): ReadonlyMap<string, number> {
  const known = sizesBySchema.get(schema);
  if (known) return known;
  const types = Object.values(schema.getTypeMap());
  let fields = 0;
  let args = 0;
  let inputFields = 0;
  let enumValues = 0;
  let interfaces = 0;
  let possibleTypes = 0;
  let references = 0;
  let wrappers = 0;
  const refer = (type: GraphQLType) => {
    references += 1;
    for (let inner = type; isWrappingType(inner); inner = inner.ofType) wrappers += 1;
  };
  for (const type of types) {
    if (isObjectType(type) || isInterfaceType(type)) {
      const own = Object.values(type.getFields());
      fields += own.length;
      interfaces += type.getInterfaces().length;
      for (const field of own) {
        refer(field.type);
        args += field.args.length;
        for (const arg of field.args) refer(arg.type);
      }
    }
    if (isInputObjectType(type)) {
      const own = Object.values(type.getFields());
      inputFields += own.length;
      for (const field of own) refer(field.type);
    }
    if (isEnumType(type)) enumValues += type.getValues().length;
    if (isAbstractType(type)) possibleTypes += schema.getPossibleTypes(type).length;
  }
  const directives = schema.getDirectives();
  const perType = (count: number) => count / types.length;
  // A reference's wrappers (`[T!]!`: three) are a chain of `ofType`: each level present with odds that
  // make the whole chain as long as the schema's average.
  const wrapped = wrappers / Math.max(1, references);
  const sizes = new Map<string, number>([
    ['__Type.ofType', wrapped / (1 + wrapped)],
    ['__Schema.types', types.length],
    ['__Schema.directives', directives.length],
    ['__Type.fields', perType(fields)],
    ['__Type.inputFields', perType(inputFields)],
    ['__Type.enumValues', perType(enumValues)],
    ['__Type.interfaces', perType(interfaces)],
    ['__Type.possibleTypes', perType(possibleTypes)],
    ['__Field.args', args / Math.max(1, fields)],
    [
      '__Directive.args',
      directives.reduce((sum, directive) => sum + directive.args.length, 0) / Math.max(1, directives.length),
    ],
  ]);
  sizesBySchema.set(schema, sizes);
  return sizes;
}
