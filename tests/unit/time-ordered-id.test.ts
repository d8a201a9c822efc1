import { describe, expect, it } from "vitest";
import { isUuid } from "~/services/permissions.server";
import { timeOrderedId } from "~/utils/time-ordered-id.server";

describe("timeOrderedId", () => {
  it("is a version 7 UUID whose first 48 bits are the milliseconds, so later ids sort after earlier ones", () => {
    const at = Date.UTC(2026, 10, 27, 15, 0, 0, 123);
    const id = timeOrderedId(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
    expect("89ab").toContain(id[19]);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
    const ids = [at + 1, at + 2, at + 1000, at + 86_400_000].map((ms) => timeOrderedId(ms));
    expect([...ids].sort()).toEqual(ids);
    expect(timeOrderedId(at)).not.toBe(timeOrderedId(at));
  });
});
