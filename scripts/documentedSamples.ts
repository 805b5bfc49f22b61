/**
 * Re-extracts the upstream documentation's sample answers into `test/fixtures/documentedSamples/`:
 *
 *   npx tsx scripts/documentedSamples.ts <path to the documentation scrape's data.json>
 *
 * The scrape is a JSON array of the documentation's pages as text. Each operation of the catalog is
 * matched to its page by its scope (the page's `اسکوپ:` line) or else by its method and path, and its
 * sample is the first JSON text after "Successful result format" that follows the match. One file per
 * operation keeps the sample verbatim; the corrections already written in a file (what to replace, with
 * what, and why) are kept and checked to still apply and to give valid JSON. `coverage.json` names the
 * operations whose page has no sample and those that have no page.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { operations, type OperationSpec } from '../src/datasources/upstream/operations.js';
import { correctedSample, type DocumentedSample } from '../test/fixtures/documentedSamples/sample.js';

const FIXTURES = new URL('../test/fixtures/documentedSamples/', import.meta.url);
const SUCCESS = 'Successful result format';

interface Found {
  readonly page: number;
  readonly title: string;
  /** Where the operation is named on its page: its sample is the first one after. */
  readonly at: number;
}

const normalised = (path: string): string => path.replace(/\{[^}]*\}/g, '{}');

function findPage(pages: readonly string[], spec: OperationSpec): Found | undefined {
  const title = (page: number): string => pages[page]!.split('\n')[0]!.trim();
  for (const [page, text] of pages.entries()) {
    const at = text.search(new RegExp(`اسکوپ\\s*:\\s*${spec.scope.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s`));
    if (at >= 0) return { page, title: title(page), at };
  }
  const wanted = `${spec.method} ${normalised(spec.path)}`;
  for (const [page, text] of pages.entries()) {
    for (const match of text.matchAll(/\b(GET|POST|Get|Post)\s+\/?(?:\{address\}\/)?([\w{}/]+\/v2\/[\w{}/]+)/g)) {
      const named = `${match[1]!.toUpperCase()} ${normalised(`/${match[2]!}`)}`;
      if (named === wanted) return { page, title: title(page), at: match.index };
    }
  }
  return undefined;
}

/** The JSON-like text starting at the first `{` from `from`, up to its matching `}` (quotes respected). */
function balancedFrom(text: string, from: number): string | undefined {
  const start = text.indexOf('{', from);
  if (start < 0) return undefined;
  let depth = 0;
  let quoted = false;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '\\') i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

function sampleOf(pages: readonly string[], found: Found): string | undefined {
  const text = pages[found.page]!;
  const success = text.indexOf(SUCCESS, found.at);
  if (success < 0) return undefined;
  // A page naming several operations: the sample must come before the next operation's scope line.
  const nextScope = text.indexOf('اسکوپ', found.at + 6);
  if (nextScope >= 0 && nextScope < success) return undefined;
  return balancedFrom(text, success);
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: npx tsx scripts/documentedSamples.ts <data.json>');
  const pages = JSON.parse(readFileSync(file, 'utf8')) as string[];
  const pageWithoutSample: Record<string, string> = {};
  const noPage: string[] = [];
  const problems: string[] = [];
  for (const spec of operations.values()) {
    const found = findPage(pages, spec);
    if (!found) {
      noPage.push(spec.id);
      continue;
    }
    const sample = sampleOf(pages, found);
    if (sample === undefined) {
      pageWithoutSample[spec.id] = `page ${found.page} "${found.title}"`;
      continue;
    }
    const target = new URL(`${spec.id}.json`, FIXTURES);
    const previous = existsSync(target) ? (JSON.parse(readFileSync(target, 'utf8')) as DocumentedSample) : undefined;
    const fixture: DocumentedSample = {
      operationId: spec.id,
      page: found.page,
      title: found.title,
      sample,
      corrections: previous?.corrections ?? [],
    };
    try {
      correctedSample(fixture);
    } catch (error) {
      problems.push(`${spec.id}: ${(error as Error).message}`);
    }
    writeFileSync(target, `${JSON.stringify(fixture, null, 2)}\n`);
  }
  writeFileSync(
    new URL('coverage.json', FIXTURES),
    `${JSON.stringify({ pageWithoutSample, noPage: noPage.sort() }, null, 2)}\n`,
  );
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

main();
