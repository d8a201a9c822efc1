import { z } from "zod";
import { listQuery } from "~/domain/list-query";
import { COMMISSION_FILTERS, COMMISSION_PERIODS } from "../commissions";

/**
 * ?period=&startDate=&endDate=&search=&status=&page=&pageSize= of the commissions page and
 * GET /api/agent/commissions: sales newest first, All Time unless a custom range of sale dates.
 */
const commissionListBase = listQuery({ statuses: COMMISSION_FILTERS, period: "all", pageSize: 20 });

const periods: readonly string[] = COMMISSION_PERIODS;

export const commissionList = {
  // The list kit takes every period; this page's selector (and so its API) has All Time and a
  // custom range only.
  schema: commissionListBase.schema.superRefine((query, ctx) => {
    if (query.period && !periods.includes(query.period)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["period"],
        message: `Period must be one of: ${COMMISSION_PERIODS.join(", ")}`,
      });
    }
  }),
  fromSearch: commissionListBase.fromSearch,
};
