import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A phone number in E.164 ("+60123456789"), or null when the metadata says it cannot exist.
 * A leading + is added when missing; numbers without a country are read as Malaysian (calling code 60).
 */
export function normalizePhone(input: string): string | null {
  const text = input.trim().replace(/[\s()-]/g, '');
  if (!/^\+?\d{6,16}$/.test(text)) return null;
  const candidates = text.startsWith('+') ? [text] : text.startsWith('0') ? [text] : [`+${text}`, text];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, 'MY');
    if (parsed?.isValid()) return parsed.number;
  }
  return null;
}
