// Link and recovery codes (issue 26, decision 0087): what a person reads, types and compares. Crockford's base32
// alphabet: no I, L, O or U, so nothing in it looks like anything else in it, and what a person may type for a
// look-alike (O for 0, I or L for 1) is read as the digit.

export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A link code: 8 characters (40 bits), valid for LINK_CODE_MINUTES, used once. */
export const LINK_CODE_LENGTH = 8;
export const LINK_CODE_MINUTES = 10;
/** A recovery code: 20 characters in 5 groups of 4; the first group finds the code, the other 16 (80 bits) prove it. */
export const RECOVERY_CODE_LENGTH = 20;
export const RECOVERY_LOOKUP_LENGTH = 4;
/** Wrong codes allowed before a 429: link codes per device and per address in 10 minutes, recovery codes an hour. */
export const LINK_FAILURES_MAX = 5;
export const LINK_FAILURES_WINDOW_MS = 10 * 60_000;
export const RECOVERY_FAILURES_MAX = 10;
export const RECOVERY_FAILURES_WINDOW_MS = 60 * 60_000;

/** A code from random bytes (one byte per character: 256 is a multiple of 32, so every character is as likely). */
export function codeFromBytes(bytes: Uint8Array, length: number): string {
  if (bytes.length < length) throw new Error(`need ${length} random bytes, got ${bytes.length}`);
  let out = "";
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[(bytes[i] as number) % 32];
  return out;
}

/**
 * What a person typed, as the code it means, or null when it cannot be one of `length` characters: case, spaces,
 * dashes and dots are ignored, O reads as 0, I and L as 1; U and any other character make it invalid.
 */
export function normaliseCode(input: string, length: number): string | null {
  const s = input
    .toUpperCase()
    .replace(/[\s\-.]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (s.length !== length) return null;
  for (const c of s) if (!CODE_ALPHABET.includes(c)) return null;
  return s;
}

/** A code in groups of `size` for reading aloud and copying: "7KQ2-M9XD". */
export function groupCode(code: string, size = 4): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += size) groups.push(code.slice(i, i + size));
  return groups.join("-");
}

/** The recovery code is offered once the learner has this many answers stored (issue 26.3). */
export const RECOVERY_OFFER_AFTER = 20;
