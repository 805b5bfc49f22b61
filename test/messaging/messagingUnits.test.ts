/** MessagingAPI without a server: what a send hands the action desk, and the one SMS of a one-time password. */
import { describe, expect, it } from 'vitest';
import type { ActionPort, ActionRequest } from '../../src/datasources/flows/port.js';
import { smsAction } from '../../src/datasources/flows/smsDelivery.js';
import { MessagingAPI, oneTimePasswordText } from '../../src/datasources/messaging.js';
import type { UpstreamAccess } from '../../src/datasources/shared/requestUpstream.js';
import type { SmsOrderRecord } from '../../src/datasources/types/messaging.js';
import { UpstreamError } from '../../src/errors.js';

const ORDER: SmsOrderRecord = { from: '200000', templateId: null, messages: [{ to: '09121234567', text: 'hi' }] };

/** An upstream that answers every send with `answer`, recording the calls. */
function upstreamAnswering(answer: unknown) {
  const calls: Array<{ operationId: string; options: unknown }> = [];
  const upstream: UpstreamAccess = {
    read: () => Promise.reject(new Error('not read')),
    send: async (operationId, options) => {
      calls.push({ operationId, options });
      return { trackId: 't', result: answer };
    },
    authorize: async () => undefined,
  };
  return { upstream, calls };
}

/** A desk that hands back what it was asked, once the request's order is prepared. */
function recordingDesk() {
  const asked: Array<{ kind: string; request: ActionRequest<unknown>; order: unknown }> = [];
  const desk = {
    execute: async (action: { kind: string }, request: ActionRequest<unknown>) => {
      const order = await request.prepare();
      asked.push({ kind: action.kind, request, order });
      return { id: 'job' };
    },
  } as unknown as ActionPort;
  return { desk, asked };
}

describe('MessagingAPI', () => {
  it('sends through the desk as the client, under the key, once the throttle admits it', async () => {
    const { upstream } = upstreamAnswering({});
    const { desk, asked } = recordingDesk();
    let admitted = 0;
    const api = new MessagingAPI(upstream, desk, ['200000']);
    await api.send('key-1', ORDER, async () => {
      admitted += 1;
    });
    expect(admitted).toBe(1);
    expect(asked).toHaveLength(1);
    const [first] = asked;
    expect(first?.kind).toBe(smsAction.kind);
    expect(first?.request).toMatchObject({ upstream, actor: 'client', idempotencyKey: 'key-1', asked: ORDER });
    expect(first?.order).toBe(ORDER);
    expect(api.senderNumbers).toEqual(['200000']);
  });

  it('claims nothing when the throttle refuses', async () => {
    const { upstream } = upstreamAnswering({});
    const { desk, asked } = recordingDesk();
    const api = new MessagingAPI(upstream, desk, ['200000']);
    await expect(api.send('key-1', ORDER, () => Promise.reject(new Error('too many SMS')))).rejects.toThrow(
      'too many SMS',
    );
    expect(asked).toEqual([]);
  });

  it('texts a one-time password once, with the template when one is given', async () => {
    const { upstream, calls } = upstreamAnswering({ message: 'sent' });
    const api = new MessagingAPI(upstream, recordingDesk().desk, ['200000']);
    await api.sendOneTimePassword('200000', '09121234567', '012345');
    await api.sendOneTimePassword('200000', '09121234567', '012345', 'otp-login_1');
    expect(oneTimePasswordText('012345')).toBe('کد تایید شما: 012345');
    expect(calls).toEqual([
      {
        operationId: 'facilityFinnotextOtpPost',
        options: { body: { from: '200000', to: '09121234567', message: 'کد تایید شما: 012345' } },
      },
      {
        operationId: 'facilityFinnotextOtpPost',
        options: {
          body: { from: '200000', to: '09121234567', message: 'کد تایید شما: 012345', templateId: 'otp-login_1' },
        },
      },
    ]);
  });

  it('fails when the upstream’s answer is not the one documented', async () => {
    const { upstream } = upstreamAnswering('not an object');
    const api = new MessagingAPI(upstream, recordingDesk().desk, ['200000']);
    await expect(api.sendOneTimePassword('200000', '09121234567', '012345')).rejects.toBeInstanceOf(UpstreamError);
  });
});
