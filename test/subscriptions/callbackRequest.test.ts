/** The callback hosts' setting, and what a router's `extensions.subscription` must hold before anything is sent. */
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig, type CallbackHost } from '../../src/config.js';
import { asksForCallback, readCallbackRequest } from '../../src/subscriptions/callbackRequest.js';

describe('SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS', () => {
  it('is unset by default: callback mode is off', () => {
    expect(loadConfig({}).subscriptionCallbackHosts).toBeNull();
  });

  it('reads hosts comma-separated, lowercased, each with the port it names', () => {
    const config = loadConfig({ SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: ' Router.Internal , 10.0.0.7:4000,[::1]:8080,' });
    expect(config.subscriptionCallbackHosts).toEqual([
      { hostname: 'router.internal', port: null },
      { hostname: '10.0.0.7', port: 4000 },
      { hostname: '[::1]', port: 8080 },
    ]);
  });

  it.each(['http://router', 'router/callback', 'user@router', 'router:99999', '*', ','])('refuses %j', (value) => {
    expect(() => loadConfig({ SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: value })).toThrow(
      /SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: each entry must be a host/,
    );
  });
});

describe('readCallbackRequest', () => {
  const hosts: CallbackHost[] = [
    { hostname: 'router.internal', port: null },
    { hostname: '10.0.0.7', port: 4000 },
  ];
  const valid = {
    callbackUrl: 'https://router.internal/callback/abc',
    subscriptionId: 'abc',
    verifier: 'v',
    heartbeatIntervalMs: 1_000,
  };
  const refusal = (extension: unknown): string => {
    try {
      readCallbackRequest(extension, hosts);
    } catch (error) {
      expect(error).toBeInstanceOf(GraphQLError);
      expect((error as GraphQLError).extensions).toMatchObject({ code: 'BAD_REQUEST', http: { status: 400 } });
      return (error as GraphQLError).message;
    }
    throw new Error('expected a refusal');
  };

  it('reads a router’s extension, with a 5 s heartbeat when it names none', () => {
    expect(readCallbackRequest(valid, hosts)).toEqual({ ...valid, callbackUrl: new URL(valid.callbackUrl) });
    const { heartbeatIntervalMs: _interval, ...without } = valid;
    expect(readCallbackRequest(without, hosts).heartbeatIntervalMs).toBe(5_000);
    expect(readCallbackRequest({ ...valid, heartbeatIntervalMs: 0 }, hosts).heartbeatIntervalMs).toBe(0);
  });

  it('takes an allowed host on any port, and one allowed with a port on that port only', () => {
    expect(
      readCallbackRequest({ ...valid, callbackUrl: 'http://ROUTER.internal:8088/cb' }, hosts).callbackUrl.host,
    ).toBe('router.internal:8088');
    expect(readCallbackRequest({ ...valid, callbackUrl: 'http://10.0.0.7:4000/cb' }, hosts).callbackUrl.port).toBe(
      '4000',
    );
    expect(refusal({ ...valid, callbackUrl: 'http://10.0.0.7:4001/cb' })).toMatch(/not an allowed callback host/);
    expect(refusal({ ...valid, callbackUrl: 'http://10.0.0.7/cb' })).toMatch(/not an allowed callback host/);
  });

  it.each([
    ['another host', 'http://169.254.169.254/latest/meta-data', /not an allowed callback host/],
    ['a host that merely ends like an allowed one', 'http://evil-router.internal/cb', /not an allowed/],
    ['an allowed name inside another host', 'http://router.internal.evil.example/cb', /not an allowed/],
    ['another scheme', 'file:///etc/passwd', /http or https/],
    ['credentials', 'https://a:b@router.internal/cb', /credentials/],
    ['a user name', 'https://a@router.internal/cb', /credentials/],
    ['a password', 'https://:b@router.internal/cb', /credentials/],
    ['no URL', 'router.internal/cb', /is not a URL/],
  ])('refuses a callback URL with %s', (_what, callbackUrl, message) => {
    expect(refusal({ ...valid, callbackUrl })).toMatch(message);
  });

  it('refuses a missing or malformed field, naming it', () => {
    expect(refusal(null)).toMatch(/extensions.subscription must be an object/);
    expect(refusal('x')).toMatch(/must be an object/);
    expect(refusal({ ...valid, subscriptionId: '' })).toMatch(/subscriptionId/);
    expect(refusal({ ...valid, verifier: 7 })).toMatch(/verifier/);
    expect(refusal({ ...valid, callbackUrl: undefined })).toMatch(/callbackUrl/);
    expect(refusal({ ...valid, callbackUrl: `https://router.internal/${'x'.repeat(3_000)}` })).toMatch(/at most 2048/);
    for (const heartbeatIntervalMs of [-1, 1.5, 10, 49, 1_000.5, '1000', 3_600_001])
      expect(refusal({ ...valid, heartbeatIntervalMs })).toMatch(/heartbeatIntervalMs/);
  });

  it('takes each field at its longest, and a heartbeat interval at its bounds', () => {
    const longest = {
      ...valid,
      subscriptionId: 'i'.repeat(256),
      verifier: 'v'.repeat(4_096),
      callbackUrl: `https://router.internal/${'x'.repeat(2_048 - 'https://router.internal/'.length)}`,
    };
    expect(readCallbackRequest(longest, hosts).subscriptionId).toHaveLength(256);
    expect(refusal({ ...longest, subscriptionId: 'i'.repeat(257) })).toMatch(/subscriptionId .*at most 256/);
    expect(refusal({ ...longest, verifier: 'v'.repeat(4_097) })).toMatch(/verifier .*at most 4096/);
    for (const heartbeatIntervalMs of [50, 3_600_000])
      expect(readCallbackRequest({ ...valid, heartbeatIntervalMs }, hosts).heartbeatIntervalMs).toBe(
        heartbeatIntervalMs,
      );
  });

  it('reads a URL without a port on the scheme’s own: 443 for https, 80 for http', () => {
    const onPorts: CallbackHost[] = [
      { hostname: 'secure.internal', port: 443 },
      { hostname: 'plain.internal', port: 80 },
    ];
    const read = (callbackUrl: string) => readCallbackRequest({ ...valid, callbackUrl }, onPorts).callbackUrl.host;
    expect(read('https://secure.internal/cb')).toBe('secure.internal');
    expect(read('http://plain.internal/cb')).toBe('plain.internal');
    expect(() => read('http://secure.internal/cb')).toThrow(/not an allowed callback host/);
    expect(() => read('https://plain.internal/cb')).toThrow(/not an allowed callback host/);
  });

  it('quotes at most 24 characters of a refused URL', () => {
    const message = refusal({ ...valid, callbackUrl: `http://${'a'.repeat(60)}.example/cb` });
    expect(message).not.toContain('a'.repeat(30));
  });
});

describe('asksForCallback', () => {
  it('is true only when the request carries extensions.subscription', () => {
    expect(asksForCallback(undefined)).toBe(false);
    expect(asksForCallback({})).toBe(false);
    expect(asksForCallback({ subscription: null })).toBe(false);
    expect(asksForCallback({ other: {} })).toBe(false);
    expect(asksForCallback({ subscription: {} })).toBe(true);
  });
});
