import type { Page } from "@playwright/test";
import { Notification } from "~db";
import { applicationPayload, carrierId } from "../support/application-factories";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, test } from "./fixtures";

// Issue 10, item 9: the notification bell in the header, with JavaScript (a menu) at a phone's
// width and a laptop's, and without (a link to the /notifications page and its forms) at the
// phone's.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** The bell: a button that opens the menu with JavaScript, a link to /notifications without. */
function bell(page: Page, noJs: boolean) {
  return page.getByRole(noJs ? "link" : "button", { name: /^Notifications(, \d+\+? unread)?$/ });
}

/** Opens the list: the menu with JavaScript, the page without. Answers where the list is. */
async function openList(page: Page, noJs: boolean) {
  await bell(page, noJs).click();
  if (noJs) {
    await expect(page).toHaveURL(/\/notifications$/);
    return page.getByRole("main");
  }
  const menu = page.getByRole("dialog", { name: "Notifications" });
  await expect(menu).toBeVisible();
  return menu;
}

async function notify(userId: string, rows: { title: string; isRead?: boolean }[]) {
  await Notification.bulkCreate(
    rows.map((row, i) => ({
      userId,
      type: i % 2 ? "retention_reminder" : "other",
      title: row.title,
      message: `About ${row.title}`,
      isRead: row.isRead ?? false,
      createdAt: new Date(Date.now() - i * 60_000),
    })),
  );
}

test.describe("notification bell", () => {
  for (const size of WIDTHS) {
    test(`a fresh public application's new-lead notification is in the agent's bell; choosing it opens the lead (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
      page,
      agent,
      factory,
      openBrowser,
    }, testInfo) => {
      const noJs = isNoJs(testInfo);
      await page.setViewportSize(size);
      const admin = await factory.admin();

      // A prospect sends the public application to this agent.
      const payload = applicationPayload(agent.agentId, await carrierId());
      const answer = await page.request.post("/api/public/applications", { data: payload });
      expect(answer.status()).toBe(201);
      const { id } = (await answer.json()) as { id: string };
      const prospect = `${payload.firstName} ${payload.lastName}`;

      await page.goto("/agent/dashboard");
      await expect(bell(page, noJs)).toHaveAccessibleName("Notifications, 1 unread");
      await expect(bell(page, noJs)).toContainText("1");

      const list = await openList(page, noJs);
      const item = list.getByRole("button", { name: new RegExp(`^Unread: New lead.*${prospect}`) });
      await expect(item).toContainText(`${prospect} submitted an application.`);
      await item.click();
      // The lead's page (issue 10, another item) answers at /applications/{id}.
      await expect(page).toHaveURL(new RegExp(`/applications/${id}$`));

      // It is read now, and the badge is gone.
      await page.goto("/notifications");
      await expect(bell(page, noJs)).toHaveAccessibleName("Notifications");
      await expect(page.getByRole("main").getByRole("button", { name: /^New lead/ })).toContainText(prospect);
      await expect(page.getByRole("main").getByText("Unread:")).toHaveCount(0);

      // Every administrator was told too, naming the agent.
      const adminPage = await openBrowser({ as: admin });
      await adminPage.setViewportSize(size);
      await adminPage.goto("/admin/dashboard");
      // (Other tests' applications, running alongside, reach every administrator as well.)
      await expect(bell(adminPage, noJs)).toHaveAccessibleName(/^Notifications, \d+ unread$/);
      const adminList = await openList(adminPage, noJs);
      await expect(adminList.getByRole("button", { name: new RegExp(`^Unread: New lead.*${prospect}`) })).toContainText(
        `${prospect} submitted an application for ${agent.name}.`,
      );
    });

    test(`Mark all read clears the badge and Clear all empties the list (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
      page,
      agent,
    }, testInfo) => {
      const noJs = isNoJs(testInfo);
      await page.setViewportSize(size);
      await notify(agent.id, [
        { title: "Policy lapse soon" },
        { title: "Welcome aboard" },
        { title: "Old", isRead: true },
      ]);

      await page.goto("/agent/dashboard");
      await expect(bell(page, noJs)).toHaveAccessibleName("Notifications, 2 unread");
      let list = await openList(page, noJs);
      await expect(list.getByRole("button", { name: /^Unread: / })).toHaveCount(2);
      await expect(list.getByRole("button", { name: /^Old/ })).toBeVisible();

      await list.getByRole("button", { name: "Mark all read" }).click();
      await expect(page.getByText("All notifications marked as read")).toBeVisible();
      await expect(bell(page, noJs)).toHaveAccessibleName("Notifications");
      await expect(list.getByRole("button", { name: /^Unread: / })).toHaveCount(0);
      await expect(list.getByRole("button", { name: /^Policy lapse soon/ })).toBeVisible();

      if (noJs) {
        // The page asks first, in a dialog addressed by the URL.
        await list.getByRole("link", { name: "Clear all" }).click();
        const confirm = page.getByRole("dialog", { name: "Clear all notifications" });
        await expect(confirm).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await confirm.getByRole("button", { name: "Clear all" }).click();
        await expect(page).toHaveURL(/\/notifications$/);
      } else {
        // Clear all in the menu deletes them and closes it (part 1, section 2).
        await list.getByRole("button", { name: "Clear all" }).click();
        await expect(list).toBeHidden();
        await expect(bell(page, noJs)).toBeFocused();
        await expect(page).toHaveURL(/\/agent\/dashboard$/);
        list = await openList(page, noJs);
      }
      await expect(page.getByText("All notifications cleared")).toBeVisible();
      await expect(list.getByText("No notifications")).toBeVisible();
      expect(await Notification.count({ where: { userId: agent.id } })).toBe(0);
    });
  }

  test("the badge and the bell's name say 99+ above 99 @no-js", async ({ page, admin }, testInfo) => {
    await notify(
      admin.id,
      Array.from({ length: 120 }, (_, i) => ({ title: `Reminder ${i}` })),
    );
    await page.goto("/admin/dashboard");
    const button = bell(page, isNoJs(testInfo));
    await expect(button).toHaveAccessibleName("Notifications, 99+ unread");
    await expect(button).toHaveText("99+");
    // The list is the latest 20.
    const list = await openList(page, isNoJs(testInfo));
    await expect(list.getByRole("button", { name: /^Unread: Reminder/ })).toHaveCount(20);
    await expect(list.getByRole("button", { name: /^Unread: Reminder 0\b/ })).toBeVisible();
  });

  test("the menu works from the keyboard: Enter opens it, Tab reaches its actions, Escape closes it", async ({
    page,
    agent,
  }) => {
    await notify(agent.id, [{ title: "Keyboard note" }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/agent/dashboard");
    const button = bell(page, false);
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Notifications" });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeFocused();
    await expect(menu.getByRole("button", { name: /^Unread: Keyboard note/ })).toBeVisible();

    // Within the screen at 390 px, and axe finds nothing critical or serious in it.
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press("Tab");
    await expect(menu.getByRole("button", { name: "Mark all read" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // A click elsewhere closes it too.
    await button.click();
    await expect(menu).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).toBeHidden();
  });
});
