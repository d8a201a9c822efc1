import type { Page } from "@playwright/test";
import { Application, LicensedState, Notification } from "~db";
import { AXE_WIDTHS, seriousViolations, seriousViolationsWithoutJs } from "./axe";
import { expect, isNoJs, test, type Factory, type TestAgent } from "./fixtures";
import { servedDocument } from "./no-js-copy";

// The admin's Reassign Lead dialog on All Leads, JavaScript on and off (the two projects): one lead
// from its row's Reassign to a licensed agent, then three ticked rows at once (Reassign selected)
// to an agent who lacks one lead's state, confirmed in the dialog's second step. Rows are the
// test's own.

const agentOf = async (id: string) => (await Application.findByPk(id, { attributes: ["agentId"], raw: true }))!.agentId;

/** A lead of `owner` in `state` (the factory's saleable lead is in Florida). */
async function leadIn(factory: Factory, owner: TestAgent, state: string) {
  const lead = await factory.saleableLead(owner);
  await Application.update({ state }, { where: { id: lead.id } });
  return lead;
}

function reassignDialog(page: Page, name: string | RegExp) {
  return page.getByRole("dialog", { name });
}

test.describe("reassigning leads", () => {
  test("one lead goes to another approved agent; the current, paused and pending agents are not offered @no-js", async ({
    page,
    admin: _signedIn,
    factory,
  }, testInfo) => {
    const current = await factory.agent();
    const next = await factory.agent({ firstName: "Nina" });
    const paused = await factory.agent({ status: "paused" });
    const pending = await factory.pendingAgent();
    const lead = await factory.saleableLead(current);

    await page.goto(`/admin/leads?agentId=${current.agentId}`);
    await page.getByRole("link", { name: `Reassign ${lead.name}` }).click();
    const dialog = reassignDialog(page, "Reassign Lead");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(lead.name)).toBeVisible();
    await expect(dialog.getByText(`FL · currently ${current.name}`)).toBeVisible();
    const select = dialog.getByLabel("New agent");
    await expect(select.locator(`option[value="${next.agentId}"]`)).toHaveCount(1);
    for (const absent of [current, paused, pending]) {
      await expect(select.locator(`option[value="${absent.agentId}"]`)).toHaveCount(0);
    }

    const reassign = dialog.getByRole("button", { name: "Reassign", exact: true });
    if (isNoJs(testInfo)) {
      // Without JavaScript the button cannot wait for a choice: the server answers at the field.
      await reassign.click();
      await expect(reassignDialog(page, "Reassign Lead").getByText("Please select an agent")).toBeVisible();
    } else {
      await expect(reassign).toBeDisabled();
    }
    await reassignDialog(page, "Reassign Lead").getByLabel("New agent").selectOption(next.agentId);
    await reassignDialog(page, "Reassign Lead").getByRole("button", { name: "Reassign", exact: true }).click();

    await expect(page.getByText("Lead reassigned successfully")).toBeVisible();
    await expect(page.getByText("The lead has been assigned to the new agent")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`highlight=${lead.id}`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await agentOf(lead.id)).toBe(next.agentId);
    expect(
      await Notification.count({ where: { userId: next.id, applicationId: lead.id, type: "lead_assigned" } }),
    ).toBe(1);
  });

  test("three leads at once: an agent without Texas is flagged, then confirmed with Reassign anyway @no-js", async ({
    page,
    admin: _signedIn,
    factory,
  }, testInfo) => {
    // One axe check (without JavaScript, on a copy in a fresh context).
    test.slow();
    const current = await factory.agent();
    const next = await factory.agent({ firstName: "Flora" });
    const leads = [
      await leadIn(factory, current, "FL"),
      await leadIn(factory, current, "TX"),
      await leadIn(factory, current, "FL"),
    ];
    // Florida is the factory agent's state; Flora has no Texas licence.
    expect(await LicensedState.count({ where: { agentId: next.agentId, state: "TX" } })).toBe(0);

    // Ticked on the list (a GET form: ?dialog=reassign&ids=…&ids=…), filtered to the current agent.
    await page.goto(`/admin/leads?agentId=${current.agentId}`);
    for (const lead of leads) await page.getByRole("checkbox", { name: `Select ${lead.name}` }).check();
    await page.getByRole("button", { name: "Reassign selected" }).click();
    const dialog = reassignDialog(page, "Reassign 3 Leads");
    await expect(dialog).toBeVisible();
    for (const lead of leads) await expect(dialog.getByText(lead.name)).toBeVisible();
    // A phone's closed select shows only an option's start: the note comes before the email (audit item 23).
    await expect(
      dialog.getByRole("option", { name: new RegExp(`^${next.name} · not licensed in TX \\(`) }),
    ).toHaveCount(1);
    await dialog.getByLabel("New agent").selectOption(next.agentId);
    if (!isNoJs(testInfo)) {
      await expect(dialog.getByText("Not licensed in Texas: you will be asked to confirm.")).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Reassign", exact: true }).click();

    const asked = reassignDialog(page, "Reassign 3 Leads");
    await expect(
      asked.getByText(
        `${next.name} is not licensed in Texas, where 1 of these 3 leads lives. Confirm to reassign anyway.`,
      ),
    ).toBeVisible();
    await expect(asked.getByLabel("New agent")).toHaveValue(next.agentId);
    for (const lead of leads) expect(await agentOf(lead.id)).toBe(current.agentId);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page), "the confirmation at 390 px").toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await asked.getByRole("button", { name: "Reassign anyway" }).click();
    await expect(page.getByText("Leads reassigned successfully")).toBeVisible();
    await expect(page.getByText(`3 leads have been assigned to ${next.name}`)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    for (const lead of leads) expect(await agentOf(lead.id)).toBe(next.agentId);
  });

  test("the dialog has no critical or serious axe violation at 390 and 1280 px, with JavaScript and without", async ({
    page,
    admin: _signedIn,
    factory,
  }) => {
    // Eight axe checks: each dialog at both widths, with JavaScript and on the served document.
    test.slow();
    const current = await factory.agent();
    await factory.agent();
    const leads = [await factory.saleableLead(current), await factory.saleableLead(current)];
    for (const ids of [leads[0]!.id, leads.map((lead) => lead.id).join(",")]) {
      const path = `/admin/leads?dialog=reassign&ids=${ids}`;
      const served = await servedDocument(page, path);
      await page.goto(path);
      await expect(page.getByRole("dialog")).toBeVisible();
      for (const size of AXE_WIDTHS) {
        await page.setViewportSize(size);
        expect(await seriousViolations(page), `${path} at ${size.width} px`).toEqual([]);
      }
      expect(await seriousViolationsWithoutJs(page, served), `${path} without JavaScript`).toEqual([]);
    }
  });
});
