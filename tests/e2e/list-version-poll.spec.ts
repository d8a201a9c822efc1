import { expect, test } from "./fixtures";

// Decision 057: My Leads' and All Leads' 60 s refresh first asks GET /api/leads/version and re-reads
// the page's data (a .data request) only when the version changed. With JavaScript only: without it
// nothing polls.

test("My Leads' minute poll asks for the version and re-reads the page only when a lead changed", async ({
  page,
  agent,
  factory,
}) => {
  const versionAnswers: number[] = [];
  const dataReads: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".data")) dataReads.push(pathname);
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/leads/version") versionAnswers.push(response.status());
  });
  await page.clock.install();
  const first = await factory.lead(agent);
  await page.goto("/agent/leads");
  await expect(page.getByRole("link", { name: first.name, exact: true })).toBeVisible();
  const table = page.getByRole("region", { name: "My Leads" });

  // Nothing changed: the poll asks for the version and stops there.
  await page.clock.runFor(61_000);
  await expect.poll(() => versionAnswers).toEqual([200]);

  // A new lead: the next poll sees another version and re-reads the page, which shows it.
  const second = await factory.lead(agent);
  await page.clock.runFor(61_000);
  await expect(table.getByRole("link", { name: second.name, exact: true })).toBeVisible();
  expect(versionAnswers).toEqual([200, 200]);
  // One re-read in all: the one of the changed list (the unchanged poll made none).
  expect(dataReads).toHaveLength(1);
});
