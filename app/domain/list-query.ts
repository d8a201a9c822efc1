import { z } from "zod";
import { cleanText } from "./clean-text";
import type { Period } from "./periods";
import { isShowablePeriod, periodFields, withCustomRangeRules } from "./schemas/period";

/**
 * What a list page and its API route read from the URL (?status=&search=&sort=&period=&page=&
 * pageSize=): one zod factory per list, strict for the API and lenient for the page.
 */

const DEFAULT_PAGE_SIZE = 20;
const API_DEFAULT_PAGE_SIZE = 100;
const API_MAX_PAGE_SIZE = 500;

const pageField = z.coerce
  .number()
  .int("Page must be a whole number")
  .min(1, "Page starts at 1")
  .max(100_000)
  .default(1);
const pageSizeField = (max: number) =>
  z.coerce
    .number()
    .int("Page size must be a whole number")
    .min(1, "Page size is at least 1")
    .max(max, `Page size is at most ${max}`);

/** ?page=&pageSize= alone, for API lists that take no other filter (strict: a bad value is a 400). */
export const pagingSchema = z.object({
  page: pageField,
  pageSize: pageSizeField(API_MAX_PAGE_SIZE).default(API_DEFAULT_PAGE_SIZE),
});

type ListOptions<S extends string, O extends string> = {
  /** Status filter values; the first is the default (usually "all"). */
  statuses?: readonly [S, ...S[]];
  /** Sort keys; the first is the default. */
  sorts?: readonly [O, ...O[]];
  /** The default period, for a list that takes ?period=&startDate=&endDate=. */
  period?: Period;
  /** The page's URL name for the status filter, when it is not `status` (e.g. Agent Approval's ?tab=). */
  statusParam?: string;
  /** Rows per page on the page; the API's default is 100 (the spec's). */
  pageSize?: number;
  maxPageSize?: number;
};

export type ListParams<S extends string = string, O extends string = string> = {
  search?: string;
  status: S;
  sort: O;
  period?: Period;
  startDate?: string;
  endDate?: string;
  page: number;
  pageSize: number;
};

/**
 * Builds the parameters of one list. `schema` is strict (the API answers 400 with the field at
 * fault); `fromSearch` is lenient (a page falls back to the default for anything unreadable, so a
 * hand-edited URL never breaks it).
 */
export function listQuery<S extends string = "all", O extends string = "newest">(options: ListOptions<S, O> = {}) {
  const statuses = options.statuses ?? (["all"] as unknown as readonly [S, ...S[]]);
  const sorts = options.sorts ?? (["newest"] as unknown as readonly [O, ...O[]]);
  const maxPageSize = options.maxPageSize ?? API_MAX_PAGE_SIZE;
  const statusParam = options.statusParam ?? "status";

  const fields = {
    // Typed search words reach SQL as a LIKE pattern: NUL bytes (they cut a SQLite statement
    // short) and lone surrogates are dropped here, as they are from every body.
    search: z
      .string()
      .transform(cleanText)
      .pipe(z.string().trim().max(100, "Search is at most 100 characters"))
      .optional(),
    status: z
      .enum(statuses as unknown as [S, ...S[]], {
        errorMap: () => ({ message: `Status must be one of: ${statuses.join(", ")}` }),
      })
      .default(statuses[0]),
    sort: z
      .enum(sorts as unknown as [O, ...O[]], {
        errorMap: () => ({ message: `Sort must be one of: ${sorts.join(", ")}` }),
      })
      .default(sorts[0]),
    ...periodFields,
    page: pageField,
    pageSize: pageSizeField(maxPageSize).optional(),
  };
  type Fields = typeof fields;

  const withDefaults = (params: Partial<ListParams<S, O>>, pageSize: number): ListParams<S, O> => ({
    ...params,
    search: params.search || undefined,
    status: params.status ?? statuses[0],
    sort: params.sort ?? sorts[0],
    period: options.period ? (params.period ?? options.period) : undefined,
    page: params.page ?? 1,
    pageSize: params.pageSize ?? pageSize,
  });

  const schema = withCustomRangeRules(z.object(fields)).transform((q) =>
    withDefaults(q as Partial<ListParams<S, O>>, API_DEFAULT_PAGE_SIZE),
  );

  /** Every field on its own: a bad one falls back to its default, the rest still count. */
  function fromSearch(search: URLSearchParams): ListParams<S, O> {
    const read: Partial<Record<keyof Fields, unknown>> = {};
    for (const key of Object.keys(fields) as (keyof Fields)[]) {
      const raw = search.get(key === "status" ? statusParam : key);
      if (raw === null || raw === "") continue;
      const parsed = fields[key].safeParse(raw);
      if (parsed.success) read[key] = parsed.data;
    }
    const params = withDefaults(read as Partial<ListParams<S, O>>, options.pageSize ?? DEFAULT_PAGE_SIZE);
    // An incomplete or reversed custom range cannot be shown; the default period is.
    if (!isShowablePeriod(params))
      return { ...params, period: options.period, startDate: undefined, endDate: undefined };
    return params;
  }

  return { schema, fromSearch };
}
