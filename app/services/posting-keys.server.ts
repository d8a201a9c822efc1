import { randomToken, sha256 } from "~/utils/crypto.server";

// A lead source's posting key (issue 24, decision 061): 32 random bytes, shown once when the
// source is made or its key rotated, stored only as its SHA-256 (the key alone finds its source:
// the hash is unique), with its last four characters to tell keys apart on screen.

const PREFIX = "lsk_";

/** A new key with what is stored of it. */
export function newPostingKey() {
  const key = `${PREFIX}${randomToken(32)}`;
  return { key, hash: sha256(key), last4: key.slice(-4) };
}

/** The stored hash of a presented key. */
export function postingKeyHash(key: string): string {
  return sha256(key);
}
