/** The catalog's prose (docs/catalog/notes.md) against its rows: one section per operation, no other. */
import { describe, expect, it } from 'vitest';
import { operations } from '../../src/datasources/upstream/operations.js';
import {
  catalogNotesProblems,
  expandNotes,
  readCatalogNotes,
  renderOperationsDoc,
} from '../../scripts/operationsDoc.js';
import { present } from '../helpers/responses.js';

describe('catalog notes', () => {
  const notes = readCatalogNotes();

  it('has a section for every operation of the catalog and none for anything else', () => {
    const ids = [...operations.keys()];
    expect(ids.filter((id) => !notes.operations.has(id))).toEqual([]);
    expect([...notes.operations.keys()].filter((id) => !operations.has(id as never))).toEqual([]);
    expect(catalogNotesProblems(notes, ids)).toEqual([]);
  });

  it('expands every shared note an operation refers to', () => {
    for (const [id, text] of notes.operations) expect(expandNotes(notes, text), id).not.toMatch(/\{\{|\}\}/);
    expect(
      expandNotes(notes, present(notes.operations.get('creditSmsSayadCancelChequePost'), 'notes.operations.get(…)')),
    ).toContain('the message `duplicate trackId`');
  });

  it('finds a missing section, a section of no operation, an empty one and an unknown reference', () => {
    const markdown = [
      '# Notes',
      '## Introduction',
      'Intro.',
      '## Shared notes',
      '### shared-one',
      'Shared text.',
      '## Operations',
      '### knownGet',
      'Reads. {{shared-one}} {{shared-two}}',
      '### strayGet',
      'Gone.',
      '### emptyGet',
      '<!-- nothing rendered -->',
    ].join('\n');
    expect(catalogNotesProblems(readCatalogNotes(markdown), ['knownGet', 'missingPost', 'emptyGet'])).toEqual([
      'no section for operation missingPost',
      'section strayGet names no operation of the catalog',
      'section emptyGet is empty',
      'section knownGet refers to {{shared-two}}, which is not a shared note',
    ]);
  });

  it('refuses text outside the known sections', () => {
    expect(() => readCatalogNotes('## Other\n')).toThrow(/unknown section/);
    expect(() => readCatalogNotes('## Operations\n### a\nA.\n### a\nB.\n')).toThrow(/appears twice/);
    expect(() => readCatalogNotes('Loose text.\n')).toThrow(/outside a section/);
  });

  it('renders each operation’s notes into its row of the table', () => {
    const doc = renderOperationsDoc(notes);
    expect(doc).toContain(notes.introduction);
    for (const [id, text] of notes.operations) {
      const row = present(
        doc.split('\n').find((line) => line.startsWith(`| \`${id}\` |`)),
        `the row of ${id}`,
      );
      expect(row.endsWith(` | ${expandNotes(notes, text)} |`), id).toBe(true);
    }
  });
});
