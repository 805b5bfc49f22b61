/**
 * README.md's "Try it" walkthrough, run verbatim and in order against a subgraph and its sandbox, with
 * the defaults a reader's `npm start` has for the SMS throttle and the rate limit: every step answers
 * without errors, and each outcome the README describes happens.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clockFrom } from '../helpers/clock.js';
import { useHarness } from '../helpers/harness.js';
import { PROJECT_ROOT } from '../helpers/procUtils.js';
import { present } from '../helpers/responses.js';
import {
  WALKTHROUGH_DAY,
  fillStep,
  runStep,
  savedValue,
  walkthroughSteps,
  type WalkthroughStep,
} from './walkthrough.js';

const h = useHarness({
  clock: clockFrom(WALKTHROUGH_DAY),
  env: { SMS_THROTTLE_PER_MINUTE: '1', SMS_THROTTLE_PER_HOUR: '5', RATE_LIMIT_PER_SECOND: '100' },
});

const steps = walkthroughSteps(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
const SENDER_SOURCE_IBAN = 'IR110150096060301235200503';

interface Answer {
  data?: Record<string, Record<string, unknown> | null> | null;
  errors?: unknown[];
}

/** The GraphQL answers a step printed: one, or one a line for a subscription. */
function answersOf(step: WalkthroughStep, output: string): Answer[] {
  const text = output.trim();
  if (step.script.includes('jobUpdated')) return text.split('\n').map((line) => JSON.parse(line) as Answer);
  return [JSON.parse(text) as Answer];
}

/** The root field a step's operation asks for. */
const FIELDS = [
  'completeSmsConsent',
  'completeCodeConsent',
  'transfer',
  'issueCheque',
  'acceptCheque',
  'cheque',
  'completeMobileOwnershipCheck',
  'jobUpdated',
] as const;

describe('the README walkthrough', () => {
  it('has steps, and each placeholder is named by an earlier step', () => {
    expect(steps.length).toBeGreaterThanOrEqual(12);
    const named = new Set<string>();
    for (const step of steps) {
      for (const placeholder of step.placeholders) expect(named, `step ${step.number}`).toContain(placeholder);
      for (const save of step.saves) named.add(save.name);
    }
  });

  it('runs top to bottom: consents, a transfer sent once, a cheque accepted, a mobile checked, a job followed', async () => {
    const address = new URL(h.server.url).host;
    const values = new Map<string, string>();
    const seen = new Map<string, Array<Record<string, unknown>>>();
    const balanceBefore = h.sandbox.balanceOf(SENDER_SOURCE_IBAN);

    for (const step of steps) {
      const output = await runStep(fillStep(step, values, address), PROJECT_ROOT);
      const label = `step ${step.number}: ${output}`;
      if (step.script.includes('%{redirect_url}')) {
        expect(output.trim(), label).toMatch(/^http:\/\/localhost:4001\/consent\/callback\?/);
        expect(new URL(output.trim()).searchParams.get('state'), label).toBe(values.get('state'));
      } else {
        const answers = answersOf(step, output);
        for (const answer of answers) {
          expect(answer.errors, label).toBeUndefined();
          expect(answer.data, label).toBeTruthy();
        }
        const root = Object.keys(answers[0]?.data ?? {})[0] ?? '';
        const field = FIELDS.find((candidate) => candidate === root);
        if (field) seen.set(field, [...(seen.get(field) ?? []), ...answers.map((answer) => present(answer.data?.[root], `${root} in step ${step.number}`))]);
      }
      for (const save of step.saves) values.set(save.name, savedValue(save.from, output));
    }

    expect(seen.get('completeSmsConsent')).toEqual([
      expect.objectContaining({ __typename: 'ConsentGranted', grant: 'SMS', nationalId: '1234725381' }),
    ]);
    expect(seen.get('completeCodeConsent')).toEqual([
      expect.objectContaining({ __typename: 'ConsentGranted', grant: 'AUTHORIZATION_CODE', nationalId: '1235200523' }),
    ]);

    const transfers = seen.get('transfer') ?? [];
    expect(transfers).toHaveLength(2);
    expect(transfers[0]).toMatchObject({
      __typename: 'TransferCompleted',
      transfer: { status: 'SUCCESS', idempotencyKey: 'readme-transfer-1' },
      receipt: { amount: '150000', rail: 'INTERNAL' },
    });
    expect(transfers[1]).toEqual(transfers[0]);
    const sent = h.upstreamCalls().filter((call) => call.operationId.startsWith('oakTransferTo'));
    expect(sent).toHaveLength(1);
    expect(h.sandbox.balanceOf(SENDER_SOURCE_IBAN)).toBe(balanceBefore - 150_000n);

    expect(seen.get('issueCheque')).toEqual([
      expect.objectContaining({ __typename: 'ChequeActionCompleted', action: expect.objectContaining({ type: 'ISSUE', status: 'SUCCESS' }) }),
    ]);
    expect(seen.get('acceptCheque')).toEqual([
      expect.objectContaining({ __typename: 'ChequeActionCompleted', action: expect.objectContaining({ type: 'ACCEPT', status: 'SUCCESS' }) }),
    ]);
    expect(seen.get('cheque')).toEqual([
      { view: { status: 'ISSUED', amount: '25000000', holders: [{ idCode: '1234725381' }] } },
    ]);
    expect(seen.get('completeMobileOwnershipCheck')).toEqual([{ __typename: 'MobileOwnershipChecked', matches: true }]);

    const events = seen.get('jobUpdated') ?? [];
    expect(events.at(0)).toMatchObject({ id: values.get('jobId') });
    expect(events.at(-1)).toMatchObject({ status: 'SUCCESS', bill: { amount: expect.stringMatching(/^\d+$/) } });
  }, 60_000);
});
