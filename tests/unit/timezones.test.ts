import { describe, expect, it } from "vitest";
import { isTimezone, TIMEZONES } from "~/domain/timezones";

describe("timezones", () => {
  it("offers the 8 zones in order with their labels", () => {
    expect(TIMEZONES.map((tz) => [tz.value, tz.label])).toEqual([
      ["America/New_York", "Eastern"],
      ["America/Chicago", "Central"],
      ["America/Denver", "Mountain"],
      ["America/Los_Angeles", "Pacific"],
      ["America/Phoenix", "Arizona"],
      ["America/Anchorage", "Alaska"],
      ["Pacific/Honolulu", "Hawaii"],
      ["UTC", "UTC"],
    ]);
    for (const tz of TIMEZONES) expect(tz.short).not.toBe("");
  });

  it("recognises only the offered zones", () => {
    for (const tz of TIMEZONES) expect(isTimezone(tz.value)).toBe(true);
    expect(isTimezone("Europe/London")).toBe(false);
    expect(isTimezone("america/new_york")).toBe(false);
    expect(isTimezone(undefined)).toBe(false);
    expect(isTimezone(42)).toBe(false);
  });

  it("names zones the runtime understands", () => {
    for (const tz of TIMEZONES) {
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: tz.value })).not.toThrow();
    }
  });
});
