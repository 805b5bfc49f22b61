/**
 * A transfer while the upstream cannot be reached at all (no connection can be made): its request never
 * leaves the process, so it is settled "not applied" at once, definitely, and a new key may send it again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { codeConsent, withHandle } from '../consent/support.js';
import { THREE_BANKS, startSandbox, type Sandbox } from '../fixtures/sandbox.js';
import { postGraphQL, subgraphEnv } from '../helpers/harness.js';
import { dataOf } from '../helpers/responses.js';
import { TcpProxy } from '../helpers/tcpProxy.js';
import { transferAccounts } from '../helpers/transferAccounts.js';

let sandbox: Sandbox;
let proxy: TcpProxy;
let server: RunningServer;
let handle = '';
const gql = <T>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) =>
  postGraphQL<T>(server.url, query, variables, headers);

beforeAll(async () => {
  sandbox = await startSandbox();
  proxy = await TcpProxy.start('127.0.0.1', Number(new URL(sandbox.url).port));
  server = await startServer(loadConfig({ ...subgraphEnv(sandbox), UPSTREAM_BASE_URL: proxy.httpUrl }));
  handle = await codeConsent(gql, THREE_BANKS.nationalId, '062');
});
afterAll(async () => {
  await server.stop();
  await proxy.down();
  await sandbox.close();
});

const { rich, other } = transferAccounts();
const TRANSFER = `mutation($input: TransferInput!) { transfer(input: $input) { __typename
  ... on TransferCompleted { receipt { amount } }
  ... on TransferRejected { reason message } } }`;

const send = (key: string) =>
  gql<{ transfer: { __typename: string; reason?: string; receipt?: { amount: string } } }>(
    TRANSFER,
    {
      input: {
        idempotencyKey: key,
        nationalId: THREE_BANKS.nationalId,
        sourceAccountNumber: rich.deposit,
        destination: other.deposit,
        amount: '52000',
        description: 'unreachable',
        paymentNumber: '1234567',
        reasonDescription: '1',
      },
    },
    withHandle(handle),
  );

describe('a transfer while the upstream cannot be reached', () => {
  it('is not applied, at once and for good, and nothing reaches the upstream; a new key sends it once it is back', async () => {
    // Warm the consent's and the client's tokens, which the transfer needs before it sends.
    const warm = await send(randomUUID());
    expect(dataOf(warm).transfer.__typename).toBe('TransferCompleted');
    sandbox.clearCalls();
    const before = sandbox.balanceOf(rich.iban);

    await proxy.down();
    const key = randomUUID();
    expect(dataOf(await send(key)).transfer).toMatchObject({ __typename: 'TransferRejected', reason: 'NOT_APPLIED' });
    expect(dataOf(await send(key)).transfer).toMatchObject({ __typename: 'TransferRejected', reason: 'NOT_APPLIED' });
    await proxy.up();
    expect(sandbox.calls('oakTransferToDepositPost')).toEqual([]);
    expect(sandbox.balanceOf(rich.iban)).toBe(before);

    expect(dataOf(await send(randomUUID())).transfer).toMatchObject({
      __typename: 'TransferCompleted',
      receipt: { amount: '52000' },
    });
    expect(sandbox.balanceOf(rich.iban)).toBe(before - 52_000n);
  });
});
