/**
 * Enums with internal values, through the server: an argument reaches the upstream as the value it
 * stands for (a default included), and an upstream value is served by its GraphQL name.
 */
import { describe, expect, it } from 'vitest';
import { WOMAN } from '../fixtures/sandbox.js';
import { CONSENT_SCOPES } from '../../src/consent/scopes.js';
import { smsConsent, withHandle } from '../consent/support.js';
import { useHarness } from '../helpers/harness.js';
import { BOOK, act, chequeConsents, issueInput } from '../cheques/support.js';
import { at, dataOf, present } from '../helpers/responses.js';

const h = useHarness();

describe('enum internal values', () => {
  it('sends a cheque’s reason and kind as the Sayad codes, and serves the codes read back by name', async () => {
    const { code, sms } = await chequeConsents(h, [WOMAN.nationalId]);
    const sayadId = at(BOOK.sayadIds, 2);
    // GOODS stands for the purpose code GPPC, PAPER for medium 1; the type is left to its default, NORMAL (1).
    const issued = await act(
      h,
      'issueCheque',
      issueInput(2, [WOMAN.nationalId], { reason: 'GOODS', media: 'PAPER' }),
      code,
    );
    expect(issued.errors, JSON.stringify(issued.errors)).toBeUndefined();
    expect(present(dataOf(issued).issueCheque, 'issueCheque').__typename).toBe('ChequeActionCompleted');
    const [sent] = h.upstreamCalls('creditAcSayadIssueChequePost');
    expect(sent?.body).toMatchObject({ sayadId, reason: 'GPPC', chequeType: '1', chequeMedia: '1' });

    const viewed = await h.gql<{
      cheque: {
        view: { status: string; statusCode: number; type: string; media: string; holders: { kind: string }[] };
      };
    }>(
      `query($id: String!) { cheque(sayadId: $id) { view { status statusCode type media holders { kind } } } }`,
      { id: sayadId },
      withHandle(present(sms[WOMAN.nationalId], 'sms[WOMAN.nationalId]')),
    );
    expect(viewed.errors, JSON.stringify(viewed.errors)).toBeUndefined();
    expect(dataOf(viewed).cheque.view).toEqual({
      status: 'AWAITING_ACCEPTANCE',
      statusCode: 7,
      type: 'NORMAL',
      media: 'PAPER',
      holders: [{ kind: 'NATURAL' }],
    });
  });

  it('reads a consent grant argument as the upstream grant and serves a consent’s grant by name', async () => {
    const handle = await smsConsent(h.gql, WOMAN.nationalId);
    const res = await h.gql<{ consent: { grant: string } | null; consentScopes: string[] }>(
      `{ consent { grant } consentScopes(grant: SMS) }`,
      {},
      withHandle(handle),
    );
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    expect(dataOf(res).consent).toEqual({ grant: 'SMS' });
    expect(dataOf(res).consentScopes).toEqual(CONSENT_SCOPES.authorization_sms);
  });

  it('shows a defaulted enum by name in introspection', async () => {
    const res = await h.gql<{ __type: { inputFields: { name: string; defaultValue: string | null }[] } }>(
      `{ __type(name: "IssueChequeInput") { inputFields { name defaultValue } } }`,
    );
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const defaults = Object.fromEntries(
      dataOf(res).__type.inputFields.map((field) => [field.name, field.defaultValue]),
    );
    expect(defaults).toMatchObject({ type: 'NORMAL', media: 'DIGITAL' });
  });
});
