const PERSIAN_ZERO = 0x06f0; // ۰
const ARABIC_INDIC_ZERO = 0x0660; // ٠

/** Converts Persian (۰–۹) and Arabic-Indic (٠–٩) digits to ASCII digits; leaves everything else as is. */
export function normalizeDigits(s: string): string {
  return s.replace(/[\u06f0-\u06f9\u0660-\u0669]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** Removes the separators people put inside card numbers: spaces, `-` and `/`. */
export function stripSeparators(s: string): string {
  return s.replace(/[\s\-/]/g, '');
}
