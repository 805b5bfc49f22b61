import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identifyCaller, type CallerEvidence } from '../../src/limits/callerIdentity.js';

const LIVE = 'live-handle-0123456789';
const evidence = (overrides: Partial<CallerEvidence> = {}): CallerEvidence => ({
  headers: {},
  remoteAddress: '10.0.0.7',
  viaRouter: false,
  consentHandle: null,
  consentIsLive: async (handle) => handle === LIVE,
  ...overrides,
});

describe('who a caller is', () => {
  it("is the router's client name when the router secret proves the router sent it", async () => {
    const headers = { 'apollographql-client-name': 'web-app', 'x-forwarded-for': '1.2.3.4' };
    expect(await identifyCaller(evidence({ headers, viaRouter: true, consentHandle: LIVE }))).toEqual({
      id: 'client:web-app',
      viaRouter: true,
    });
    expect(
      await identifyCaller(evidence({ viaRouter: true, connectionParams: { 'apollographql-client-name': 'ios' } })),
    ).toMatchObject({ id: 'client:ios' });
  });

  it('ignores the client name and forwarded addresses without the router secret', async () => {
    const headers = { 'apollographql-client-name': 'web-app', 'x-forwarded-for': '1.2.3.4' };
    expect(await identifyCaller(evidence({ headers }))).toEqual({ id: 'address:10.0.0.7', viaRouter: false });
  });

  it('is a live consent, by a digest of its handle, never the handle', async () => {
    const caller = await identifyCaller(evidence({ consentHandle: LIVE }));
    expect(caller.id).toMatch(/^consent:[A-Za-z0-9_-]{22}$/);
    expect(caller.id).not.toContain(LIVE);
    expect(await identifyCaller(evidence({ consentHandle: 'made-up' }))).toMatchObject({ id: 'address:10.0.0.7' });
  });

  it('is the forwarded address from the router when it names no client', async () => {
    const headers = { 'x-forwarded-for': '1.2.3.4' };
    expect(await identifyCaller(evidence({ headers, viaRouter: true }))).toMatchObject({ id: 'address:1.2.3.4' });
    // A client that sends its own X-Forwarded-For gets its real address appended after it: the last entry counts.
    const spoofing = { 'x-forwarded-for': 'made-up, 1.2.3.4' };
    expect(await identifyCaller(evidence({ headers: spoofing, viaRouter: true }))).toMatchObject({
      id: 'address:1.2.3.4',
    });
    expect(await identifyCaller(evidence({ viaRouter: true }))).toMatchObject({ id: 'address:10.0.0.7' });
  });

  it('cuts a client name or forwarded address to 100 printable characters', async () => {
    const long = 'n'.repeat(100);
    const named = { 'apollographql-client-name': `${long}EXTRA` };
    expect(await identifyCaller(evidence({ headers: named, viaRouter: true }))).toMatchObject({ id: `client:${long}` });
    const forwarded = { 'x-forwarded-for': `${'9'.repeat(100)}.1` };
    expect(await identifyCaller(evidence({ headers: forwarded, viaRouter: true }))).toMatchObject({
      id: `address:${'9'.repeat(100)}`,
    });
    const blanks = { 'apollographql-client-name': ' web\u00a0app\n\u0007 ' };
    expect(await identifyCaller(evidence({ headers: blanks, viaRouter: true }))).toMatchObject({ id: 'client:webapp' });
  });

  it('takes the first of repeated values, and none that is empty once cleaned or not text', async () => {
    const repeated = { 'apollographql-client-name': ['first', 'second'] };
    expect(await identifyCaller(evidence({ headers: repeated, viaRouter: true }))).toMatchObject({
      id: 'client:first',
    });
    const empty = { 'apollographql-client-name': ' \t ' };
    expect(
      await identifyCaller(
        evidence({ headers: empty, viaRouter: true, connectionParams: { 'apollographql-client-name': 'ios' } }),
      ),
    ).toMatchObject({ id: 'client:ios' });
    expect(
      await identifyCaller(evidence({ viaRouter: true, connectionParams: { 'apollographql-client-name': 42 } })),
    ).toMatchObject({ id: 'address:10.0.0.7' });
  });

  it('is an unknown address when there is no peer address either', async () => {
    expect(await identifyCaller(evidence({ remoteAddress: undefined }))).toEqual({
      id: 'address:unknown',
      viaRouter: false,
    });
    expect(await identifyCaller(evidence({ headers: { 'x-forwarded-for': '' }, viaRouter: true }))).toMatchObject({
      id: 'address:10.0.0.7',
    });
  });

  it('keys a consent by the first 22 characters of the base64url SHA-256 of its handle', async () => {
    const digest = createHash('sha256').update(LIVE).digest('base64url').slice(0, 22);
    expect(await identifyCaller(evidence({ consentHandle: LIVE, viaRouter: true }))).toEqual({
      id: `consent:${digest}`,
      viaRouter: true,
    });
  });
});
