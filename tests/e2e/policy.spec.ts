import { Application, PaymentTracking } from "~db";
import { todayIn } from "~/domain/periods";
import { createSoldPolicy } from "../support/retention-factories";
import { seriousViolations } from "./axe";
import { expect, noJsAtPhoneWidth, screenshot, test, uniqueName, waitForHydration } from "./fixtures";

// Issue 26 item 1-2 as an agent meets it (decision 074): a sale's policy moved to Issued from the
// lead's page (refused without its number first, the message at the field, then saved with it),
// and another sale declined from My Leads' row action, its unpaid months cancelled. JavaScript on
// at 1280 px, off at 390 px.

for (const width of [390, 1280]) {
  test(`an agent issues one policy from its page and declines another from My Leads (${width} px)${noJsAtPhoneWidth(width)}`, async ({
    page,
    agent,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const today = todayIn("America/New_York");
    const issued = await createSoldPolicy(agent.agentId, { firstDue: today, lastName: uniqueName("Issue") });
    const declined = await createSoldPolicy(agent.agentId, { firstDue: today, lastName: uniqueName("Decline") });
    const number = `FE-${Date.now() % 100_000_000}-${width}`;

    await page.goto(`/applications/${issued.id}`);
    const policy = page.getByRole("region", { name: "Policy Status" });
    await expect(policy.getByText("Submitted", { exact: true }).first()).toBeVisible();
    await policy.getByRole("link", { name: "Update Policy" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Policy" });
    await waitForHydration(page);
    await dialog.getByRole("combobox", { name: "Policy status" }).selectOption("issued");
    await dialog.getByRole("button", { name: "Save Policy" }).click();
    await expect(dialog.getByText("Please enter the policy number the carrier issued.")).toBeVisible();
    await expect(dialog.getByRole("combobox", { name: "Policy status" })).toHaveValue("issued");
    expect(await seriousViolations(page), "Update Policy with its messages").toEqual([]);
    await dialog.getByRole("textbox", { name: "Policy number" }).fill(number);
    await dialog.getByLabel("Issue date").fill(today);
    await dialog.getByRole("textbox", { name: "Notes" }).fill("Approved as applied");
    await dialog.getByRole("button", { name: "Save Policy" }).click();
    await expect(page.getByText("Policy updated")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(policy.getByText(number, { exact: true })).toBeVisible();
    await expect(policy.getByText("Approved as applied")).toBeVisible();
    await screenshot(page, testInfo, `policy-issued-${width}`);
    expect((await Application.findByPk(issued.id))!.policyStatus).toBe("issued");

    await page.goto(`/agent/leads?status=sale&search=${encodeURIComponent(declined.name.split(" ")[1]!)}`);
    await page.getByRole("link", { name: `Policy of ${declined.name}` }).click();
    await waitForHydration(page);
    await dialog.getByRole("combobox", { name: "Policy status" }).selectOption("declined");
    await dialog.getByRole("textbox", { name: "Notes" }).fill("Declined by underwriting");
    await dialog.getByRole("button", { name: "Save Policy" }).click();
    await expect(page.getByText("Policy updated")).toBeVisible();
    await expect(
      page.getByRole("dialog", { name: "Lead Details" }).getByRole("region", { name: "Policy Status" }),
    ).toContainText("Declined");
    const months = await PaymentTracking.findAll({ where: { applicationId: declined.id }, raw: true });
    expect(months.map((month) => month.status)).toEqual(Array(9).fill("cancelled"));
  });
}
