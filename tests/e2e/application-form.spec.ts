import type { Page } from "@playwright/test";
import { Application } from "~db";
import { decrypt } from "~/utils/crypto.server";
import { agentChoiceLabel } from "../../app/domain/schemas/public-application";
import { expect, isNoJs, noJsAtPhoneWidth, signOut, startSession, test, type TestAgent, uniqueName } from "./fixtures";

// The public application form, with JavaScript and without (the Save as Draft test with it only;
// the licence test without it at the phone's width). Each test sends its application to an agent
// of its own, and every applicant gets a unique last name.

/** A control by its whole label; required labels end in a "*" that is hidden from screen readers. */
function field(label: string) {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`);
}

async function chooseAgent(page: Page, agent: TestAgent) {
  await page
    .getByLabel(field("Agent"))
    .selectOption({ label: agentChoiceLabel({ name: agent.name, licenseNumber: agent.licenseNumber }) });
}

function inFutureMonth() {
  const year = (new Date().getFullYear() + 2) % 100;
  return `08/${String(year).padStart(2, "0")}`;
}

/** Everything except the first name, which each test decides about (and the numbers, if told). */
async function fillApplication(page: Page, agent: TestAgent, lastName: string, { numbers = true } = {}) {
  await chooseAgent(page, agent);
  await page.getByLabel("Last name").fill(lastName);
  await page.getByLabel("Gender").selectOption("female");
  await page.getByLabel(field("Date of birth")).fill("1951-06-15");
  await page.getByLabel(field("Phone 1")).fill("(813) 555-0101");
  await page.getByLabel(field("Phone 2")).fill("(727) 555-0102");
  await page.getByLabel("Phone 2 type").selectOption("home");
  await page.getByLabel("I have an email address").check();
  await page.getByLabel(field("Email")).fill(`${lastName.toLowerCase()}@example.com`);
  await page.getByLabel(field("Address")).fill("12 Oak St");
  await page.getByLabel("City").fill("Tampa");
  await page.getByLabel(field("State")).selectOption("FL");
  await page.getByLabel("Zip code").fill("33601");
  await page.getByLabel("State born in").fill("Ohio");
  await page.getByLabel("Marital status").selectOption("widowed");
  await page.getByLabel("Height").fill("5'5\"");
  await page.getByLabel("Weight (lbs)").fill("150");
  if (numbers) await page.getByLabel("SSN").fill("123-45-6789");

  await page.getByLabel("Beneficiary 1 Name").fill("John Doe");
  await page.getByLabel(field("Beneficiary 1 Relationship")).selectOption("son");
  await page.getByLabel("Beneficiary 1 Percentage").fill("60");
  await page.getByLabel("Beneficiary 2 Name").fill("Vinny Gambini");
  await page.getByLabel(field("Beneficiary 2 Relationship")).selectOption("other");
  await page.getByLabel("Beneficiary 2 Relationship, please specify").fill("Godson");
  await page.getByLabel("Beneficiary 2 Percentage").fill("40");

  await page.getByLabel(field("No")).check();
  await page.getByLabel("Doctor name").fill("Dr. Smith");
  await page.getByLabel("Medications").fill("Lisinopril");

  await page.getByLabel("Carrier").selectOption({ label: "Aetna" });
  await page.getByLabel("Coverage amount ($)").fill("10000");
  await page.getByLabel("Monthly premium ($)").fill("45.67");

  await page.getByLabel("Payment method").selectOption("checking");
  await page.getByLabel("Bank name").fill("First Bank");
  if (numbers) {
    await page.getByLabel("Routing number").fill("021000021");
    await page.getByLabel("Account number").fill("000123456789");
  }
  await page.getByLabel(/I agree to be contacted/).check();
}

async function addRows(page: Page) {
  await page.getByRole("button", { name: "Add phone" }).click();
  await expect(page.getByLabel(field("Phone 2"))).toBeVisible();
  await page.getByRole("button", { name: "Add beneficiary" }).click();
  await expect(page.getByLabel("Beneficiary 2 Name")).toBeVisible();
}

test.describe("public application form", () => {
  test("a complete application with an added phone and beneficiary reaches the chosen agent @no-js", async ({
    page,
    factory,
  }, testInfo) => {
    const agent = await factory.agent();
    const lastName = uniqueName("Tester");
    await page.goto("/submitapplication");
    await expect(page.getByRole("heading", { name: "Insurance Application Form" })).toBeVisible();
    for (const section of [
      "Agent Assignment",
      "Personal Information",
      "Beneficiaries",
      "Medical Information",
      "Policy Information",
      "Payment Information",
    ]) {
      await expect(page.getByRole("heading", { name: section })).toBeVisible();
    }
    await expect(page.getByLabel("First draft date")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);

    // Typed values survive adding rows (a round trip without JavaScript).
    await page.getByLabel("First name").fill("Jane");
    await addRows(page);
    await expect(page.getByLabel("First name")).toHaveValue("Jane");

    await fillApplication(page, agent, lastName);
    if (!isNoJs(testInfo)) await page.getByRole("button", { name: "Save as Draft" }).click();
    await page.getByRole("button", { name: "Submit Application" }).click();

    await expect(page.getByText("Application submitted successfully")).toBeVisible();
    await expect(page.getByText("Your application has been sent to the selected agent")).toBeVisible();
    // The form starts afresh, and a saved draft is done with.
    await expect(page.getByLabel("First name")).toHaveValue("");
    await expect(page.getByLabel("Last name")).toHaveValue("");
    await expect(page.getByLabel(field("Phone 2"))).toHaveCount(0);
    if (!isNoJs(testInfo)) {
      await page.reload();
      await expect(page.getByLabel("First name")).toHaveValue("");
      await expect(page.getByText("Draft restored.")).toHaveCount(0);
    }

    await startSession(page, agent);
    await page.goto("/agent/dashboard");
    await expect(page).toHaveURL(/\/agent\/dashboard$/);
    const myLeads = page.locator("section").filter({ has: page.getByRole("heading", { name: "My Recent Leads" }) });
    await expect(myLeads.getByText(`Jane ${lastName}`)).toBeVisible();
    await signOut(page);

    await startSession(page, await factory.admin());
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const recent = page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Recent Leads", exact: true }) });
    await expect(recent.getByText(`Jane ${lastName}`)).toBeVisible();
  });

  test("a missing required field is named at the field and everything else stays typed @no-js", async ({
    page,
    factory,
  }, testInfo) => {
    const agent = await factory.agent();
    const lastName = uniqueName("Tester");
    await page.goto("/submitapplication");
    await addRows(page);
    await fillApplication(page, agent, lastName);
    await page.getByRole("button", { name: "Submit Application" }).click();

    await expect(page.getByText("First name is required").first()).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    // A field to fix, not a failed submission: the summary asks for the fix.
    await expect(page.getByText("Please correct the fields marked below.")).toBeVisible();
    await expect(page.getByText("Failed to submit application")).toHaveCount(0);
    await expect(page.getByLabel("Last name")).toHaveValue(lastName);
    await expect(page.getByLabel("City")).toHaveValue("Tampa");
    await expect(page.getByLabel(field("Phone 2"))).toHaveValue("(727) 555-0102");
    await expect(page.getByLabel("Beneficiary 2 Relationship, please specify")).toHaveValue("Godson");
    await expect(page.getByLabel("Bank name")).toHaveValue("First Bank");
    if (isNoJs(testInfo)) {
      // The server never writes the SSN or bank numbers back into the page.
      await expect(page.getByLabel("SSN")).toHaveValue("");
      await expect(page.getByLabel("Routing number")).toHaveValue("");
      expect(await page.content()).not.toContain("123-45-6789");
    }

    // Fixing the field (and re-typing what the server did not send back) submits.
    await page.getByLabel("First name").fill("Jane");
    await page.getByLabel("SSN").fill("123456789");
    await page.getByLabel("Routing number").fill("021000021");
    await page.getByLabel("Account number").fill("000123456789");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Application submitted successfully")).toBeVisible();
  });

  test("conditional fields: email, Other relationship, bank or card @no-js", async ({ page, factory }, testInfo) => {
    const agent = await factory.agent();
    await page.goto("/submitapplication");
    if (isNoJs(testInfo)) {
      // Without JavaScript everything is there, labelled with when it applies.
      await expect(page.getByLabel(field("Email"))).toBeVisible();
      await expect(page.getByText("Only if you ticked I have an email address.")).toBeVisible();
      await expect(page.getByLabel("Beneficiary 1 Relationship, please specify")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Bank account (for checking or savings)" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Card (for debit or credit)" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Save as Draft" })).toHaveCount(0);
      return;
    }
    await expect(page.getByLabel(field("Email"))).toHaveCount(0);
    await page.getByLabel("I have an email address").check();
    await expect(page.getByLabel(field("Email"))).toBeVisible();

    await expect(page.getByLabel("Beneficiary 1 Relationship, please specify")).toHaveCount(0);
    await page.getByLabel(field("Beneficiary 1 Relationship")).selectOption("other");
    await expect(page.getByLabel("Beneficiary 1 Relationship, please specify")).toBeVisible();

    await expect(page.getByLabel("Routing number")).toHaveCount(0);
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await page.getByLabel("Payment method").selectOption("savings");
    await expect(page.getByLabel("Routing number")).toBeVisible();
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await page.getByLabel("Payment method").selectOption("credit");
    await expect(page.getByLabel("Card number")).toBeVisible();
    await expect(page.getByLabel("Routing number")).toHaveCount(0);

    // The consent names the chosen agent.
    await chooseAgent(page, agent);
    await expect(page.getByText(`by my selected agent, ${agent.name}, and Agency CRM`)).toBeVisible();

    // A card expiry in the wrong shape is caught at the field when the form is sent (not on blur,
    // which would move the button from under the click), and the message goes as it is fixed.
    await page.getByLabel("Card expiry (MM/YY)").fill("8/2030");
    await page.getByLabel("CVV").click();
    await expect(page.getByText("Card expiry must be MM/YY")).toHaveCount(0);
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Card expiry must be MM/YY").first()).toBeVisible();
    await page.getByLabel("Card expiry (MM/YY)").fill(inFutureMonth());
    await expect(page.getByText("Card expiry must be MM/YY")).toHaveCount(0);
  });

  // Drafts live in the browser's storage, so this runs with JavaScript only (no @no-js in its title).
  test("Save as Draft keeps entries on this device, never the SSN, bank or card numbers", async ({ page }) => {
    await page.goto("/submitapplication");
    await page.getByLabel("First name").fill("Drafty");
    await page.getByLabel("City").fill("Orlando");
    await page.getByLabel("SSN").fill("987654321");
    await page.getByRole("button", { name: "Add phone" }).click();
    await page.getByLabel(field("Phone 2")).fill("(407) 555-0199");
    await page.getByLabel("Payment method").selectOption("debit");
    await page.getByLabel("Card number").fill("4111111111111111");
    await page.getByLabel("Medications").fill("Warfarin 5 mg");
    await expect(
      page.getByText(
        "Drafts are kept on this device only and never include SSN, bank or card numbers or health details.",
      ),
    ).toBeVisible();
    await page.getByRole("button", { name: "Save as Draft" }).click();
    await expect(page.getByText("Draft saved on this device.")).toBeVisible();

    const stored = await page.evaluate(() => window.localStorage.getItem("agency-crm:application-draft"));
    expect(stored).toContain("Drafty");
    expect(stored).not.toContain("987654321");
    expect(stored).not.toContain("4111111111111111");
    expect(stored).not.toContain("Warfarin");

    await page.reload();
    await expect(page.getByText("Draft restored.")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Drafty");
    await expect(page.getByLabel("City")).toHaveValue("Orlando");
    await expect(page.getByLabel(field("Phone 2"))).toHaveValue("(407) 555-0199");
    await expect(page.getByLabel("SSN")).toHaveValue("");
    await expect(page.getByLabel("Card number")).toHaveValue("");

    await page.getByRole("button", { name: "Discard draft" }).click();
    await expect(page.getByLabel("First name")).toHaveValue("");
    expect(await page.evaluate(() => window.localStorage.getItem("agency-crm:application-draft"))).toBeNull();
  });

  test("adding rows keeps the SSN and bank numbers typed, and comes back to the rows @no-js", async ({
    page,
    factory,
  }, testInfo) => {
    const agent = await factory.agent();
    const lastName = uniqueName("Kept");
    await page.goto("/submitapplication");
    await page.getByLabel("First name").fill("Jane");
    await page.getByLabel("SSN").fill("123-45-6789");
    if (!isNoJs(testInfo)) await page.getByLabel("Payment method").selectOption("checking");
    await page.getByLabel("Routing number").fill("021000021");
    await page.getByLabel("Account number").fill("000123456789");

    await page.getByRole("button", { name: "Add phone" }).click();
    await expect(page.getByLabel(field("Phone 2"))).toBeVisible();
    await expect(page.locator("#phones")).toBeInViewport();
    await page.getByRole("button", { name: "Add beneficiary" }).click();
    await expect(page.getByLabel("Beneficiary 2 Name")).toBeVisible();
    await expect(page.locator("#beneficiaries")).toBeInViewport();
    await expect(page.getByLabel("First name")).toHaveValue("Jane");

    if (isNoJs(testInfo)) {
      // Two round trips to the server: each answer lands back at the rows it changed.
      await expect(page).toHaveURL(/\/submitapplication#beneficiaries$/);
      // The numbers are kept, sealed, and never written into the page.
      await expect(page.getByLabel("SSN")).toHaveValue("");
      await expect(page.getByText("Kept: ending 6789. Leave it empty to keep it").first()).toBeVisible();
      await expect(page.getByText("Kept: ending 0021. Leave it empty to keep it")).toBeVisible();
      const html = await page.content();
      for (const plain of ["123-45-6789", "123456789", "021000021", "000123456789"]) expect(html).not.toContain(plain);
    } else {
      // With JavaScript the rows are added in place and the boxes simply keep their text.
      await expect(page.getByLabel("SSN")).toHaveValue("123-45-6789");
    }

    await fillApplication(page, agent, lastName, { numbers: false });
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Application submitted successfully")).toBeVisible();

    const lead = await Application.findOne({ where: { lastName } });
    expect(lead).not.toBeNull();
    expect(decrypt(lead!.ssnEncrypted!)).toBe("123456789");
    expect(decrypt(lead!.routingNumberEncrypted!)).toBe("021000021");
    expect(decrypt(lead!.accountNumberEncrypted!)).toBe("000123456789");
  });

  // Audit item 17: the form offers only agents whose setup is complete, and an agent may take a
  // prospect only in a state they are licensed in.
  for (const width of [390, 1280]) {
    test(`at ${width} px: agents in setup are not offered, and an agent not licensed in the prospect's state is refused at the agent field${noJsAtPhoneWidth(width)}`, async ({
      page,
      factory,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const floridaOnly = await factory.agent();
      const alabama = await factory.agent({ licensedStates: ["AL"] });
      const inSetup = await factory.agent({ setupComplete: false });
      const lastName = uniqueName("Licence");
      const message = "The selected agent is not licensed in Alabama. Please choose an agent licensed there.";
      await page.goto("/submitapplication");
      const agentSelect = page.getByLabel(field("Agent"));
      const optionOf = (agent: TestAgent) => agentSelect.locator("option", { hasText: agent.name });
      await expect(optionOf(floridaOnly)).toHaveCount(1);
      await expect(optionOf(inSetup)).toHaveCount(0);

      await page.getByLabel("First name").fill("Jane");
      await addRows(page);
      await fillApplication(page, floridaOnly, lastName);
      await page.getByLabel(field("State")).selectOption("AL");
      if (!isNoJs(testInfo)) {
        // Picking the state marks the agents who cannot sell there, and says so under the choice made.
        await expect(optionOf(floridaOnly)).toHaveText(/\(not licensed in AL\)$/);
        await expect(optionOf(alabama)).not.toHaveText(/not licensed/);
        await expect(agentSelect).toHaveAccessibleDescription(message);
      }
      await page.getByRole("button", { name: "Submit Application" }).click();

      await expect(agentSelect).toHaveAttribute("aria-invalid", "true");
      await expect(agentSelect).toHaveAccessibleDescription(message);
      await expect(agentSelect).toHaveValue(floridaOnly.agentId);
      await expect(page.getByLabel("Last name")).toHaveValue(lastName);
      await expect(page.getByLabel(field("State"))).toHaveValue("AL");
      await expect(optionOf(floridaOnly)).toHaveText(/\(not licensed in AL\)$/);
      if (isNoJs(testInfo)) {
        // The server kept the numbers, sealed, for whichever agent is chosen next.
        await expect(page.getByLabel("SSN")).toHaveValue("");
        await expect(page.getByText("Kept: ending 6789. Leave it empty to keep it").first()).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await Application.count({ where: { lastName } })).toBe(0);

      // Another agent, licensed there; nothing is typed again.
      await agentSelect.selectOption(alabama.agentId);
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect(page.getByText("Application submitted successfully")).toBeVisible();
      const lead = (await Application.findOne({ where: { lastName } }))!;
      expect(lead.agentId).toBe(alabama.agentId);
      expect(lead.state).toBe("AL");
      expect(decrypt(lead.ssnEncrypted!)).toBe("123456789");
    });
  }
});
