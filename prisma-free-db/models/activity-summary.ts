// The activity log must never hold a full SSN, routing, account or card number (docs/decisions/
// 034). Summaries are written from names and labels, and this is the backstop under every path
// that writes one (logActivity, a bulkCreate): any run of 9 or more digits, written together or
// in groups split by single spaces or hyphens (123-45-6789, 4111 1111 1111 1111), keeps only its
// last four digits. Ids and dates are not numbers to hide: a UUID's last group can be 12 digits,
// and 2026-11-23 10:30 has 10.

const UUID_OR_DATE =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?/gi;
const LONG_NUMBER = /\d(?:[ -]?\d){8,}/g;

/** The digits of a long run hidden but its last four ("•••-••-6789"); separators kept. */
function maskRun(run: string) {
  let hidden = run.replace(/\D/g, "").length - 4;
  return run.replace(/\d/g, (digit) => (hidden-- > 0 ? "•" : digit));
}

export function redactLongNumbers(text: string): string {
  let result = "";
  let last = 0;
  for (const kept of text.matchAll(UUID_OR_DATE)) {
    result += text.slice(last, kept.index).replace(LONG_NUMBER, maskRun) + kept[0];
    last = kept.index + kept[0].length;
  }
  return result + text.slice(last).replace(LONG_NUMBER, maskRun);
}
