/**
 * `JSON.parse`, except that integer literals beyond ±(2^53 − 1) come back as strings of their exact
 * digits instead of rounded numbers (card numbers, ids and big amounts sent as JSON numbers).
 */
export function parseJson(text: string): unknown {
  // An unsafe integer has at least 16 digits (2^53 − 1 has 16) and, being a bare number, starts the
  // document or follows `:`, `[` or `,` and whitespace; digits inside a string (IBANs, card numbers)
  // follow a quote or other characters, so answers full of them still take the native parser.
  if (!BARE_LONG_NUMBER.test(text)) return JSON.parse(text);
  return new LosslessParser(text).parseDocument();
}

const BARE_LONG_NUMBER = /(?:^|[:[,])[\s]*-?\d{16}/;

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

class LosslessParser {
  private pos = 0;

  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    const value = this.parseValue();
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail('Unexpected data after the JSON value');
    return value;
  }

  private parseValue(): unknown {
    this.skipWhitespace();
    const ch = this.text[this.pos];
    switch (ch) {
      case '{':
        return this.parseObject();
      case '[':
        return this.parseArray();
      case '"':
        return this.parseString();
      case 't':
        return this.parseLiteral('true', true);
      case 'f':
        return this.parseLiteral('false', false);
      case 'n':
        return this.parseLiteral('null', null);
      default:
        return this.parseNumber();
    }
  }

  private parseObject(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.pos++; // {
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return object;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== '"') this.fail('Expected a string property name');
      const key = this.parseString();
      this.skipWhitespace();
      this.expect(':');
      const value = this.parseValue();
      // Like JSON.parse: "__proto__" becomes an own property, never the prototype.
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      this.skipWhitespace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect('}');
      return object;
    }
  }

  private parseArray(): unknown[] {
    const array: unknown[] = [];
    this.pos++; // [
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return array;
    }
    for (;;) {
      array.push(this.parseValue());
      this.skipWhitespace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect(']');
      return array;
    }
  }

  private parseString(): string {
    const start = this.pos;
    let escaped = false;
    this.pos++; // opening quote
    for (;;) {
      const code = this.text.charCodeAt(this.pos);
      if (Number.isNaN(code)) this.fail('Unterminated string');
      if (code === 0x22) break; // closing quote
      if (code < 0x20) this.fail('Bad control character in string');
      if (code === 0x5c) {
        escaped = true;
        this.pos += 2;
      } else {
        this.pos++;
      }
    }
    this.pos++;
    // Escapes are decoded (and checked) by JSON.parse itself, on the string token alone.
    return escaped
      ? (JSON.parse(this.text.slice(start, this.pos)) as string)
      : this.text.slice(start + 1, this.pos - 1);
  }

  private parseNumber(): number | string {
    NUMBER.lastIndex = this.pos;
    const m = NUMBER.exec(this.text);
    if (m === null) this.fail('Unexpected token');
    const literal = m[0];
    this.pos += literal.length;
    const value = Number(literal);
    const isInteger = m[1] === undefined && m[2] === undefined;
    return isInteger && !Number.isSafeInteger(value) ? literal : value;
  }

  private parseLiteral<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail('Unexpected token');
    this.pos += word.length;
    return value;
  }

  private expect(ch: string): void {
    if (this.text[this.pos] !== ch) this.fail(`Expected '${ch}'`);
    this.pos++;
  }

  private skipWhitespace(): void {
    for (;;) {
      const ch = this.text[this.pos];
      if (ch !== ' ' && ch !== '\t' && ch !== '\n' && ch !== '\r') return;
      this.pos++;
    }
  }

  private fail(message: string): never {
    throw new SyntaxError(`${message} in JSON at position ${this.pos}`);
  }
}

/**
 * JSON with object keys sorted and undefined members dropped, so equal arguments give equal keys.
 * Written out by hand rather than through a `JSON.stringify` replacer that copies every object: this
 * runs for every upstream read (its loader key). The text is what that replacer gave, key for key:
 * array-index keys (`"0"`, `"12"`) first in numeric order, as a JavaScript object orders them, then
 * the other keys by UTF-16 code units.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '') as string;
}

function write(input: unknown, key: string): string | undefined {
  let value = input;
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${write(value[i], String(i)) ?? 'null'}`;
    return `${out}]`;
  }
  const record = value as Readonly<Record<string, unknown>>;
  let out = '{';
  for (const name of Object.keys(record).sort(byObjectOrder)) {
    const member = write(record[name], name);
    if (member !== undefined) out += `${out.length === 1 ? '' : ','}${JSON.stringify(name)}:${member}`;
  }
  return `${out}}`;
}

const MAX_ARRAY_INDEX = 4_294_967_294;

function arrayIndex(name: string): number {
  if (!/^(?:0|[1-9]\d*)$/.test(name)) return -1;
  const n = Number(name);
  return n <= MAX_ARRAY_INDEX ? n : -1;
}

function byObjectOrder(a: string, b: string): number {
  const ia = arrayIndex(a);
  const ib = arrayIndex(b);
  if (ia >= 0 || ib >= 0) return ia < 0 ? 1 : ib < 0 ? -1 : ia - ib;
  return a < b ? -1 : a > b ? 1 : 0;
}
