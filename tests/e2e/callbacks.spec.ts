import { Application } from "~db";
import { addDaysIso, todayIn, zonedDateTime } from "~/domain/periods";
import { expect, noJsAtPhoneWidth, test } from "./fixtures";

// Issue 11 item 1 as an agent uses it, at a phone's width and a laptop's with JavaScript and at the
// phone's without: an overdue callback stands out under Immediate Action Required; a bad
// date is refused at its field with the notes kept; rescheduling it to tomorrow moves it to
// Upcoming Callbacks as Soon; Add to calendar downloads its .ics; a disposition takes it off.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

// The fixtures' agents keep the default time zone.
const TIME_ZONE = "America/New_York";

/** Noon on the agent's calendar, `days` from today. */
const localNoon = (days: number) => zonedDateTime(`${addDaysIso(todayIn(TIME_ZONE), days)}T12:00`, TIME_ZONE)!;

for (const size of WIDTHS) {
  test(`an agent reschedules an overdue callback and it moves to Upcoming (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    agent,
    factory,
  }) => {
    await page.setViewportSize(size);
    const lead = await factory.lead(agent, { status: "callback", firstName: "Olive" });
    await Application.update({ callbackDate: localNoon(-1) }, { where: { id: lead.id } });
    const today = await factory.lead(agent, { status: "rescheduled", firstName: "Tess" });
    await Application.update({ callbackDate: localNoon(0) }, { where: { id: today.id } });

    await page.goto("/agent/callbacks");
    await expect(page.getByRole("heading", { name: "Overdue (1)" })).toBeVisible();
    await expect(page.getByText("Immediate Action Required")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Due Today (1)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upcoming Callbacks (0)" })).toBeVisible();
    await expect(page.getByText("No callbacks scheduled for this category.")).toBeVisible();

    const overdue = page.getByRole("region", { name: "Overdue" });
    await expect(overdue.getByRole("link", { name: lead.name, exact: true })).toBeVisible();
    await expect(overdue.locator(".badge", { hasText: /^Overdue$/ })).toBeVisible();
    // Call Now posts to the call check (decision 072), never a bare tel: link.
    await expect(overdue.getByRole("button", { name: `Call Now ${lead.name}` })).toBeVisible();

    // Add to calendar: the callback as an iCalendar file.
    const href = await overdue.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await file.text()).toContain(`SUMMARY:Call back ${lead.name}`);

    // A time already past is refused at its field; the notes stay.
    await overdue.getByRole("link", { name: `Reschedule the callback with ${lead.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reschedule Callback" });
    await dialog.getByLabel("New callback date and time").fill("2020-01-02T10:00");
    await dialog.getByLabel("Notes (optional)").fill("Wants the evening");
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await expect(dialog.getByText("Please choose a callback date and time that has not passed yet.")).toBeVisible();
    await expect(dialog.getByLabel("Notes (optional)")).toHaveValue("Wants the evening");

    // Tomorrow at 18:30: the callback leaves Overdue for Upcoming Callbacks, as Soon.
    await dialog.getByLabel("New callback date and time").fill(`${addDaysIso(todayIn(TIME_ZONE), 1)}T18:30`);
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await expect(page.locator("#toast-region")).toContainText("Callback Rescheduled");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Overdue (0)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upcoming Callbacks (1)" })).toBeVisible();
    const upcoming = page.getByRole("region", { name: "Upcoming Callbacks" });
    await expect(upcoming.getByRole("link", { name: lead.name, exact: true })).toBeVisible();
    await expect(upcoming.locator(".badge", { hasText: /^Soon$/ })).toBeVisible();
    await expect(upcoming.locator(".badge", { hasText: /^Rescheduled$/ })).toBeVisible();
    await expect(upcoming.getByText("6:30 PM")).toBeVisible();

    // A disposition from the row: contacted, and the call is off the list.
    const dueToday = page.getByRole("region", { name: "Due Today" });
    await dueToday.getByRole("link", { name: `Disposition of ${today.name}` }).click();
    const disposition = page.getByRole("dialog", { name: "Set Disposition" });
    await disposition.getByLabel("Status").selectOption("contacted");
    await disposition.getByRole("button", { name: "Update Status" }).click();
    await expect(page.locator("#toast-region")).toContainText("Disposition Updated");
    await expect(page.getByRole("heading", { name: "Due Today (0)" })).toBeVisible();
  });
}

test("the sidebar leads to Callbacks", async ({ page, agent: _signedIn }) => {
  await page.goto("/agent/dashboard");
  await page.locator('#sidebar a[href="/agent/callbacks"]').click();
  await expect(page).toHaveURL(/\/agent\/callbacks$/);
  await expect(page.getByRole("heading", { name: "Overdue (0)" })).toBeVisible();
});
