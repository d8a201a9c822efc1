import { CallingRule } from "~db";
import { expect, test } from "./fixtures";

// Calling Rules' days of the week (decision 071, amended): an administrator adds a state's rule
// that leaves Sunday out, and a form with no day checked is refused at the days, what was typed
// kept. With JavaScript and without; Vermont is this test's own state.

test("an admin adds Vermont's rule without Sunday; no day checked is refused at the days @no-js", async ({
  page,
  admin: _signedIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await CallingRule.destroy({ where: { state: "VT" } });
  await page.goto("/admin/calling-rules");
  await page.getByLabel("State").selectOption("VT");
  await page.getByLabel("Calls from").fill("09:00");
  const days = page.getByRole("group", { name: "Days calls are allowed" });
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await days.getByLabel(day).uncheck();
  }
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(days.getByText("Choose at least one day")).toBeVisible();
  await expect(page.getByLabel("Calls from")).toHaveValue("09:00");
  await expect(page.getByLabel("State")).toHaveValue("VT");

  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]) {
    await days.getByLabel(day).check();
  }
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.locator("#toast-region")).toContainText("Calling rule saved: Vermont");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Vermont" }) });
  await expect(card).toContainText("Monday – Saturday, 9:00 AM – 8:00 PM · no daily limit");
  expect(await CallingRule.findByPk("VT", { raw: true })).toMatchObject({ days: "mon,tue,wed,thu,fri,sat" });

  await card.getByRole("link", { name: "Edit Vermont" }).click();
  await expect(page.getByRole("heading", { name: "Edit Vermont" })).toBeVisible();
  await expect(days.getByLabel("Saturday")).toBeChecked();
  await expect(days.getByLabel("Sunday")).not.toBeChecked();
});
