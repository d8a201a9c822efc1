import { describe, expect, it } from "vitest";
import { CronSlots } from "~/jobs/sqlite-engine.server";

const at = (iso: string) => Date.parse(iso);

describe("a schedule's slots as the SQLite job runner meets them", () => {
  it("answers the latest slot until it has fired, then nothing until the next one comes", () => {
    const slots = new CronSlots("*/5 * * * *");
    expect(slots.due(at("2026-11-28T10:07:30Z"))).toBe(at("2026-11-28T10:05:00Z"));
    // Not fired yet (the insert failed, or has not run): asked again, the same slot.
    expect(slots.due(at("2026-11-28T10:07:31Z"))).toBe(at("2026-11-28T10:05:00Z"));
    slots.fired(at("2026-11-28T10:05:00Z"));
    expect(slots.due(at("2026-11-28T10:07:32Z"))).toBeNull();
    expect(slots.due(at("2026-11-28T10:09:59.999Z"))).toBeNull();
    expect(slots.due(at("2026-11-28T10:10:01Z"))).toBe(at("2026-11-28T10:10:00Z"));
  });

  it("never steps over a slot: each one in turn, however the wakes fall", () => {
    const slots = new CronSlots("* * * * *");
    const fired: number[] = [];
    // Wakes every 250 ms for five minutes, starting on a slot's first millisecond.
    for (let now = at("2026-11-28T10:00:00Z"); now <= at("2026-11-28T10:05:00.5Z"); now += 250) {
      const slot = slots.due(now);
      if (slot === null) continue;
      slots.fired(slot);
      fired.push(slot);
    }
    expect(fired.map((slot) => new Date(slot).toISOString().slice(11, 16))).toEqual([
      "09:59",
      "10:00",
      "10:01",
      "10:02",
      "10:03",
      "10:04",
      "10:05",
    ]);
  });

  it("jumps to the latest slot after a long sleep, firing the ones missed only once", () => {
    const slots = new CronSlots("0 * * * *");
    slots.fired(at("2026-11-28T06:00:00Z"));
    expect(slots.due(at("2026-11-28T09:30:00Z"))).toBe(at("2026-11-28T09:00:00Z"));
  });
});
