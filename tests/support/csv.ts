/**
 * A CSV export's records as fields (RFC 4180: quoted fields may hold commas, quotes and line
 * breaks). Shared by the API tests and the e2e specs of both reports' exports, so they read the
 * file the same way. Throws when the file does not end with CRLF: our exports always do.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      records.push([...record, field]);
      record = [];
      field = "";
      i++;
    } else field += char;
  }
  if (field !== "" || record.length > 0) throw new Error("the CSV file does not end with CRLF");
  return records;
}
