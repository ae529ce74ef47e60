/**
 * UUID values as the engine holds them: the canonical lowercase `8-4-4-4-12` text, whose string
 * order is the order of the 16 bytes (Trino's). Parsing follows Trino's CAST(varchar AS uuid): the
 * text Java's `UUID.fromString` takes (five dash-separated hex groups of at most 8, 4, 4, 4 and 12
 * digits), and then exactly 36 characters long.
 */

const LENIENT_UUID = /^[0-9a-fA-F]{1,8}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,4}-[0-9a-fA-F]{1,12}$/;
const HEX_BYTES: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Trino's error message for text that is not a UUID, or undefined when it is one. */
export function uuidTextProblem(text: string): string | undefined {
  if (text.length > 36 || !LENIENT_UUID.test(text)) return `Cannot cast value to UUID: ${text}`;
  if (text.length !== 36) return `Invalid UUID string length: ${text.length}`;
  return undefined;
}

/** The canonical form of text `uuidTextProblem` accepts. */
export function canonicalUuid(text: string): string {
  return text.toLowerCase();
}

/** The UUID of 16 bytes at `at`. */
export function uuidFromBytes(bytes: Uint8Array, at = 0): string {
  let text = '';
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += '-';
    text += HEX_BYTES[bytes[at + i] as number];
  }
  return text;
}

/** The 16 bytes of a canonical UUID. */
export function uuidToBytes(uuid: string): Uint8Array {
  const hex = uuid.replaceAll('-', '');
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
