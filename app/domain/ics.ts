// iCalendar (RFC 5545) for one event: what "Add to calendar" downloads. Lines end in CRLF and are
// folded at 75 octets (section 3.1); text values escape backslash, semicolon, comma and line
// breaks (section 3.3.11); times are UTC ("Z", section 3.3.5), so no VTIMEZONE is needed.

export type CalendarEvent = {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
};

/** A DATE-TIME in UTC: 20261201T153000Z. */
function icsUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * A TEXT value: \ ; , escaped and every line break as \n.
 * @internal Exported for its unit test.
 */
export function icsText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * A content line folded into lines of at most 75 octets, each continuation starting with a
 * space; never inside a character (a UTF-8 sequence stays whole).
 * @internal Exported for its unit test.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation's leading space counts towards its 75.
    const room = parts.length === 0 ? 75 : 74;
    if (octets + size > room) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A calendar of one event, CRLF line ends, ready to download as text/calendar. */
export function calendarEvent(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Agency CRM//Callbacks//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
