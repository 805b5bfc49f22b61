/**
 * The page the person's browser lands on after the authorization-code grant when the default
 * redirect URI points at this subgraph (local development): it shows the code and state to pass to
 * `completeCodeConsent`. Production deployments redirect to their own application instead.
 */
export const CONSENT_CALLBACK_PATH = '/consent/callback';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function consentCallbackPage(search: URLSearchParams): { status: number; html: string } {
  const code = search.get('code');
  const state = search.get('state') ?? '';
  const error = search.get('error');
  const body = code
    ? `<h1>Authorization received</h1>
<p>Complete the consent with:</p>
<pre>mutation {
  completeCodeConsent(input: { consentId: "&lt;consentId&gt;", code: "${escape(code)}", state: "${escape(state)}" }) {
    __typename ... on ConsentGranted { handle expiresAt }
  }
}</pre>`
    : `<h1>No authorization</h1><p>The bank returned ${error ? `the error <code>${escape(error)}</code>` : 'no code'}.</p>`;
  return {
    status: code ? 200 : 400,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Consent</title></head><body>${body}</body></html>`,
  };
}
