// The lead's wall clock, on its own so that a page showing it (the lead's page and dialogs) does
// not ship the calling rules' words with it (app/domain/calling.ts re-exports it).

/** "7:42 PM EST": the lead's wall clock with its zone's abbreviation. */
export function formatLocalTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}
