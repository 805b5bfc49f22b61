/** Defaults read again once the enums have their internal values: of arguments, input fields and directive arguments. */
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { applyEnumDefaults } from '../../src/federation/enumDefaults.js';

/** A schema whose enum Tone has the internal values 1 and 2, given after the defaults were read (as @apollo/subgraph does). */
function schemaWithInternalValues(): GraphQLSchema {
  const schema = buildSchema(`
    directive @shade(tone: Tone = DARK) on FIELD_DEFINITION
    enum Tone { LIGHT DARK }
    input Paint { tone: Tone = DARK, name: String }
    interface Painted { tone(of: Tone = LIGHT): Tone }
    type Query implements Painted { tone(of: Tone = LIGHT): Tone, plain(name: String): String }
  `);
  const tone = schema.getType('Tone');
  if (!isEnumType(tone)) throw new Error('expected the enum Tone');
  for (const [name, value] of [
    ['LIGHT', 1],
    ['DARK', 2],
  ] as const) {
    const enumValue = tone.getValue(name);
    if (!enumValue) throw new Error(`expected ${name}`);
    enumValue.value = value;
  }
  return schema;
}

describe('applyEnumDefaults', () => {
  it('gives every enum default its internal value, and leaves other arguments without a default', () => {
    const schema = applyEnumDefaults(schemaWithInternalValues());
    const query = schema.getQueryType();
    const painted = schema.getType('Painted');
    const paint = schema.getType('Paint');
    if (!query || !isInterfaceType(painted) || !isInputObjectType(paint)) throw new Error('types missing');
    expect(query.getFields()['tone']?.args[0]?.defaultValue).toBe(1);
    expect(query.getFields()['plain']?.args[0]?.defaultValue).toBeUndefined();
    expect(painted.getFields()['tone']?.args[0]?.defaultValue).toBe(1);
    expect(paint.getFields()['tone']?.defaultValue).toBe(2);
    expect(paint.getFields()['name']?.defaultValue).toBeUndefined();
    expect(schema.getDirective('shade')?.args[0]?.defaultValue).toBe(2);
  });
});
