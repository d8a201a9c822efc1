import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";
import { scriptableCopy } from "./no-js-copy";

/** The two widths every accessibility check covers: a phone's and a laptop's. */
export const AXE_WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * The critical and serious violations axe-core finds on the page as it is now, in a readable
 * form (rule, help, the elements and why), so `expect(...).toEqual([])` shows what to fix.
 *
 * axe runs as a script in the page, and a browser with JavaScript off never runs its timers. So
 * in the no-js project it checks a copy (tests/e2e/no-js-copy.ts): the page's DOM as that browser
 * built it, at the page's width and at the other of the two widths, since the no-js project runs
 * the flows checked at both widths at the phone's only (docs/decisions/052).
 */
export async function seriousViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled !== false) return violationsOf(page);
  const width = page.viewportSize()?.width ?? AXE_WIDTHS[1].width;
  const sizes = [page.viewportSize() ?? AXE_WIDTHS[1], width < 1024 ? AXE_WIDTHS[1] : AXE_WIDTHS[0]];
  return violationsInCopy(page, { html: await page.content(), url: page.url() }, sizes);
}

/**
 * The violations in a served document (tests/e2e/no-js-copy.ts, servedDocument) as a browser
 * without JavaScript shows it, at both widths.
 */
export async function seriousViolationsWithoutJs(page: Page, served: { html: string; url: string }) {
  return violationsInCopy(page, served, AXE_WIDTHS);
}

async function violationsInCopy(
  page: Page,
  served: { html: string; url: string },
  sizes: readonly { width: number; height: number }[],
) {
  const copy = await scriptableCopy(page, served.html, served.url);
  const found = [];
  for (const size of sizes) {
    await copy.setViewportSize(size);
    for (const violation of await violationsOf(copy)) found.push({ ...violation, at: `${size.width} px` });
  }
  return found;
}

/**
 * axe-core's run in the page itself (legacy mode: the app has no frames, so nothing is left out),
 * reporting violations only: the default runs each frame apart and joins the results in a new
 * blank page, and details every rule that passed, four times the work (7.9 s against 1.7 s for
 * All Leads on a busy machine; docs/decisions/052).
 */
async function violationsOf(target: Page) {
  const results = await new AxeBuilder({ page: target })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
}
