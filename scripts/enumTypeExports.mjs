// Codegen hook: the typescript plugin re-exports an enum mapped by `enumValues` to a type of ours as
// `export { Name };`, which verbatimModuleSyntax refuses for a type. Rewrites those lines as `export type`.
import { readFileSync, writeFileSync } from 'node:fs';

for (const path of process.argv.slice(2)) {
  const text = readFileSync(path, 'utf8');
  const fixed = text.replace(/^export \{ (\w+) \};$/gm, 'export type { $1 };');
  if (fixed !== text) writeFileSync(path, fixed);
}
