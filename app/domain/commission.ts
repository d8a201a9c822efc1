import { isoDate, parseIsoDate } from "./periods";

/** First-year commission and the retention schedule both cover nine monthly payments. */
export const PAYMENT_MONTHS = 9;

/**
 * Monthly premium x 9 x comp % / 100, rounded half up to whole cents. Comp % is stored with two
 * decimals, so working in basis points keeps the product an exact integer and the rounding of
 * half-cent results predictable.
 */
export function firstYearCommissionCents(monthlyPremiumCents: number, compPercent: number): number {
  const basisPoints = Math.round(compPercent * 100);
  return Math.round((monthlyPremiumCents * PAYMENT_MONTHS * basisPoints) / 10_000);
}

/**
 * What a sale keeps of its product, as it is at the moment of sale: the name, the comp % and the
 * commission they give. Copied onto the lead when the sale is recorded, so renaming, re-rating or
 * archiving the product later never changes a sale or its commission.
 */
export function saleSnapshot(
  product: { id: string; carrierId: string; name: string; compPercentage: number },
  monthlyPremiumCents: number,
) {
  return {
    productId: product.id,
    carrierId: product.carrierId,
    soldProductName: product.name,
    soldCompPercentage: product.compPercentage,
    calculatedCommissionCents: firstYearCommissionCents(monthlyPremiumCents, product.compPercentage),
  };
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Dashboard conversion: an empty book shows 0% rather than dividing by zero. */
export function conversionRate(converted: number, total: number): number {
  return oneDecimal((converted / Math.max(total, 1)) * 100);
}

/** Per-agent conversion and calls sold / calls ordered, 1 decimal; 0 when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : oneDecimal((part / whole) * 100);
}

/** Payment success rate, in whole percent (the admin retention summary). */
export function wholePercent(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 100);
}

/** Month-on-month growth, 1 decimal; null when there is no previous figure to grow from. */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return oneDecimal(((current - previous) / Math.abs(previous)) * 100);
}

/**
 * How many of a sale's nine months would be overdue from the start: those due before `today`
 * (YYYY-MM-DD in the user's time zone) when the schedule starts at a first draft date that has
 * passed. 0 without a first draft date (the schedule then starts today). `layOut` gives the nine
 * due dates from the first draft date: the same day each month unless the sale lays them out on
 * the client's Social Security days (socialSecurityScheduleDueDates, decision 078).
 */
export function monthsOverdueAtSale(
  firstDraftDate: string | null | undefined,
  today: string,
  layOut: (firstDraftDate: string) => string[] = paymentScheduleDueDates,
): number {
  if (!firstDraftDate || !parseIsoDate(firstDraftDate.slice(0, 10))) return 0;
  return layOut(firstDraftDate.slice(0, 10)).filter((dueDate) => dueDate < today).length;
}

/**
 * Nine monthly due dates from the first draft. Each keeps the first draft's day of month, falling
 * back to the month's last day when that day does not exist (Jan 31, Feb 28, Mar 31 ...).
 */
export function paymentScheduleDueDates(firstDraftDate: string): string[] {
  const first = parseIsoDate(firstDraftDate);
  if (!first) throw new Error(`Invalid first draft date "${firstDraftDate}": expected YYYY-MM-DD.`);
  return Array.from({ length: PAYMENT_MONTHS }, (_, i) => {
    const lastDay = new Date(Date.UTC(first.year, first.month - 1 + i + 1, 0)).getUTCDate();
    return isoDate(first.year, first.month + i, Math.min(first.day, lastDay));
  });
}
