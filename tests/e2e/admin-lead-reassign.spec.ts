import { Application, Notification } from "~db";
import { expect, noJsAtPhoneWidth, test } from "./fixtures";

// Audit item 11 (decision 045): the lead dialog's Agent Assignment & Disposition has its own
// Reassign Agent select (part 1); an agent not licensed in the lead's state is flagged, asked
// about, then confirmed; the dialog stays open on the new agent. At a laptop's width and a phone's
// with JavaScript, and at the phone's without.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const size of WIDTHS) {
  test(`an admin reassigns a lead from inside its dialog, confirming an unlicensed state (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    admin,
    factory,
  }) => {
    await page.setViewportSize(size);
    const from = await factory.agent({ firstName: "Olive" });
    const to = await factory.agent({ firstName: "Nora" });
    const lead = await factory.lead(from, { firstName: "Wanda" });
    // Wyoming: a state neither agent's setup licenses them in.
    await Application.update({ state: "WY" }, { where: { id: lead.id } });
    void admin;

    await page.goto(`/admin/leads?dialog=lead&id=${lead.id}`);
    const dialog = page.getByRole("dialog", { name: "Lead Details" });
    const select = dialog.getByLabel("New agent");
    await expect(select).toBeVisible();
    // The current agent is not offered; the other is, flagged.
    await expect(select.locator("option", { hasText: from.name })).toHaveCount(0);
    await expect(select.locator("option", { hasText: to.name })).toContainText("not licensed in WY");
    const box = await select.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);

    await select.selectOption({
      label: (await select.locator("option", { hasText: to.name }).textContent())!.trim(),
    });
    await dialog.getByRole("button", { name: "Reassign", exact: true }).click();
    await expect(dialog.getByText(`${to.name} is not licensed in Wyoming`)).toBeVisible();
    expect((await Application.findByPk(lead.id))!.agentId).toBe(from.agentId);

    await dialog.getByRole("button", { name: "Reassign anyway" }).click();
    await expect(page.locator("#toast-region")).toContainText("Lead reassigned successfully");
    await expect.poll(async () => (await Application.findByPk(lead.id))!.agentId).toBe(to.agentId);
    // Still the lead's dialog, now on the new agent, who no longer appears among the choices.
    await expect(dialog.getByRole("heading", { name: "Agent Assignment & Disposition" })).toBeVisible();
    await expect(dialog.getByLabel("New agent").locator("option", { hasText: to.name })).toHaveCount(0);
    expect(await Notification.count({ where: { userId: to.id, type: "lead_assigned" } })).toBe(1);
  });
}
