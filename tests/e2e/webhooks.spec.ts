import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { seriousViolations } from "./axe";
import { expect, isNoJs, noJsAtPhoneWidth, screenshot, test } from "./fixtures";

// Issue 27 item 6: an admin adds a webhook endpoint and sees its signing secret once, an agent's
// approval reaches a receiver on localhost signed with that secret, the endpoint's log shows the
// delivery, and the endpoint is deleted; at a laptop's width and a phone's, with JavaScript and
// (at the phone's) without; no serious accessibility finding.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

type Received = { signature: string; body: string };

/** A receiver on localhost that answers 200 to every post and keeps what came. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        signature: String(request.headers["x-agency-signature"]),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/${crypto.randomBytes(4).toString("hex")}`;
  return { url, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

for (const size of WIDTHS) {
  test(`an admin adds an endpoint, sees its secret once, a signed event arrives and shows in the log; edits, pauses and resumes it (${size.width} px)${noJsAtPhoneWidth(size.width)}`, async ({
    page,
    factory,
    admin: _signedIn,
  }, testInfo) => {
    test.slow();
    const noJs = isNoJs(testInfo);
    await page.setViewportSize(size);
    const receiver = await startReceiver();
    try {
      await page.goto("/admin/webhooks");
      await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Add Endpoint" }).click();
      await expect(page).toHaveURL(/dialog=add/);
      const add = page.getByRole("dialog", { name: "Add Endpoint" });
      await add.getByLabel("Endpoint URL").fill("ftp://example.test/hooks");
      await add.getByLabel("Description (optional)").fill("Dialer");
      await add.getByRole("button", { name: "Add Endpoint" }).click();
      // The messages at the fields, what was typed kept, the dialog still open.
      await expect(add.getByText("URL must be a full http:// or https:// address")).toBeVisible();
      await expect(add.getByText("Choose at least one event")).toBeVisible();
      await expect(add.getByLabel("Description (optional)")).toHaveValue("Dialer");
      expect(await seriousViolations(page), `Add Endpoint at ${size.width} px`).toEqual([]);
      await add.getByLabel("Endpoint URL").fill(receiver.url);
      await add.getByRole("checkbox", { name: /agent\.approved/ }).check();
      await add.getByRole("button", { name: "Add Endpoint" }).click();

      await expect(page.getByText("Endpoint added successfully")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      const banner = page.getByRole("region", { name: `Signing secret for ${receiver.url}` });
      const secretField = banner.getByRole("textbox", { name: "Signing secret" });
      await expect(secretField).toHaveAttribute("readonly", "");
      const secret = await secretField.inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
      await expect(page).not.toHaveURL(/whsec_/);
      const row = page.getByRole("region", { name: "Webhook endpoints" }).locator("tr", { hasText: receiver.url });
      await expect(row).toContainText("agent.approved");
      await expect(row).toContainText("Dialer");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      expect(await seriousViolations(page), `/admin/webhooks with the secret at ${size.width} px`).toEqual([]);
      await screenshot(page, testInfo, `webhooks-secret-${size.width}`);

      // Loaded again, the secret is gone for good.
      await page.goto("/admin/webhooks");
      await expect(row).toBeVisible();
      await expect(banner).toHaveCount(0);
      expect(await page.content()).not.toContain(secret);

      // An agent approved by the API: the event reaches the receiver, signed with the secret.
      const pending = await factory.pendingAgent();
      const approved = await page.request.post(`/api/admin/agents/${pending.agentId}/approve`, { data: {} });
      expect(approved.status()).toBe(200);
      // Other tests' approvals reach this endpoint too (it listens to every agent.approved): ours is found by its agent.
      const ours = () =>
        receiver.received.find(
          (request) => (JSON.parse(request.body) as { data: { agentId?: string } }).data.agentId === pending.agentId,
        );
      await expect.poll(() => Boolean(ours()), { timeout: 20_000 }).toBe(true);
      const delivery = ours()!;
      const t = /t=(\d+)/.exec(delivery.signature)![1];
      const expected = crypto.createHmac("sha256", secret).update(`${t}.${delivery.body}`).digest("hex");
      expect(delivery.signature).toBe(`t=${t},v1=${expected}`);
      const event = JSON.parse(delivery.body) as { id: string; type: string };
      expect(event.type).toBe("agent.approved");

      // The endpoint's log shows it delivered.
      await row.getByRole("link", { name: `Delivery log of ${receiver.url}` }).click();
      await expect(page).toHaveURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
      const logRow = page.getByRole("region", { name: "Deliveries" }).locator("tr", { hasText: event.id });
      await expect(async () => {
        await page.reload();
        await expect(logRow).toContainText("Delivered", { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(logRow).toContainText("HTTP 200");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      expect(await seriousViolations(page), `the delivery log at ${size.width} px`).toEqual([]);
      await screenshot(page, testInfo, `webhooks-log-${size.width}`);
      await page.getByRole("link", { name: "Delivered" }).click();
      await expect(page).toHaveURL(/status=delivered/);
      await expect(logRow).toBeVisible();

      // Edited: its fields filled in; a bad URL refused at the field with the rest kept; saved.
      await page.getByRole("link", { name: "Back to the endpoints" }).click();
      await row.getByRole("link", { name: `Edit ${receiver.url}` }).click();
      const editing = page.getByRole("dialog", { name: "Edit Endpoint" });
      await expect(editing.getByLabel("Endpoint URL")).toHaveValue(receiver.url);
      await expect(editing.getByRole("checkbox", { name: /agent\.approved/ })).toBeChecked();
      await editing.getByLabel("Description (optional)").fill("Dialer, second line");
      await editing.getByLabel("Endpoint URL").fill("not a url");
      await editing.getByRole("button", { name: "Save Changes" }).click();
      await expect(editing.getByText("URL must be a full http:// or https:// address")).toBeVisible();
      await expect(editing.getByLabel("Description (optional)")).toHaveValue("Dialer, second line");
      expect(await seriousViolations(page), `Edit Endpoint at ${size.width} px`).toEqual([]);
      await editing.getByLabel("Endpoint URL").fill(receiver.url);
      await editing.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Endpoint updated successfully")).toBeVisible();
      await expect(row).toContainText("Dialer, second line");

      // Paused, then resumed, from the row.
      await expect(row.getByText("Active", { exact: true })).toBeVisible();
      await row.getByRole("button", { name: `Pause ${receiver.url}` }).click();
      await expect(page.getByText("Endpoint paused")).toBeVisible();
      await expect(row.getByText("Paused", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await screenshot(page, testInfo, `webhooks-paused-${size.width}`);
      await row.getByRole("button", { name: `Resume ${receiver.url}` }).click();
      await expect(page.getByText("Endpoint resumed")).toBeVisible();
      await expect(row.getByText("Active", { exact: true })).toBeVisible();

      // Deleted after a confirmation.
      await row.getByRole("link", { name: `Delete ${receiver.url}` }).click();
      const confirm = page.getByRole("dialog", { name: "Delete Endpoint" });
      await expect(confirm).toContainText(receiver.url);
      expect(await seriousViolations(page), `Delete Endpoint at ${size.width} px`).toEqual([]);
      await confirm.getByRole("button", { name: "Delete Endpoint" }).click();
      await expect(page.getByText("Endpoint deleted successfully")).toBeVisible();
      await expect(row).toHaveCount(0);
      if (noJs) await expect(page.getByRole("dialog")).toHaveCount(0);
    } finally {
      await receiver.stop();
    }
  });
}
