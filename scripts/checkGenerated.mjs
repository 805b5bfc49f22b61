// Regenerates the resolver types, the frontend kit's cache configuration (client/__generated__/) and the
// operations table, and fails when any of them differed from what is in the working tree: generated files
// must be committed current.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const generated = [
  'src/__generated__/resolvers-types.ts',
  'client/__generated__/possibleTypes.ts',
  'client/__generated__/typePolicies.ts',
  'docs/operations.md',
];
const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};
const before = generated.map(read);
execFileSync('npx', ['--no-install', 'graphql-codegen', '--config', 'codegen.yml', '--silent'], { stdio: 'inherit' });
execFileSync('npx', ['--no-install', 'tsx', 'scripts/operationsDoc.ts'], { stdio: 'inherit' });
const stale = generated.filter((path, i) => read(path) !== before[i]);
if (stale.length > 0) {
  console.error(`Generated files were stale and have been regenerated; commit them:\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log('generated files are current');
