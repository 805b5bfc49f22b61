/**
 * The embedded sandbox: an HTTP server that answers like the upstream for the token endpoint, the
 * user-consent flows (SMS OTP, login page, codes) and the operations it has handlers for, with call
 * recording and fault injection for tests.
 */
import { setMaxListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../src/lib/clock.js';
import { CallLog } from './callLog.js';
import { ConsentBook } from './consent/book.js';
import { FaultBook, seededRandom } from './faults.js';
import { Ledger } from './ledger.js';
import { SayadRegistry } from './sayad.js';
import { SmsInboxes } from './smsInbox.js';
import { accountOfIban } from './world/accounts.js';
import { Finnotext } from './handlers/finnotext.js';
import { createHandlers } from './handlers/index.js';
import { createRequestListener } from './server.js';
import { TokenStore } from './tokens.js';
import { TrackIdRegistry } from './trackIds.js';
import type { Sandbox, SandboxOptions, SandboxSettings } from './types.js';

export type { ArmedFault, FaultRule, LatencyRule, RecordedCall, Sandbox, SandboxOptions, SentSms } from './types.js';
export type { AppliedTransfer, TransferRail } from './ledger.js';
export type { AppliedSayadStep } from './sayad.js';
export type { InboundSmsDelivery, InboundSmsWire } from './smsInbox.js';
export { SENDER_NUMBERS } from './world/messaging.js';
export { billIdCheckDigit, isValidBillId, isValidNationalId } from './validation.js';
export { SANDBOX_OTP } from './consent/book.js';

function nonNegative(name: string, value: number): number {
  if (!(Number.isFinite(value) && value >= 0))
    throw new RangeError(`${name} must be a non-negative number, got ${value}`);
  return value;
}

function settingsOf(options: SandboxOptions): SandboxSettings {
  return {
    clientId: options.clientId ?? 'sandbox-client',
    clientSecret: options.clientSecret ?? 'sandbox-secret',
    clientNid: options.clientNid ?? '0499370899',
    asyncDelayMs: nonNegative('asyncDelayMs', options.asyncDelayMs ?? 2000),
    tokenLifetimeMs: nonNegative('tokenLifetimeMs', options.tokenLifetimeMs ?? 864_000_000),
    otpLifetimeMs: nonNegative('otpLifetimeMs', options.otpLifetimeMs ?? 180_000),
    latencyMs: nonNegative('latencyMs', options.latencyMs ?? 0),
  };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const settings = settingsOf(options);
  const clock = options.clock ?? systemClock;
  const host = options.host ?? '127.0.0.1';
  const shutdown = new AbortController();
  // Every delayed answer (faults, latency) listens to it while it waits: as many as calls in flight.
  setMaxListeners(0, shutdown.signal);
  const tokens = new TokenStore();
  const faults = new FaultBook(options.faultSeed === undefined ? Math.random : seededRandom(options.faultSeed));
  const calls = new CallLog();
  const ledger = new Ledger();
  const sayad = new SayadRegistry();
  const trackIds = new TrackIdRegistry();
  const smsInboxes = new SmsInboxes(clock);
  const finnotext = new Finnotext(() => settings.asyncDelayMs);
  const server = createServer(
    createRequestListener({
      settings,
      clock,
      tokens,
      consents: new ConsentBook(),
      faults,
      admin: options.admin ?? false,
      smsInboxes,
      calls,
      trackIds,
      handlers: createHandlers(
        () => settings.asyncDelayMs,
        () => settings.otpLifetimeMs,
        ledger,
        () => settings.clientNid,
        trackIds,
        sayad,
        smsInboxes,
        finnotext,
      ),
      shutdown: shutdown.signal,
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    admin: options.admin ?? false,
    get options() {
      return { ...settings };
    },
    calls: (operationId) => calls.list(operationId),
    clearCalls: () => calls.clear(),
    injectFault: (rule) => faults.add(rule),
    faults: () => faults.list(),
    clearFaults: () => faults.clear(),
    holdAnswers: (operationId) => faults.hold(operationId, 'answer'),
    holdArrivals: (operationId) => faults.hold(operationId, 'arrival'),
    setLatency: (rule) => faults.setLatency(rule),
    balanceOf: (iban) => {
      const account = accountOfIban(iban);
      if (!account) throw new RangeError(`${iban} is no account of the world`);
      return ledger.balanceOf(account);
    },
    appliedTransfers: () => ledger.applied(),
    appliedSayadSteps: () => sayad.applied(),
    sentSms: () => finnotext.sent(),
    revokeAllTokens: () => tokens.revokeAll(),
    deliverInboundSms: (message) => smsInboxes.deliver(message),
    waitingInboundSms: (number) => smsInboxes.waiting(number),
    setAsyncDelay: (ms) => {
      settings.asyncDelayMs = nonNegative('asyncDelayMs', ms);
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
