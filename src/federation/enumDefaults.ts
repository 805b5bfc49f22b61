/**
 * Default values of arguments and input fields, read again once the enums have their internal values.
 * graphql-js reads each default from the SDL while the schema is built, before @apollo/subgraph applies
 * the enum resolvers (`ChequeIssueType: { NORMAL: 1, … }`), so a defaulted enum would otherwise arrive
 * in resolvers as its GraphQL name instead of its internal value.
 */
import {
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  valueFromAST,
  type GraphQLArgument,
  type GraphQLInputField,
  type GraphQLSchema,
} from 'graphql';

function readDefault(input: GraphQLArgument | GraphQLInputField): void {
  const literal = input.astNode?.defaultValue;
  if (literal !== undefined) input.defaultValue = valueFromAST(literal, input.type);
}

export function applyEnumDefaults(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (isInputObjectType(type)) Object.values(type.getFields()).forEach(readDefault);
    if (isObjectType(type) || isInterfaceType(type))
      for (const field of Object.values(type.getFields())) field.args.forEach(readDefault);
  }
  for (const directive of schema.getDirectives()) directive.args.forEach(readDefault);
  return schema;
}
