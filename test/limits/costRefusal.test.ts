/**
 * The cost limit of `OperationLimits` without a server: the bound, what the refusal says, and the costs
 * it remembers per document, operation and variables.
 */
import { parse, visit, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { limitHits, limitsWith } from '../helpers/limits.js';

/**
 * Renames every `from` of the document to `to`, in place: the document then costs otherwise, so a cost
 * that comes out unchanged was remembered, not estimated again.
 */
function rename(document: DocumentNode, from: string, to: string): void {
  visit(document, {
    Name(node) {
      if (node.value === from) (node as { value: string }).value = to;
    },
  });
}

/** `levels` lists of 2,147,483,647 items in one another. */
function hugeLists(levels: number): string {
  let inner = 'name';
  for (let level = 0; level < levels; level += 1) inner = `items(first: 2147483647) { ${inner} }`;
  return `{ ${inner} }`;
}

describe('the cost limit', () => {
  it('lets an operation costing the maximum through and refuses one costing more, counted', async () => {
    const limits = limitsWith({ maxCost: 3 });
    expect(limits.costRefusal(parse('{ items(first: 3) { name } }'), undefined, undefined)).toBeNull();
    const before = await limitHits('cost');
    const refusal = limits.costRefusal(parse('{ items(first: 4) { name } }'), null, null);
    expect(refusal?.message).toBe(
      "The operation's estimated cost is 4 upstream calls; at most 3 are allowed. Ask for fewer fields or smaller pages.",
    );
    expect(refusal?.extensions).toStrictEqual({ code: 'OPERATION_LIMIT_EXCEEDED', limit: 'cost', max: 3, actual: 4 });
    expect(await limitHits('cost')).toBe(before + 1);
  });

  it('refuses an estimate over the budget of upstream calls before any is sent, naming that budget', async () => {
    const limits = limitsWith({ maxUpstreamCalls: 3 });
    expect(limits.costRefusal(parse('{ items(first: 3) { name } }'), undefined, undefined)).toBeNull();
    const before = await limitHits('upstreamCalls');
    const refusal = limits.costRefusal(parse('{ items(first: 4) { name } }'), null, null);
    expect(refusal?.message).toBe(
      "The operation's estimated cost is 4 upstream calls; at most 3 are spent on one operation. Ask for fewer fields or smaller pages.",
    );
    expect(refusal?.extensions).toStrictEqual({
      code: 'OPERATION_LIMIT_EXCEEDED',
      limit: 'upstreamCalls',
      max: 3,
      actual: 4,
    });
    expect(await limitHits('upstreamCalls')).toBe(before + 1);
  });

  it('names the smaller bound when an estimate is over both, and the one passed when over one', () => {
    const over = (limits: ReturnType<typeof limitsWith>, first: number) =>
      limits.costRefusal(parse(`{ items(first: ${first}) { name } }`), undefined, {})?.extensions;
    expect(over(limitsWith({ maxCost: 5, maxUpstreamCalls: 3 }), 9)).toMatchObject({ limit: 'upstreamCalls', max: 3 });
    expect(over(limitsWith({ maxCost: 3, maxUpstreamCalls: 5 }), 9)).toMatchObject({ limit: 'cost', max: 3 });
    expect(over(limitsWith({ maxCost: 3, maxUpstreamCalls: 3 }), 9)).toMatchObject({ limit: 'upstreamCalls', max: 3 });
    expect(over(limitsWith({ maxCost: 3, maxUpstreamCalls: 5 }), 4)).toMatchObject({ limit: 'cost', max: 3 });
    expect(over(limitsWith({ maxCost: 5, maxUpstreamCalls: 3 }), 4)).toMatchObject({ limit: 'upstreamCalls', max: 3 });
    expect(over(limitsWith({ maxCost: 5, maxUpstreamCalls: 5 }), 5)).toBeUndefined();
  });

  it('refuses a part of a call past the maximum, and says the cost rounded up', () => {
    const limits = limitsWith({ maxCost: 2 });
    // Two items of name (1) and part (0.1).
    const refusal = limits.costRefusal(parse('{ items(first: 2) { name part } }'), undefined, {});
    expect(refusal?.extensions).toMatchObject({ max: 2, actual: 3 });
    expect(refusal?.message).toMatch(/^The operation's estimated cost is 3 upstream calls;/);
  });

  it('says the largest safe integer for a cost past it, or past any number', () => {
    const limits = limitsWith({ maxCost: 1000 });
    const past = limits.costRefusal(parse(hugeLists(2)), undefined, {});
    expect(past?.extensions['actual']).toBe(Number.MAX_SAFE_INTEGER);
    const infinite = limits.costRefusal(parse(hugeLists(40)), undefined, {});
    expect(infinite?.extensions).toMatchObject({ max: 1000, actual: Number.MAX_SAFE_INTEGER });
    expect(infinite?.message).toContain(`is ${Number.MAX_SAFE_INTEGER} upstream calls`);
  });

  it('sizes a list without a size by the default list size', () => {
    const limits = limitsWith({ maxCost: 6, defaultListSize: 7 });
    expect(limits.costRefusal(parse('{ items { name } }'), undefined, {})?.extensions).toMatchObject({ actual: 7 });
  });

  it('refuses nothing when off', () => {
    expect(limitsWith({}).costRefusal(parse(hugeLists(40)), undefined, {})).toBeNull();
  });
});

describe('the costs remembered', () => {
  it('are kept per document, operation name and variables', () => {
    const limits = limitsWith({ maxCost: 50 });
    const text = 'query cheap($n: Int) { items(first: $n) { name } } query dear { items(first: 60) { name } }';
    const document = parse(text);
    expect(limits.costRefusal(document, 'cheap', { n: 5 })).toBeNull();
    expect(limits.costRefusal(document, 'dear', {})?.extensions['actual']).toBe(60);
    expect(limits.costRefusal(document, 'cheap', { n: 51 })?.extensions['actual']).toBe(51);
    rename(document, 'name', 'dear');
    expect(limits.costRefusal(document, 'cheap', { n: 5 })).toBeNull();
    expect(limits.costRefusal(document, 'dear', {})?.extensions['actual']).toBe(60);
    // Other variables, or the same text parsed again, are estimated.
    expect(limits.costRefusal(document, 'cheap', { n: 4 })?.extensions['actual']).toBe(4000);
    expect(limits.costRefusal(parse(text), 'cheap', { n: 5 })).toBeNull();
  });

  it('are kept apart for two operations of a document sent with the same variables', () => {
    const limits = limitsWith({ maxCost: 50 });
    const document = parse('query cheap { items(first: 5) { name } } query dear { items(first: 60) { name } }');
    expect(limits.costRefusal(document, 'cheap', {})).toBeNull();
    expect(limits.costRefusal(document, 'dear', {})?.extensions['actual']).toBe(60);
    expect(limits.costRefusal(document, 'cheap', {})).toBeNull();
  });

  it('are kept by the variables the operation declares alone, and not for large ones', () => {
    const limits = limitsWith({ maxCost: 100 });
    const document = parse('query ($n: Int, $tag: String) { items(first: $n) { name } }');
    expect(limits.costRefusal(document, undefined, { n: 5, unused: 'x'.repeat(100_000) })).toBeNull();
    rename(document, 'name', 'dear');
    // Remembered though the undeclared variable differs, and however large it is.
    expect(limits.costRefusal(document, undefined, { n: 5, unused: 'y' })).toBeNull();
    // A declared variable sent or not, or null, is another set.
    expect(limits.costRefusal(document, undefined, { n: 5, tag: null })?.extensions['actual']).toBe(5000);
    // A large declared variable is costed each time, never kept.
    const large = { n: 5, tag: 't'.repeat(5_000) };
    rename(document, 'dear', 'name');
    expect(limits.costRefusal(document, undefined, large)).toBeNull();
    rename(document, 'name', 'dear');
    expect(limits.costRefusal(document, undefined, large)?.extensions['actual']).toBe(5000);
  });

  it('are kept for variables of up to 4,096 characters with the name, and not one more', () => {
    const limits = limitsWith({ maxCost: 100 });
    const document = parse('query ($n: Int, $tag: String) { items(first: $n) { name } }');
    // The key is the name (none), a separator and `[[5],["…"]]`: 11 characters besides the tag.
    const atBound = { n: 5, tag: 't'.repeat(4_096 - 11) };
    const pastBound = { n: 5, tag: 't'.repeat(4_096 - 10) };
    expect(limits.costRefusal(document, undefined, atBound)).toBeNull();
    expect(limits.costRefusal(document, undefined, pastBound)).toBeNull();
    rename(document, 'name', 'dear');
    expect(limits.costRefusal(document, undefined, atBound)).toBeNull();
    expect(limits.costRefusal(document, undefined, pastBound)?.extensions['actual']).toBe(5000);
  });

  it('cost nothing for an operation the document does not hold', () => {
    const limits = limitsWith({ maxCost: 1 });
    expect(limits.costRefusal(parse('query A { items(first: 9) { name } }'), 'B', { n: 1 })).toBeNull();
  });

  it('are 32 sets of variables per document, all forgotten when one more comes', () => {
    const limits = limitsWith({ maxCost: 100 });
    const document = parse('query ($n: Int) { items(first: $n) { name } }');
    const refusedAt = (n: number) => limits.costRefusal(document, undefined, { n })?.extensions['actual'] ?? null;
    for (let n = 1; n <= 32; n += 1) expect(refusedAt(n)).toBeNull();
    rename(document, 'name', 'dear');
    for (let n = 1; n <= 32; n += 1) expect(refusedAt(n)).toBeNull();
    expect(refusedAt(33)).toBe(33_000);
    expect(refusedAt(1)).toBe(1000);
  });
});
