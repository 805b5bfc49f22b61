/** An account found by its number whose conversion names another bank's IBAN is not that account. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ibanFitsBank } from '../../src/datasources/records/accounts.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startSandbox, THREE_BANKS, type Sandbox } from '../fixtures/sandbox.js';
import { subgraphEnv } from '../helpers/harness.js';
import { firstError } from '../helpers/responses.js';
import { startTamperingProxy, type TamperingProxy } from '../helpers/tamperingProxy.js';

describe('ibanFitsBank', () => {
  it('takes an IBAN naming the bank asked, or Sepah for an account of a bank merged into it', () => {
    expect(ibanFitsBank('IR120620000000012345678901', '062')).toBe(true);
    expect(ibanFitsBank('IR120170000000012345678901', '062')).toBe(false);
    for (const merged of ['052', '063', '065', '073', '079']) {
      expect(ibanFitsBank('IR480150000000012345678901', merged), merged).toBe(true);
    }
    // Sepah's accounts convert to Sepah; no other bank stands in for a merged one.
    expect(ibanFitsBank('IR480150000000012345678901', '015')).toBe(true);
    expect(ibanFitsBank('IR480170000000012345678901', '063')).toBe(false);
    expect(ibanFitsBank('IR480150000000012345678901', '062')).toBe(false);
  });
});

describe('an account by number converted to another bank’s IBAN', () => {
  let sandbox: Sandbox;
  let proxy: TamperingProxy;
  let server: RunningServer;

  beforeAll(async () => {
    sandbox = await startSandbox();
    proxy = await startTamperingProxy(sandbox.url);
    server = await startServer(loadConfig({ ...subgraphEnv(sandbox), UPSTREAM_BASE_URL: proxy.url }));
  });
  afterAll(async () => {
    await server.stop();
    await proxy.close();
    await sandbox.close();
  });

  it('fails the account with the banks named, rather than answering another bank’s account', async () => {
    const { account } = THREE_BANKS;
    const otherBank = account.bankCode === '017' ? '018' : '017';
    proxy.rewrite = (request, answer) => {
      if (!request.path.endsWith('/depositToIban')) return undefined;
      const result = (answer as { result: Record<string, unknown> }).result;
      const iban = String(result['iban'] ?? result['IBAN']);
      return { ...(answer as object), result: { ...result, iban: `${iban.slice(0, 4)}${otherBank}${iban.slice(7)}` } };
    };
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'query($b: String!, $n: String!) { accountByNumber(bankCode: $b, accountNumber: $n) { iban } }',
        variables: { b: account.bankCode, n: account.deposit },
      }),
    });
    const body = (await res.json()) as {
      data: unknown;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    };
    expect(body.data).toEqual({ accountByNumber: null });
    const error = firstError(body);
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', operationId: 'facilityDepositToIbanGet' });
    expect(error.message).toBe(
      `The upstream converted the account to an IBAN of bank ${otherBank}, not of bank ${account.bankCode}.`,
    );
  });
});
