import type { commissionFigures, listCommissions } from "~/services/commissions.server";
import type { ExposureTotal } from "~/services/exposure.server";
import { exposureTotalJson } from "~/utils/exposure-api.server";

/**
 * GET /api/agent/commissions's answer: the page of commissions (each without its ledger line), the
 * period's summary, the ledger's totals and a line for each sale of the page, and the exposure.
 */
export function agentCommissionsJson(
  page: Awaited<ReturnType<typeof listCommissions>>,
  figures: Awaited<ReturnType<typeof commissionFigures>>,
  exposure: ExposureTotal,
) {
  return {
    commissions: page.rows.map(({ ledger: _line, ...record }) => record),
    summary: figures.summary,
    ledger: {
      totals: figures.ledger,
      sales: page.rows.map(({ applicationId, ledger }) => ({ applicationId, ...ledger })),
    },
    page: page.page,
    pageSize: page.pageSize,
    total: page.total,
    exposure: exposureTotalJson(exposure),
  };
}
