/**
 * The README's "Try it" walkthrough as steps a test can run: each ```sh block of the section is one step,
 * its lines `# → <name> = …` name values of its answer, and `<name>` in a later step is filled with them,
 * as a reader does by hand.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export interface WalkthroughStep {
  /** 1-based, in the README's order. */
  readonly number: number;
  /** The block as written. */
  readonly script: string;
  /** The values this step's answer names, and where in the answer each is. */
  readonly saves: ReadonlyArray<{ readonly name: string; readonly from: string }>;
  /** The placeholders the step needs filled. */
  readonly placeholders: readonly string[];
}

const SECTION_HEADING = '## Try it\n';
const SAVE_LINE = /^# → <([A-Za-z]\w*)> = (.+)$/;
const PLACEHOLDER = /<([A-Za-z]\w*)>/g;
/** Where the README's reader runs the subgraph (`npm start`). */
export const README_ADDRESS = 'localhost:4001';
/**
 * The day the walkthrough runs as of (its subgraph's and sandbox's clock starts then): it answers as it did
 * for a reader that day, and the cheque's fixed due date (from today up to ten years ahead) is accepted,
 * whatever the day the suite runs.
 */
export const WALKTHROUGH_DAY = '2026-11-25T12:00:00+03:30';

/** The text of the "Try it" section, up to the next section. */
export function tryItSection(readme: string): string {
  const start = readme.indexOf(`\n${SECTION_HEADING}`);
  if (start < 0) throw new Error('README.md has no "## Try it" section');
  const end = readme.indexOf('\n## ', start + SECTION_HEADING.length);
  return readme.slice(start + 1, end < 0 ? undefined : end);
}

/** The section's shell blocks, in order. */
export function walkthroughSteps(readme: string): WalkthroughStep[] {
  const blocks = [...tryItSection(readme).matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  return blocks.map((script, index) => {
    const lines = script.split('\n');
    const saves = lines.flatMap((line) => {
      const match = SAVE_LINE.exec(line);
      return match ? [{ name: match[1] ?? '', from: match[2] ?? '' }] : [];
    });
    const commands = lines.filter((line) => !line.startsWith('#')).join('\n');
    const placeholders = [...new Set([...commands.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
    return { number: index + 1, script, saves, placeholders };
  });
}

/** The step with its placeholders filled from `values` and the reader's address replaced by `address`. */
export function fillStep(step: WalkthroughStep, values: ReadonlyMap<string, string>, address: string): string {
  const filled = step.script
    .split('\n')
    .map((line) =>
      line.startsWith('#')
        ? line
        : line.replace(PLACEHOLDER, (_whole, name: string) => {
            const value = values.get(name);
            if (value === undefined) throw new Error(`step ${step.number} uses <${name}>, which no earlier step names`);
            // Every placeholder sits inside single quotes; a value that could leave them is no answer's.
            if (!/^[\w.:/?&=%+~-]+$/.test(value)) throw new Error(`<${name}> is not a plain value: ${value}`);
            return value;
          }),
    )
    .join('\n');
  return filled.replaceAll(README_ADDRESS, address);
}

/** The value a save line names in the step's printed answer. */
export function savedValue(from: string, output: string): string {
  const urlParameter = /^the printed URL's (\w+) parameter$/.exec(from);
  if (urlParameter) {
    const value = new URL(output.trim()).searchParams.get(urlParameter[1] ?? '');
    if (value === null) throw new Error(`no ${urlParameter[1]} in ${output}`);
    return value;
  }
  if (!/^data(\.\w+)+$/.test(from)) throw new Error(`cannot read "${from}"`);
  let node: unknown = JSON.parse(output);
  for (const key of from.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`${from} is not a string in ${output}`);
  return node;
}

const run = promisify(execFile);

/** Runs a filled step with bash in `cwd` (the repository's directory, as the README says) and returns what it printed. */
export async function runStep(script: string, cwd: string): Promise<string> {
  const { stdout } = await run('bash', ['-e', '-c', script], {
    cwd,
    timeout: 20_000,
    maxBuffer: 1 << 20,
    // Straight to 127.0.0.1, whatever proxy the environment names.
    env: { ...process.env, NO_PROXY: '*', no_proxy: '*' },
  });
  return stdout;
}
