// Forms with repeated rows (phones and beneficiaries on the application form, a carrier's
// products in setup) give every row the same messages: "Phone number is required" twice does not
// say which phone. Where a message is read away from its row (the error summary, a field whose
// label does not name the row) it says which row it means: "Phone 2: Phone number is required".

/** The rows' names in a field name (conform's "phones[1].phoneNumber" or a path "phones.1.phoneNumber"). */
const ROW_NOUNS: Record<string, string> = {
  phones: "Phone",
  beneficiaries: "Beneficiary",
  products: "Product",
};

/** "Phone 2" for a field of the second phone row; null for a field outside any repeated row. */
function rowOf(fieldName: string): string | null {
  // The innermost row: a carrier's product is "Product 3", whatever carrier card it is in.
  let row: string | null = null;
  for (const match of fieldName.matchAll(/(\w+)(?:\[(\d+)\]|\.(\d+)(?=\.|$))/g)) {
    const noun = ROW_NOUNS[match[1]!];
    if (noun) row = `${noun} ${Number(match[2] ?? match[3]) + 1}`;
  }
  return row;
}

/** The message with its row in front ("Phone 2: ..."), unless it names the row already. */
export function withRow(fieldName: string, message: string): string {
  const row = rowOf(fieldName);
  return row && !message.startsWith(`${row}:`) ? `${row}: ${message}` : message;
}

/** A field's messages, each saying which row it belongs to; the same message only once. */
export function rowErrors(fieldName: string, errors: string[] | null | undefined): string[] | undefined {
  if (!errors?.length) return undefined;
  return [...new Set(errors.map((message) => withRow(fieldName, message)))];
}
