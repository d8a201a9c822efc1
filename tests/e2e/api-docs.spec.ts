import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

// Issue 27 item 5: the API reference page (/api/docs) lists every operation of the OpenAPI
// document (/api/openapi.json), opens one without JavaScript, and has no serious accessibility
// finding, at a phone's width and a laptop's. The page loads no script (`hydrate: false`), so it
// runs in the no-JavaScript project only: with JavaScript on, the browser gets the very same page.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

type Document = { paths: Record<string, Record<string, unknown>> };

for (const size of WIDTHS) {
  test(`the API reference lists every operation of the document (${size.width} px) @no-js-only`, async ({
    page,
    request,
  }) => {
    // Over a hundred operations and their shapes: axe reads a long page, twice without JavaScript.
    test.slow();
    await page.setViewportSize(size);
    const openapi = (await (await request.get("/api/openapi.json")).json()) as Document;
    const operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
      ["get", "post", "put", "patch", "delete"]
        .filter((method) => method in item)
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(100);

    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { name: "Agency CRM API reference", level: 1 })).toBeVisible();
    const summaries = page.locator("details > summary");
    await expect(summaries).toHaveCount(operations.length);
    const listed = await summaries.evaluateAll((elements) =>
      elements.map((summary) => {
        const [method, path] = summary.querySelectorAll("span, code");
        return `${method?.textContent ?? ""} ${path?.textContent ?? ""}`;
      }),
    );
    expect([...listed].sort()).toEqual([...operations].sort());

    // An area's link goes to its section; an operation opens with its parameters and answers.
    await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Leads" }).click();
    await expect(page).toHaveURL(/#leads$/);
    const leadDetail = page
      .locator("details", { has: page.getByText("/api/applications/{id}", { exact: true }) })
      .first();
    await leadDetail.locator("summary").click();
    await expect(leadDetail.getByRole("list", { name: "Parameters of GET /api/applications/{id}" })).toBeVisible();
    const answer = leadDetail.getByRole("list", { name: "Answer 200 of GET /api/applications/{id}" });
    // A named shape is listed once, under Shapes, and linked from where it is used.
    await answer.getByRole("link", { name: "LeadDetail" }).click();
    await expect(page).toHaveURL(/#shape-LeadDetail$/);
    await expect(page.getByRole("list", { name: "Fields of LeadDetail" })).toContainText("revealedParts");
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    expect(await seriousViolations(page)).toEqual([]);
  });
}
