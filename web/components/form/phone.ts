/**
 * A phone number as it is stored: an optional leading "+" and digits only, so "+254 (712) 345-678"
 * and "+254712345678" are the same number. Letters and other marks are dropped; "00" in front
 * (the international prefix) becomes "+". With the company's phone country (`dial`, its calling
 * code, set at registration), a national number ("0712 345 678": one trunk "0") gets it:
 * "+254712345678".
 */
export function normalizePhone(text: string, dial?: string | null): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const plus = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (!plus && digits.startsWith('00') && digits.length > 4) return `+${digits.slice(2)}`;
  if (!plus && dial && /^\d{1,4}$/.test(dial) && /^0[1-9]\d{5,}$/.test(digits)) return `+${dial}${digits.slice(1)}`;
  if (plus) digits = `+${digits}`;
  return digits;
}

/** 7 to 15 digits (E.164 allows 15), with an optional "+". */
export function isPlausiblePhone(text: string): boolean {
  return /^\+?\d{7,15}$/.test(normalizePhone(text));
}
