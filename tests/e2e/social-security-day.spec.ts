import type { Page } from "@playwright/test";
import { Application } from "~db";
import { formatWeekdayDate } from "../../app/domain/format";
import { addDaysIso } from "../../app/domain/periods";
import { draftDateBounds } from "../../app/domain/schemas/application-fields";
import { agentChoiceLabel } from "../../app/domain/schemas/public-application";
import { socialSecurityDayOnOrAfter, socialSecurityDays } from "../../app/domain/social-security-days";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, test, type TestAgent, uniqueName } from "./fixtures";

// Issue 26 item 6 (decision 078): the public application offers the Social Security day for a
// client born on the 5th. With JavaScript the hint follows the date of birth as it is typed;
// without, the general rule shows until the first post comes back, and the server moves the first
// draft date either way.

const BORN = "1950-03-05";
const RULE_5TH = "Born on the 5th: Social Security pays on the second Wednesday of each month";

function field(label: string) {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`);
}

/** Everything but the first name (a post without it comes back as typed, with the hint). */
async function fillApplication(page: Page, agent: TestAgent, lastName: string) {
  await page
    .getByLabel(field("Agent"))
    .selectOption({ label: agentChoiceLabel({ name: agent.name, licenseNumber: agent.licenseNumber }) });
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel(field("Phone 1")).fill("(813) 555-0101");
  await page.getByLabel(field("Address")).fill("12 Oak St");
  await page.getByLabel("City").fill("Tampa");
  await page.getByLabel(field("State")).selectOption("FL");
  await page.getByLabel("Zip code").fill("33601");
  await page.getByLabel("State born in").fill("Ohio");
  await page.getByLabel("Marital status").selectOption("widowed");
  await page.getByLabel("Height").fill("5'5\"");
  await page.getByLabel("Weight (lbs)").fill("150");
  await page.getByLabel("SSN").fill("123-45-6789");
  await page.getByLabel("Beneficiary 1 Name").fill("John Doe");
  await page.getByLabel(field("Beneficiary 1 Relationship")).selectOption("son");
  await page.getByLabel(field("No")).check();
  await page.getByLabel("Carrier").selectOption({ label: "Aetna" });
  await page.getByLabel("Coverage amount ($)").fill("10000");
  await page.getByLabel("Monthly premium ($)").fill("45.67");
  await page.getByLabel("Payment method").selectOption("checking");
  await page.getByLabel(/I agree to be contacted/).check();
}

test.describe("the public application's Social Security day", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: a client born on the 5th is offered the second Wednesday, and the first draft moves to it${noJsAtPhoneWidth(width)}`, async ({
      page,
      factory,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const agent = await factory.agent();
      const lastName = uniqueName("Social");
      const chosen = addDaysIso(draftDateBounds().today, 40);
      const firstDraft = socialSecurityDayOnOrAfter(BORN, chosen);
      const { tomorrow } = draftDateBounds();
      const nextDays = socialSecurityDays(BORN, tomorrow, 3).map(formatWeekdayDate).join(" · ");

      await page.goto("/submitapplication");
      const box = page.getByLabel("Draft on my Social Security day");
      await expect(box).not.toBeChecked();
      // Before a date of birth the rule for everyone, described by the box.
      await expect(box).toHaveAccessibleDescription(/second, third or fourth Wednesday of the month/);

      await fillApplication(page, agent, lastName);
      await page.getByLabel(field("Date of birth")).fill(BORN);
      await page.getByLabel("First draft date").fill(chosen);
      await box.check();
      if (!isNoJs(testInfo)) {
        // The hint follows the date of birth as it is typed.
        await expect(box).toHaveAccessibleDescription(new RegExp(RULE_5TH));
        await expect(page.getByText(`Next Social Security days: ${nextDays}`)).toBeVisible();
        await expect(
          page.getByText(
            `First draft: ${formatWeekdayDate(firstDraft)}, the first Social Security day on or after the first draft date.`,
          ),
        ).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      }

      // Without the first name the post comes back as typed: without JavaScript, with the hint now.
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
      await expect(box).toBeChecked();
      await expect(box).toHaveAccessibleDescription(new RegExp(RULE_5TH));
      await expect(page.getByText(`Next Social Security days: ${nextDays}`)).toBeVisible();
      await expect(page.getByText(`First draft: ${formatWeekdayDate(firstDraft)}`)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.getByText(RULE_5TH).scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, `social-security-day-${width}-${isNoJs(testInfo) ? "no-js" : "js"}`);

      await page.getByLabel("First name").fill("Jane");
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect(page.getByText("Application submitted successfully")).toBeVisible();
      const lead = (await Application.findOne({ where: { lastName } }))!;
      expect(lead.draftOnSocialSecurityDay).toBe(true);
      expect(lead.firstDraftDate).toBe(firstDraft);
    });
  }
});
