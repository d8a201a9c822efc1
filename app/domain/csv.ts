// CSV as RFC 4180 writes it, for files people open in a spreadsheet: a field holding a comma, a
// double quote, a CR or an LF is enclosed in double quotes with its quotes doubled, and every
// record ends in CRLF. Spreadsheets run a cell that starts with = + - @ (or a tab or CR, which
// some strip before looking) as a formula, so such a cell from user input is given a leading
// single quote: it then shows as the text typed, never runs (OWASP, CSV Injection).

export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field: text neutralised if a spreadsheet would run it, then quoted if it must be. Numbers
 * are written as they are (a negative amount stays a number); null and undefined are empty.
 */
function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
