import { writeFileSync } from 'node:fs';
import { operations } from '../src/datasources/upstream/operations.js';

/** Renders docs/operations.md from the operations catalog, so the table can never drift from the code. */
export function renderOperationsDoc(): string {
  const origin = { spec: 'specification', wire: 'wire facts', designed: 'designed' } as const;
  const rows = [...operations.values()].map((op) =>
    [
      `\`${op.id}\``,
      `${op.method} \`${op.path}\``,
      `\`${op.scope}\``,
      op.grant,
      op.retrySafe ? 'yes' : 'no',
      origin[op.origin],
      [op.summary, op.notes].filter(Boolean).join(' '),
    ].join(' | '),
  );
  return [
    '# Upstream operations',
    '',
    'Generated from `src/datasources/upstream/operations.ts` by `npm run docs`; do not edit by hand.',
    '',
    'Every upstream operation the subgraph knows: the client takes its path, scope and grant from here, the',
    'sandbox builds its routes and scope checks from it, and the tests check it. "Origin" says where the',
    'facts come from: the specification, the documented wire facts (scope and grant where the specification',
    'shows only the path), or designed here because no source documents them — those entries say what was',
    'chosen. "Retry-safe" operations may be sent again without changing anything upstream; nothing else is',
    'ever re-sent. No result is shared across requests: each GraphQL operation asks the upstream afresh,',
    'once per distinct operation and arguments.',
    '',
    '| Operation | Method and path | Scope | Grant | Retry-safe | Origin | Notes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
    '',
  ].join('\n');
}

if (process.argv[1]?.endsWith('operationsDoc.ts')) {
  writeFileSync(new URL('../docs/operations.md', import.meta.url), renderOperationsDoc());
}
