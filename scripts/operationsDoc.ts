import { readFileSync, writeFileSync } from 'node:fs';
import { operations } from '../src/datasources/upstream/operations.js';

/** Where the prose of the operations table is written: an introduction, shared notes, one section per operation. */
export const NOTES_FILE = new URL('../docs/catalog/notes.md', import.meta.url);

export interface CatalogNotes {
  /** The page's introduction, line by line as written. */
  readonly introduction: string;
  /** Passages several operations use, by name; `{{name}}` in a section stands for one. */
  readonly shared: ReadonlyMap<string, string>;
  /** One section per operation, by operation id, as written (its lines joined with spaces). */
  readonly operations: ReadonlyMap<string, string>;
}

const SECTIONS = ['Introduction', 'Shared notes', 'Operations'] as const;
const REFERENCE = /\{\{([\w-]+)\}\}/g;

/**
 * Reads the notes' markdown: `## Introduction`, `## Shared notes` and `## Operations`, the last two made
 * of `### <name>` sections. HTML comments are left out; a section's lines are joined into one line.
 */
export function readCatalogNotes(markdown: string = readFileSync(NOTES_FILE, 'utf8')): CatalogNotes {
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n');
  const introduction: string[] = [];
  const subsections = { 'Shared notes': new Map<string, string[]>(), Operations: new Map<string, string[]>() };
  let section: (typeof SECTIONS)[number] | undefined;
  let current: string[] | undefined;
  for (const [index, line] of lines.entries()) {
    const where = `notes line ${index + 1}`;
    if (/^# /.test(line)) continue;
    const heading = /^## (.*)$/.exec(line);
    if (heading) {
      section = SECTIONS.find((name) => name === heading[1]!.trim());
      if (!section)
        throw new Error(`${where}: unknown section "${heading[1]}", expected one of ${SECTIONS.join(', ')}`);
      current = section === 'Introduction' ? introduction : undefined;
      continue;
    }
    const subheading = /^### (.*)$/.exec(line);
    if (subheading) {
      const name = subheading[1]!.trim();
      if (section === undefined || section === 'Introduction')
        throw new Error(`${where}: "### ${name}" outside a list`);
      if (subsections[section].has(name)) throw new Error(`${where}: "### ${name}" appears twice`);
      current = [];
      subsections[section].set(name, current);
      continue;
    }
    if (current) current.push(line);
    else if (line.trim() !== '') throw new Error(`${where}: text outside a section`);
  }
  const joined = (body: string[]) =>
    body
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
  const byName = (map: Map<string, string[]>) => new Map([...map].map(([name, body]) => [name, joined(body)]));
  return {
    introduction: introduction.join('\n').trim(),
    shared: byName(subsections['Shared notes']),
    operations: byName(subsections.Operations),
  };
}

/** What is wrong between the notes and the catalog's ids: missing or unknown sections, empty ones, unknown references. */
export function catalogNotesProblems(notes: CatalogNotes, ids: Iterable<string>): string[] {
  const known = new Set(ids);
  const problems: string[] = [];
  for (const id of known) if (!notes.operations.has(id)) problems.push(`no section for operation ${id}`);
  for (const [id, text] of notes.operations) {
    if (!known.has(id)) problems.push(`section ${id} names no operation of the catalog`);
    if (text === '') problems.push(`section ${id} is empty`);
  }
  for (const [name, text] of [...notes.shared, ...notes.operations]) {
    for (const [, ref] of text.matchAll(REFERENCE))
      if (!notes.shared.has(ref!)) problems.push(`section ${name} refers to {{${ref}}}, which is not a shared note`);
  }
  return problems;
}

/** An operation's notes with every `{{name}}` replaced by its shared note. */
export function expandNotes(notes: CatalogNotes, text: string, depth = 0): string {
  if (depth > 8) throw new Error('shared notes refer to each other in a loop');
  return text.replace(REFERENCE, (_, name: string) => expandNotes(notes, notes.shared.get(name) ?? '', depth + 1));
}

/** Renders docs/operations.md from the catalog and its notes, so the table can never drift from the code. */
export function renderOperationsDoc(notes: CatalogNotes = readCatalogNotes()): string {
  const problems = catalogNotesProblems(notes, operations.keys());
  if (problems.length > 0)
    throw new Error(`docs/catalog/notes.md does not match the catalog:\n  ${problems.join('\n  ')}`);
  const origin = { spec: 'specification', wire: 'wire facts', designed: 'designed' } as const;
  const rows = [...operations.values()].map((op) =>
    [
      `\`${op.id}\``,
      `${op.method} \`${op.path}\``,
      `\`${op.scope}\``,
      op.grant,
      op.retrySafe ? 'yes' : 'no',
      origin[op.origin],
      expandNotes(notes, notes.operations.get(op.id)!),
    ].join(' | '),
  );
  return [
    '# Upstream operations',
    '',
    'Generated from `src/datasources/upstream/operations.ts` and `docs/catalog/notes.md` by `npm run docs`; do',
    'not edit by hand.',
    '',
    notes.introduction,
    '',
    '| Operation | Method and path | Scope | Grant | Retry-safe | Origin | Notes |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
    '',
  ].join('\n');
}

if (process.argv[1]?.endsWith('operationsDoc.ts')) {
  const target = new URL('../docs/operations.md', import.meta.url);
  writeFileSync(target, renderOperationsDoc());
  process.stdout.write(`Wrote docs/operations.md: ${operations.size} upstream operations.\n`);
}
