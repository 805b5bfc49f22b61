/** An answer that is not a JSON envelope: the login page, or a redirect. */
export interface RawReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

export const isRawReply = (reply: object): reply is RawReply => 'text' in reply && 'headers' in reply;

export function html(status: number, text: string): RawReply {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, text };
}

export function redirect(location: string): RawReply {
  return { status: 302, headers: { location, 'cache-control': 'no-store' }, text: '' };
}
