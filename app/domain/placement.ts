// Submitted and issued (issue 26 item 2, decisions 074 and 075). A sale is an application submitted
// to a carrier; it counts as issued once it has an issue date and was not refused at delivery (not
// taken), and as decided once underwriting has answered (neither submitted nor pending
// underwriting). The placement rate is the share of decided sales that were issued.

/** The placement rate in percent with one decimal (issued / decided); null when nothing is decided yet. */
export function placementRate(issued: number, decided: number): number | null {
  if (decided <= 0) return null;
  return Math.round((issued / decided) * 1000) / 10;
}

/** A placement rate as the pages show it: "80.0%", or "—" when nothing is decided yet. */
export function placementLabel(rate: number | null): string {
  return rate === null ? "—" : `${rate.toFixed(1)}%`;
}
