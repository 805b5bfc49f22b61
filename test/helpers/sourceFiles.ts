/** Reading the project's own source files as text, for the tests of what may import what. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './procUtils.js';

/** The `.ts` files below a folder of the project, as paths relative to its root. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

/** A project file's text, by its path relative to the root. */
export const read = (file: string): string => readFileSync(join(PROJECT_ROOT, file), 'utf8');

/** Every module specifier written in a file: imports, exports and import() calls with a literal. */
export const specifiersOf = (text: string): string[] =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
