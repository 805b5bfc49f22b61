/** Query.bankGuarantee over HTTP: details, collaterals loaded only when asked, unknown and malformed ids. */
import { describe, expect, it } from 'vitest';
import { GUARANTEE_SAMPLES, guaranteeOf } from '../fixtures/sandbox.js';
import { useHarness } from '../helpers/harness.js';
import { callCounts } from './support.js';
import { at, dataOf, firstError, present } from '../helpers/responses.js';

const h = useHarness();

interface Day {
  jalali: string;
  iso: string;
}
interface GuaranteeData {
  bankGuarantee:
    | (Record<string, unknown> & {
        issueDate: Day;
        maturityDate: Day;
        collaterals?: Array<Record<string, unknown>> | null;
      })
    | null;
}

const GUARANTEE = `query($id: String!) { bankGuarantee(guaranteeId: $id) {
  guaranteeId sepamId branchCode kind kindCode amount totalCharge status statusCode economicSector
  issueDate { jalali iso } maturityDate { jalali iso } renewalDate { jalali }
} }`;
const WITH_COLLATERALS = `query($id: String!) { bankGuarantee(guaranteeId: $id) {
  guaranteeId collaterals { collateralId type typeCode evaluatedAmount debtAmount interestRate receiveDate { jalali } assignDate { iso } }
} }`;

describe('Query.bankGuarantee', () => {
  it('reads the details with one call and no collateral call when collaterals are not asked for', async () => {
    const { guaranteeId } = GUARANTEE_SAMPLES.withCollaterals;
    const res = await h.gql<GuaranteeData>(GUARANTEE, { id: guaranteeId });
    expect(res.errors).toBeUndefined();
    const world = present(guaranteeOf(guaranteeId), 'world');
    const g = present(dataOf(res).bankGuarantee, 'g');
    expect(g).toMatchObject({
      guaranteeId,
      sepamId: world.sepamId,
      branchCode: world.branchCode,
      kind: world.subTypeDescription,
      amount: world.amount,
      totalCharge: world.totalCharge,
      status: world.statusDescription,
      renewalDate: world.renewDate === null ? null : expect.anything(),
    });
    expect(g.issueDate.jalali.replace(/\//g, '')).toBe(world.issueDate);
    expect(g.maturityDate.iso > g.issueDate.iso).toBe(true);
    expect(callCounts(h)).toEqual({ creditGuaranteeDetailsGet: 1 });
    expect(at(h.upstreamCalls(), 0).query).toMatchObject({ guaranteeId });
  });

  it('loads the collaterals by the second operation when asked', async () => {
    const { guaranteeId, collaterals } = GUARANTEE_SAMPLES.withCollaterals;
    const res = await h.gql<GuaranteeData>(WITH_COLLATERALS, { id: guaranteeId });
    expect(res.errors).toBeUndefined();
    const world = present(guaranteeOf(guaranteeId), 'guaranteeOf(…)').collaterals;
    expect(present(dataOf(res).bankGuarantee, 'bankGuarantee').collaterals).toHaveLength(collaterals);
    expect(present(dataOf(res).bankGuarantee, 'bankGuarantee').collaterals).toEqual(
      world.map((c) =>
        expect.objectContaining({
          collateralId: c.collateralId,
          type: c.typeDescription,
          evaluatedAmount: c.evaluatedAmount,
          interestRate: Number(c.interestRate),
        }),
      ),
    );
    expect(callCounts(h)).toEqual({ creditGuaranteeDetailsGet: 1, creditGuaranteeCollateralsGet: 1 });
  });

  it('answers a guarantee without collaterals with an empty list', async () => {
    const res = await h.gql<GuaranteeData>(WITH_COLLATERALS, { id: GUARANTEE_SAMPLES.withoutCollaterals.guaranteeId });
    expect(res.errors).toBeUndefined();
    expect(present(dataOf(res).bankGuarantee, 'bankGuarantee').collaterals).toEqual([]);
  });

  it('answers an id the bank does not know (upstream 404) with null and no error', async () => {
    const res = await h.gql<GuaranteeData>(WITH_COLLATERALS, { id: GUARANTEE_SAMPLES.unknown });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ bankGuarantee: null });
    expect(callCounts(h)).toEqual({ creditGuaranteeDetailsGet: 1 });
  });

  it('accepts Persian digits and separators', async () => {
    const persian = GUARANTEE_SAMPLES.withCollaterals.guaranteeId.replace(/\d/g, (d) =>
      present('۰۱۲۳۴۵۶۷۸۹'[Number(d)], 'a Persian digit'),
    );
    const res = await h.gql<GuaranteeData>(GUARANTEE, { id: `${persian.slice(0, 4)}-${persian.slice(4)}` });
    expect(present(dataOf(res).bankGuarantee, 'bankGuarantee')['guaranteeId']).toBe(
      GUARANTEE_SAMPLES.withCollaterals.guaranteeId,
    );
  });

  it.each(['12345', '06200000000130', 'abcdefghijklm', ''])('refuses %j before any upstream call', async (id) => {
    const res = await h.gql(WITH_COLLATERALS, { id });
    expect(firstError(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentPath: 'guaranteeId' });
    expect(h.upstreamCalls()).toHaveLength(0);
  });

  it('maps an upstream 400 to UPSTREAM_REJECTED', async () => {
    h.sandbox.injectFault({ operationId: 'creditGuaranteeDetailsGet', status: 400 });
    const res = await h.gql<GuaranteeData>(GUARANTEE, { id: GUARANTEE_SAMPLES.withCollaterals.guaranteeId });
    expect(firstError(res).extensions).toMatchObject({ code: 'UPSTREAM_REJECTED', upstreamCode: 'VALIDATION_ERROR' });
    expect(res.data).toEqual({ bankGuarantee: null });
  });
});
