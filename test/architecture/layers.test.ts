/**
 * What may import what (docs/ARCHITECTURE.md): every import in src/ points down a floor or stays within
 * its own unit, so there are no cycles between folders and no write climbs back up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { at } from '../helpers/responses.js';

/** Floors, lowest first. A unit is a folder of src/ (datasources split by role), or one file at the top of src/. */
const FLOORS: readonly (readonly string[])[] = [
  ['errors.ts', 'logger.ts', 'requestPlugins.ts', 'consentCallbackPage.ts'],
  ['lib'],
  ['observability'],
  ['config.ts'],
  ['redis.ts', 'storeHealth.ts', 'validation', 'limits', 'subscriptions'],
  ['datasources/upstream'],
  ['datasources/types'],
  ['datasources/shared'],
  ['datasources/records'],
  ['datasources/flows'],
  ['datasources'],
  ['consent', 'jobs', 'oneTimePasswords'],
  ['inbox'],
  ['context.ts'],
  ['resolvers', 'federation'],
  ['schema.ts', 'errorFormatting.ts', 'embeddedSandbox.ts', 'explorer.ts', 'fileDownloads.ts'],
  ['app.ts'],
  ['server.ts'],
  ['index.ts'],
];

const DATASOURCE_ROLES = new Set(['upstream', 'types', 'shared', 'records', 'flows']);

function unitOf(file: string): string {
  const parts = relative('src', file).split('/');
  if (parts.length === 1) return at(parts, 0);
  if (parts[0] === 'datasources' && parts.length > 2 && DATASOURCE_ROLES.has(at(parts, 1)))
    return `datasources/${parts[1]}`;
  return at(parts, 0);
}

function floorOf(unit: string): number {
  const floor = FLOORS.findIndex((units) => units.includes(unit));
  if (floor < 0) throw new Error(`${unit} is on no floor: add it to FLOORS and to docs/ARCHITECTURE.md`);
  return floor;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  readonly from: string;
  readonly to: string;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)].map((match) => ({
    from: file,
    to: normalize(join(dirname(file), at(match, 1))).replace(/\.js$/, '.ts'),
  }));
}

const imports = sourceFiles('src')
  .flatMap(importsOf)
  .filter((edge) => edge.to.startsWith('src/') && !edge.to.startsWith('src/__generated__/'));

describe('the floors of src/', () => {
  it('every unit is on a floor', () => {
    expect(imports.length).toBeGreaterThan(300);
    const units = new Set(sourceFiles('src').map(unitOf));
    for (const unit of units) expect(() => floorOf(unit), unit).not.toThrow();
  });

  it('no import goes up a floor or across to another unit of the same floor', () => {
    const upward = imports
      .filter((edge) => unitOf(edge.from) !== unitOf(edge.to))
      .filter((edge) => floorOf(unitOf(edge.to)) >= floorOf(unitOf(edge.from)))
      .map((edge) => `${edge.from} imports ${edge.to}`);
    expect(upward).toEqual([]);
  });

  it('the resolvers of one domain reach another domain only through its entity models', () => {
    const across = imports
      .filter((edge) => unitOf(edge.from) === 'resolvers' && unitOf(edge.to) === 'resolvers')
      .filter((edge) => {
        const [, , to, file] = edge.to.split('/');
        const [from, ...inside] = relative('src/resolvers', edge.from).split('/');
        // resolvers/index.ts merges the domains' resolvers.
        if (inside.length === 0) return false;
        return to !== 'shared' && to !== from && file !== 'models.ts';
      })
      .map((edge) => `${edge.from} imports ${edge.to}`);
    expect(across).toEqual([]);
  });

  it('the check sees an import that climbs', () => {
    const climbing = { from: 'src/datasources/transfers.ts', to: 'src/jobs/actionDesk.ts' };
    expect(floorOf(unitOf(climbing.to))).toBeGreaterThan(floorOf(unitOf(climbing.from)));
  });
});
