/** The sandbox's authorization page for the web grant (wire facts §2.3): a minimal login form. */

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The form posts back to the same URL (the authorization request stays in the query string) with
 * `nid`, `password` and `decision` (`allow` or `deny`).
 */
export function loginPage(input: { action: string; scopes: readonly string[]; bank: string; error?: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sandbox authorization</title></head>
<body>
<h1>Authorize access</h1>
<p>An application asks for access to your account at bank ${escape(input.bank)}: ${input.scopes.map(escape).join(', ')}.</p>
<p>Sandbox: sign in with any 10-digit national id as both user name and password.</p>
${input.error ? `<p role="alert">${escape(input.error)}</p>` : ''}
<form method="post" action="${escape(input.action)}">
  <label>National id <input name="nid" inputmode="numeric" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button name="decision" value="allow">Allow</button>
  <button name="decision" value="deny">Deny</button>
</form>
</body>
</html>
`;
}
