export const TIMEZONES = [
  { value: "America/New_York", label: "Eastern", short: "ET" },
  { value: "America/Chicago", label: "Central", short: "CT" },
  { value: "America/Denver", label: "Mountain", short: "MT" },
  { value: "America/Los_Angeles", label: "Pacific", short: "PT" },
  { value: "America/Phoenix", label: "Arizona", short: "MST" },
  { value: "America/Anchorage", label: "Alaska", short: "AKT" },
  { value: "Pacific/Honolulu", label: "Hawaii", short: "HST" },
  { value: "UTC", label: "UTC", short: "UTC" },
] as const;

export type Timezone = (typeof TIMEZONES)[number]["value"];

export function isTimezone(v: unknown): v is Timezone {
  return typeof v === "string" && TIMEZONES.some((tz) => tz.value === v);
}
