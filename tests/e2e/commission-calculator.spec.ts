import { expect, isNoJs, startSession, test } from "./fixtures";

// The commission calculator (part 2; issue 11 item 8) in both portals, JavaScript on and off: a GET
// form the server answers without JavaScript, figures that follow the typing with it.

for (const role of ["agent", "admin"] as const) {
  test(`the ${role}'s calculator prices $123.45 a month at 87.5 % as a sale would @no-js`, async ({
    page,
    factory,
  }, testInfo) => {
    await startSession(page, role === "agent" ? await factory.agent() : await factory.admin());
    await page.goto(`/${role}/commission-calculator`);
    await page.getByLabel("Monthly Premium ($)").fill("123.45");
    await page.getByLabel("Comp %").fill("87.5");
    if (isNoJs(testInfo)) await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByText("$972.17").first()).toBeVisible();
    await expect(page.getByText("$108.02").first()).toBeVisible();
    await expect(page.getByText("$1,481.40")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Advance earned month by month" }).getByText("Month 9"),
    ).toBeVisible();
  });
}

test("the calculator's messages: required, and positive numbers only @no-js", async ({
  page,
  agent: _me,
}, testInfo) => {
  await page.goto("/agent/commission-calculator");
  await page.getByLabel("Monthly Premium ($)").fill("abc");
  await page.getByLabel("Comp %").fill("");
  if (isNoJs(testInfo)) await page.getByRole("button", { name: "Calculate" }).click();
  else await page.getByLabel("Comp %").blur();
  await expect(page.getByText("Please enter a valid positive number")).toBeVisible();
  if (isNoJs(testInfo)) await expect(page.getByText("Comp % is required")).toBeVisible();
  await expect(page.getByLabel("Monthly Premium ($)")).toHaveValue("abc");
});

test("Calculate on an empty form says both boxes are required @no-js", async ({ page, agent: _me }) => {
  await page.goto("/agent/commission-calculator");
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page.getByText("Monthly Premium is required")).toBeVisible();
  await expect(page.getByText("Comp % is required")).toBeVisible();
  await expect(page.getByLabel("Monthly Premium ($)")).toHaveAccessibleDescription(/Monthly Premium is required/);
});
