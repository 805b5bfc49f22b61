/**
 * The code as an enum's internal value when it is one of `codes` (the enum's mapped values), otherwise
 * `OTHER`, the value every such enum has for a code this service does not know yet (or none).
 */
export function codeOrOther<C extends number>(codes: Readonly<Record<string, C>>, code: number | null): C | 'OTHER' {
  return Object.values(codes).find((known) => known === code) ?? 'OTHER';
}
