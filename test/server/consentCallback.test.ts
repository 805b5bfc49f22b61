import { describe, expect, it } from 'vitest';
import { useHarness } from '../helpers/harness.js';

const h = useHarness();

const callback = (query: string) => fetch(h.server.url.replace('/graphql', `/consent/callback${query}`));

describe('the consent callback page', () => {
  it('shows the code and state to complete the consent with, escaped', async () => {
    const res = await callback('?code=abc123&state=st%3Cx%3E');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('code: "abc123"');
    expect(html).toContain('state: "st&lt;x&gt;"');
    expect(html).not.toContain('<x>');
  });

  it('says when the bank returned no code', async () => {
    const res = await callback('?error=access_denied');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<code>access_denied</code>');
  });
});
