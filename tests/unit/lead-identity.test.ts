import { describe, expect, it } from "vitest";
import { normalizedEmail, phoneE164 } from "~/services/lead-identity.server";
import { newPostingKey, postingKeyHash } from "~/services/posting-keys.server";

describe("a lead's identity as duplicates compare it", () => {
  it("reads US numbers written any way as one E.164 number, and refuses what is not a phone", () => {
    for (const written of ["3055550142", "(305) 555-0142", "305.555.0142", "+1 305 555 0142", "1-305-555-0142"]) {
      expect(phoneE164(written), written).toBe("+13055550142");
    }
    expect(phoneE164("+44 20 7946 0958")).toBe("+442079460958");
    for (const bad of ["", "12", "not a phone", null, undefined]) expect(phoneE164(bad)).toBeNull();
  });

  it("compares emails trimmed and lower-cased", () => {
    expect(normalizedEmail("  Mary.Smith@Example.COM ")).toBe("mary.smith@example.com");
    expect(normalizedEmail("   ")).toBeNull();
    expect(normalizedEmail(null)).toBeNull();
  });
});

describe("posting keys", () => {
  it("are random, and only their hash and last four characters are kept", () => {
    const first = newPostingKey();
    const second = newPostingKey();
    expect(first.key).not.toBe(second.key);
    expect(first.key.length).toBeGreaterThanOrEqual(40);
    expect(first.hash).toBe(postingKeyHash(first.key));
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hash).not.toContain(first.key);
    expect(first.last4).toBe(first.key.slice(-4));
  });
});
