import { addDaysIso, todayIn } from "~/domain/periods";
import { createCallback } from "../support/premiums-factories";
import { uniqueName } from "../support/application-factories";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, test } from "./fixtures";

// The admin's Callbacks (issue 13 item 4), at a phone's width and a laptop's with JavaScript and at
// the phone's without: a card per scheduled callback with its agent, dates, coverage and premium,
// Call Now as a post to the call check, the agent filter, and Reschedule that really sets the new date
// ("reschedules a callback" of the Done means).

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const size of WIDTHS) {
  test(`an admin filters callbacks by agent and reschedules one (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin: _admin,
    factory,
  }, testInfo) => {
    await page.setViewportSize(size);
    const owner = await factory.agent({ firstName: "Olga" });
    const other = await factory.agent({ firstName: "Otto" });
    const lead = await createCallback(owner.agentId, {
      callbackDate: new Date("2036-05-04T14:00:00Z"),
      lastName: uniqueName("Waiting"),
    });
    const elsewhere = await createCallback(other.agentId, {
      callbackDate: new Date("2036-05-05T14:00:00Z"),
      lastName: uniqueName("Elsewhere"),
    });
    const name = `${lead.firstName} ${lead.lastName}`;

    await page.goto("/admin/callbacks");
    await expect(page.getByRole("heading", { name: "Callback Management", level: 1 })).toBeVisible();
    await page.getByLabel("Agent", { exact: true }).selectOption({ label: owner.name });
    if (isNoJs(testInfo)) await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`agentId=${owner.agentId}`));
    await expect(page.getByText("Scheduled callbacks: 1")).toBeVisible();
    await expect(page.locator(`#callback-${elsewhere.id}`)).toHaveCount(0);

    const card = page.locator(`#callback-${lead.id}`);
    await expect(card).toContainText(name);
    await expect(card).toContainText(owner.name);
    await expect(card).toContainText("Callback Needed");
    await expect(card).toContainText("$10,000.00");
    await expect(card).toContainText("$50.00/month");
    // 14:00 UTC is 10:00 in New York (the admin's time zone) in May.
    await expect(card).toContainText("May 4, 2036");
    // Call Now posts to the call check (decision 072), never a bare tel: link.
    await expect(card.getByRole("button", { name: `Call Now: ${name}, (813) 555-0000` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await card.getByRole("link", { name: `Reschedule: ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Callback" });
    await expect(dialog).toContainText(name);
    // A time already past is refused at the field, the notes typed kept.
    const yesterday = addDaysIso(todayIn("America/New_York"), -1);
    await dialog.getByLabel("New callback date and time").fill(`${yesterday}T10:00`);
    await dialog.getByLabel("Notes (optional)").fill("Asked for Friday morning");
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await expect(dialog.getByText("Please choose a callback date and time that has not passed yet.")).toBeVisible();
    await expect(dialog.getByLabel("Notes (optional)")).toHaveValue("Asked for Friday morning");

    const when = `${addDaysIso(todayIn("America/New_York"), 3)}T09:15`;
    await dialog.getByLabel("New callback date and time").fill(when);
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await expect(page.locator("#toast-region")).toContainText("Callback Rescheduled");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/callbacks\\?agentId=${owner.agentId}$`));
    await expect(card).toContainText("9:15");
    await expect(card).not.toContainText("May 4, 2036");
  });
}
