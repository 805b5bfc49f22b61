/**
 * The call log's sample (`devWagesGet`), replayed where the subgraph reads it: a cheque issue whose
 * answer was lost is settled by the log's record of its trackId. The sample's record is corrected to name
 * the issue sent here (its fixture says why); its status is as documented.
 */
import { describe, expect, it } from 'vitest';
import { actionTrackIds, actionTrackKey } from '../../src/jobs/actionTrackIds.js';
import { CHEQUE_ACTION } from '../../src/datasources/flows/chequeAction.js';
import { withHandle } from '../consent/support.js';
import { DRAWER, RESULT, act, chequeConsents, issueInput, type ChequeOutcome } from '../cheques/support.js';
import { WOMAN } from '../fixtures/sandbox.js';
import { eventually } from '../helpers/eventually.js';
import { at, dataOf, present } from '../helpers/responses.js';
import { SAMPLE_ACTION_TRACK_SECRET, sampleResult, useReplay } from './support.js';

const h = useReplay();

const ISSUE = 'creditAcSayadIssueChequePost';
/** The idempotency key of the issue whose trackId the corrected sample names. */
const KEY = '5a3c1f0e-7d4b-4c2a-9e61-0145d0c1a6e5';

const FOLLOW = `query($nid: String!, $key: String!) { chequeAction(nationalId: $nid, idempotencyKey: $key) { ${RESULT} } }`;

describe('the sample of the call log', () => {
  it('settles a cheque issue whose answer was lost as its record says: FAILED, so rejected, never resent', async () => {
    const record = at((sampleResult('devWagesGet') as { wages: Array<{ trackId: string; status: string }> }).wages, 0);
    const { clientId, clientSecret } = h.sandbox.options;
    const trackId = actionTrackIds(
      actionTrackKey(SAMPLE_ACTION_TRACK_SECRET, clientSecret),
      clientId,
    )({
      kind: CHEQUE_ACTION,
      actor: DRAWER,
      idempotencyKey: KEY,
    });
    expect(record.trackId, 'the corrected sample names the issue sent here').toBe(trackId);
    expect(record.status).toBe('FAILED');

    const { code } = await chequeConsents(h, []);
    // The issue goes to the sandbox, which cuts the connection before it takes effect: its answer is lost.
    const restore = h.upstream.forward([ISSUE]);
    try {
      h.upstream.clearCalls();
      h.sandbox.injectFault({ operationId: ISSUE, reset: true });
      const sent = await act(h, 'issueCheque', issueInput(0, [WOMAN.nationalId], { idempotencyKey: KEY }), code);
      expect(present(dataOf(sent)['issueCheque'], 'issueCheque').__typename).toBe('ChequeActionPending');
      const outcome = await eventually(
        async () => {
          const res = await h.gql<{ chequeAction: ChequeOutcome | null }>(
            FOLLOW,
            { nid: DRAWER, key: KEY },
            withHandle(code),
          );
          const action = dataOf(res).chequeAction;
          return action && action.__typename !== 'ChequeActionPending' ? action : undefined;
        },
        { what: 'the issue settled through the call log', timeoutMs: 10_000 },
      );
      expect(outcome).toMatchObject({
        __typename: 'ChequeActionRejected',
        reason: 'REJECTED',
        action: { status: 'FAILED', failure: { code: 'REJECTED' } },
      });
      expect(h.upstream.calls('devWagesGet').map((call) => call.query['trackId'])).toContain(trackId);
      expect(h.upstreamCalls(ISSUE)).toHaveLength(1);
    } finally {
      restore();
    }
  });
});
