import { randomBytes } from "node:crypto";

/**
 * A UUID whose first 48 bits are the milliseconds since 1970 (version 7, RFC 9562), the other 74
 * random: ids made one after another sort together. The intake's bulk writes use it for the rows a
 * lead brings (the lead, its phone, bell and activity entry, a duplicate): a random (version 4) key
 * puts each row of a 250-lead batch on its own page of every index keyed by it, so the pages a
 * batch writes grew with the tables (decision 067, amended); these land on the indexes' last pages.
 */
export function timeOrderedId(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
