/** The consent redirect URI: configured, or this process's own callback page on its port. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('UPSTREAM_REDIRECT_URI', () => {
  it('defaults to the callback page on the configured port', () => {
    const config = loadConfig({ PORT: '5123' });
    expect(config.upstream.redirectUri).toBe('http://localhost:5123/consent/callback');
    expect(config.upstream.redirectUriConfigured).toBe(false);
  });

  it('defaults to port 4001 when the port is left to the system, or unset', () => {
    expect(loadConfig({ PORT: '0' }).upstream.redirectUri).toBe('http://localhost:4001/consent/callback');
    expect(loadConfig({}).upstream.redirectUri).toBe('http://localhost:4001/consent/callback');
  });

  it('is taken as configured when set, and an empty value counts as unset', () => {
    const configured = loadConfig({ PORT: '5123', UPSTREAM_REDIRECT_URI: 'https://bank.example/consent' });
    expect(configured.upstream.redirectUri).toBe('https://bank.example/consent');
    expect(configured.upstream.redirectUriConfigured).toBe(true);
    expect(loadConfig({ UPSTREAM_REDIRECT_URI: '' }).upstream.redirectUriConfigured).toBe(false);
  });
});
