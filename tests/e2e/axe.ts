import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";

/**
 * The critical and serious violations axe-core finds on the page as it is now, in a readable
 * form (rule, help, the elements and why), so `expect(...).toEqual([])` shows what to fix.
 *
 * axe runs as a script in the page, and a browser with JavaScript off never runs its timers. So
 * in the no-js project it checks a copy: the page's DOM as that browser built it (its <noscript>
 * content included, its scripts left out), served at the same address to a page of a fresh
 * context with JavaScript on, with the same stylesheets and viewport.
 */
export async function seriousViolations(page: Page) {
  const noJs = test.info().project.use.javaScriptEnabled === false;
  const target = noJs ? await scriptableCopy(page) : page;
  try {
    const results = await new AxeBuilder({ page: target }).analyze();
    return results.violations
      .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
      }));
  } finally {
    if (noJs) await target.context().close();
  }
}

async function scriptableCopy(page: Page) {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
  const context = await page.context().browser()!.newContext({
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
  });
  const copy = await context.newPage();
  const url = page.url();
  // The document itself is the copy; stylesheets, fonts and images come from the server.
  await copy.route(
    (address) => address.href === url,
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }),
  );
  await copy.goto(url);
  return copy;
}
