/**
 * The sandbox in a process of its own for a benchmark driven over IPC: it sends `{ url }` once
 * listening; takes `{ asyncDelayMs }` (the delay before the next asynchronous inquiries settle) and
 * answers it back once set; takes `{ lastSubmission: true }` and answers `{ submittedAt }`, when the
 * latest asynchronous bill inquiry arrived (epoch ms); and closes when its parent disconnects.
 */
import { startSandbox } from '../sandbox/index.js';

const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });

process.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null) return;
  if ('asyncDelayMs' in message) {
    sandbox.setAsyncDelay(Number(message.asyncDelayMs));
    process.send?.({ asyncDelayMs: message.asyncDelayMs });
  }
  if ('lastSubmission' in message) {
    process.send?.({ submittedAt: sandbox.calls('billingInquiryRequestSubmit').at(-1)?.at ?? null });
  }
});
process.on('disconnect', () => void sandbox.close().then(() => process.exit(0)));
process.send?.({ url: sandbox.url });
