import type { Page } from "@playwright/test";
import { ActivityLog, Application, Notification, PaymentTracking } from "~db";
import { approveResetRequest, issueSetPasswordToken } from "~/services/password-resets.server";
import { signInAs } from "../support/factories";
import { createOrderRow } from "../support/order-factories";
import { createSoldPolicy } from "../support/retention-factories";
import { todayIn } from "~/domain/periods";
import { AXE_WIDTHS, seriousViolations, seriousViolationsWithoutJs } from "./axe";
import { expect, startSession, test, type Factory } from "./fixtures";
import { differsWithoutJs, servedDocument } from "./no-js-copy";

// Every page and dialog, at a phone's width and a laptop's: axe finds no critical or serious
// violation with JavaScript, nor without it where the page's markup differs without it (the
// served document's <main> against the hydrated one; the two dashboards always, for the shell
// around <main>), and each page has a title of its own. Then the keyboard: on a phone the menu
// is one visible control and the closed drawer takes no Tab stop.
//
// The checks run in the js project, each page opened once in the worker's one page (resized
// between the widths: no component reads the window's size) and its served document checked as a
// browser without JavaScript has it (tests/e2e/no-js-copy.ts): docs/decisions/052.

const WIDTHS = AXE_WIDTHS;

/**
 * One page: how to reach it (signing in and making rows as it needs), the title it has, and
 * whether its check without JavaScript runs even where <main> is the same (the shell).
 */
type PageCase = {
  name: string;
  title: string;
  open: (page: Page, factory: Factory) => Promise<string>;
  withoutJs?: "always";
};

const publicPage = (path: string) => async () => path;

async function asAdmin(page: Page, factory: Factory) {
  const admin = await factory.admin();
  await startSession(page, admin);
  return admin;
}

const PAGES: PageCase[] = [
  { name: "landing", title: "Agency CRM | The CRM for Final Expense Insurance Agencies", open: publicPage("/") },
  { name: "sign-in", title: "Sign in | Agency CRM", open: publicPage("/login") },
  { name: "registration", title: "Agent Registration | Agency CRM", open: publicPage("/login?dialog=register") },
  { name: "forgot password", title: "Forgot password | Agency CRM", open: publicPage("/forgot-password") },
  {
    name: "reset password",
    title: "Reset password | Agency CRM",
    open: async (page, factory) => {
      const user = await factory.agent();
      const { actor } = await signInAs(await factory.admin());
      const { resetPath } = await approveResetRequest(actor, (await factory.resetRequest(user)).id);
      return resetPath;
    },
  },
  {
    name: "reset link not valid",
    title: "Reset password | Agency CRM",
    open: publicPage("/reset-password?token=not-a-token"),
  },
  {
    name: "set new password",
    title: "Set new password | Agency CRM",
    open: async (page, factory) =>
      `/set-new-password?token=${encodeURIComponent(await issueSetPasswordToken(await factory.agent()))}`,
  },
  {
    name: "application form",
    title: "Insurance Application Form | Agency CRM",
    open: publicPage("/submitapplication"),
  },
  { name: "agent pending", title: "Account Pending Approval | Agency CRM", open: publicPage("/agent-pending") },
  { name: "not found", title: "Page Not Found | Agency CRM", open: publicPage("/no-such-page") },
  {
    name: "agent dashboard",
    title: "Agent Dashboard | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await factory.lead(agent);
      await startSession(page, agent);
      return "/agent/dashboard";
    },
    withoutJs: "always",
  },
  {
    name: "agent setup",
    title: "Account Setup | Agency CRM",
    open: async (page, factory) => {
      await startSession(page, await factory.agent({ setupComplete: false }));
      return "/agent/setup";
    },
  },
  {
    name: "carrier setup",
    title: "Carrier Setup | Agency CRM",
    open: async (page, factory) => {
      await startSession(page, await factory.agent());
      return "/agent/carrier-setup";
    },
  },
  {
    name: "admin dashboard",
    title: "Admin Dashboard | Agency CRM",
    open: async (page, factory) => {
      await factory.lead(await factory.agent());
      await asAdmin(page, factory);
      return "/admin/dashboard";
    },
    withoutJs: "always",
  },
  {
    name: "admin dashboard, 90-day chart",
    title: "Admin Dashboard | Agency CRM",
    open: async (page, factory) => {
      await factory.lead(await factory.agent(), { status: "sale" });
      await asAdmin(page, factory);
      return "/admin/dashboard?chart=90d&period=all";
    },
  },
  {
    name: "form submissions",
    title: "Form Submissions | Agency CRM",
    open: async (page, factory) => {
      await factory.formSubmission({ notes: "Called back once" });
      await asAdmin(page, factory);
      return "/admin/form-submissions";
    },
  },
  {
    name: "agent approval",
    title: "Agent Approval | Agency CRM",
    open: async (page, factory) => {
      await factory.pendingAgent();
      await factory.agent({ status: "paused" });
      await asAdmin(page, factory);
      return "/admin/agent-approval";
    },
  },
  {
    name: "agents management",
    title: "Agents Management | Agency CRM",
    open: async (page, factory) => {
      await factory.lead(await factory.agent());
      await factory.pendingAgent();
      await asAdmin(page, factory);
      return "/admin/agent-management";
    },
  },
  {
    name: "all leads",
    title: "All Leads | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await factory.saleableLead(agent);
      await factory.lead(agent, { status: "quoted" });
      await asAdmin(page, factory);
      return "/admin/leads";
    },
  },
  {
    name: "admin activity",
    title: "Activity | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      const lead = await factory.lead(agent);
      await ActivityLog.create({
        userId: agent.id,
        action: "lead_status_changed",
        entityType: "application",
        entityId: lead.id,
        summary: `${agent.name} changed the status of ${lead.name} from pending to contacted`,
      });
      await asAdmin(page, factory);
      return "/admin/activity";
    },
  },
  {
    name: "password resets",
    title: "Password Resets | Agency CRM",
    open: async (page, factory) => {
      await factory.resetRequest(await factory.agent());
      await asAdmin(page, factory);
      return "/admin/password-reset-requests";
    },
  },
  {
    name: "retention management",
    title: "Retention Management | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await createSoldPolicy(agent.agentId, { firstDue: todayIn("America/New_York") });
      await asAdmin(page, factory);
      return `/admin/retention?agentId=${agent.agentId}`;
    },
  },
  {
    name: "retention by sale",
    title: "Retention by Sale | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await createSoldPolicy(agent.agentId, { firstDue: todayIn("America/New_York") });
      await asAdmin(page, factory);
      return `/admin/retention-detailed?agentId=${agent.agentId}`;
    },
  },
  {
    name: "premiums management",
    title: "Premiums Management | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await createSoldPolicy(agent.agentId, { firstDue: todayIn("America/New_York") });
      await asAdmin(page, factory);
      return `/admin/premiums?agentId=${agent.agentId}`;
    },
  },
  {
    name: "admin callbacks",
    title: "Callback Management | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await factory.lead(agent, { status: "callback" });
      await asAdmin(page, factory);
      return `/admin/callbacks?agentId=${agent.agentId}`;
    },
  },
  {
    name: "order management",
    title: "Order Management | Agency CRM",
    open: async (page, factory) => {
      await createOrderRow({ agentName: "Axe Ordered", referrer: "Partner network", status: "Refunded" });
      await asAdmin(page, factory);
      return "/admin/orders";
    },
  },
  {
    name: "calling rules, Florida's open to edit",
    title: "Calling Rules | Agency CRM",
    open: async (page, factory) => {
      await asAdmin(page, factory);
      return "/admin/calling-rules?edit=FL";
    },
  },
  {
    name: "notifications",
    title: "Notifications | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      const lead = await factory.lead(agent);
      await Notification.bulkCreate(
        ["new_lead", "retention_reminder", "lead_assigned", "other"].map((type, i) => ({
          userId: agent.id,
          type,
          title: `A ${type} notification`,
          message: "What happened, in a sentence.",
          isRead: i % 2 === 1,
          applicationId: type === "new_lead" ? lead.id : null,
        })),
      );
      await startSession(page, agent);
      return "/notifications";
    },
  },
  {
    name: "two-factor sign-in, an administrator made to enrol",
    title: "Two-factor sign-in | Agency CRM",
    open: async (page, factory) => {
      await startSession(page, await factory.admin({ twoFactor: false }));
      return "/account/security";
    },
  },
  {
    name: "sessions, with the sign-out-everywhere-else confirmation",
    title: "Sessions | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      // A second session, so the list has a Sign out and the dialog something to end.
      await signInAs(agent);
      await startSession(page, agent);
      return "/account/sessions?dialog=sign-out-others";
    },
  },
  {
    name: "my leads",
    title: "My Leads | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await factory.saleableLead(agent, { status: "callback" });
      await factory.lead(agent, { status: "sale" });
      await startSession(page, agent);
      return "/agent/leads";
    },
  },
  {
    name: "callbacks",
    title: "Callbacks | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      const overdue = await factory.saleableLead(agent, { status: "callback" });
      await Application.update({ callbackDate: new Date(Date.now() - 2 * 86_400_000) }, { where: { id: overdue.id } });
      await factory.lead(agent, { status: "rescheduled" });
      await startSession(page, agent);
      return "/agent/callbacks";
    },
  },
  {
    name: "a lead's page",
    title: "Ada Applicant | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      const lead = await factory.saleableLead(agent, { firstName: "Ada", lastName: "Applicant" });
      await startSession(page, agent);
      return `/applications/${lead.id}`;
    },
  },
  {
    name: "a lead's consent evidence",
    title: "Consent Evidence: Ada Evidence | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      const lead = await factory.saleableLead(agent, { firstName: "Ada", lastName: "Evidence" });
      await startSession(page, agent);
      return `/applications/${lead.id}/evidence`;
    },
  },
  {
    name: "retention",
    title: "Retention | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      // A month due today (flagged) and another policy's months paid and cancelled (a lapsed policy).
      await createSoldPolicy(agent.agentId, { firstDue: todayIn("America/New_York") });
      const lapsed = await createSoldPolicy(agent.agentId, { firstDue: "2026-01-15" });
      await PaymentTracking.update(
        { status: "paid", notes: "Paid by phone" },
        { where: { id: lapsed.payments[0]!.id } },
      );
      await PaymentTracking.update({ status: "cancelled" }, { where: { id: lapsed.payments[1]!.id } });
      await startSession(page, agent);
      return "/agent/retention";
    },
  },
  {
    name: "commissions",
    title: "Commissions | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      // An active sale with a month paid, and a lapsed one (charged back) whose commission is cancelled.
      const paying = await createSoldPolicy(agent.agentId, { firstDue: "2026-01-15" });
      await PaymentTracking.update({ status: "paid" }, { where: { id: paying.payments[0]!.id } });
      const lapsed = await createSoldPolicy(agent.agentId, { firstDue: "2026-02-15" });
      await PaymentTracking.update({ status: "cancelled" }, { where: { id: lapsed.payments[0]!.id } });
      await Application.update({ commissionCancelledAt: new Date() }, { where: { id: lapsed.id } });
      await startSession(page, agent);
      return "/agent/commissions";
    },
  },
  {
    name: "commission calculator",
    title: "Commission Calculator | Agency CRM",
    open: async (page, factory) => {
      await startSession(page, await factory.agent());
      return "/agent/commission-calculator?monthlyPremium=85.50&compPercentage=100";
    },
  },
  {
    name: "reports",
    title: "Reports | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await factory.saleableLead(agent, { status: "sale" });
      await factory.lead(agent, { status: "callback" });
      await startSession(page, agent);
      return "/agent/reports?status=all";
    },
  },
  {
    name: "profile (performance)",
    title: "Profile | Agency CRM",
    open: async (page, factory) => {
      const agent = await factory.agent();
      await factory.lead(agent);
      await startSession(page, agent);
      return "/agent/profile?tab=performance";
    },
  },
  {
    name: "edit profile",
    title: "Edit Profile | Agency CRM",
    open: async (page, factory) => {
      await startSession(page, await factory.agent());
      return "/agent/profile/edit";
    },
  },
  {
    name: "admin 404",
    title: "Page Not Found | Agency CRM",
    open: async (page, factory) => {
      await asAdmin(page, factory);
      return "/admin/no-such-page";
    },
  },
];

/**
 * The page at `path`, with JavaScript at both widths, then without it at both widths where its
 * markup differs (or always): no critical or serious violation. The served document is read
 * first, since a page's script may act on opening (a lead's page marks itself read).
 */
async function expectAccessible(
  page: Page,
  path: string,
  options: { title?: string; dialog?: boolean; withoutJs?: "always" } = {},
) {
  const served = await servedDocument(page, path);
  await page.goto(path);
  if (options.title) await expect(page).toHaveTitle(options.title);
  if (options.dialog) await expect(page.getByRole("dialog")).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    expect(await seriousViolations(page), `${path} at ${size.width} px`).toEqual([]);
  }
  if (options.withoutJs === "always" || (await differsWithoutJs(page, served.html))) {
    test.info().annotations.push({ type: "checked without JavaScript", description: path });
    expect(await seriousViolationsWithoutJs(page, served), `${path} without JavaScript`).toEqual([]);
  }
}

test.describe("accessibility", () => {
  test("page titles are distinct", () => {
    // Each page's own test checks its title; the two views of /reset-password, the admin
    // dashboard's two charts and the two 404s share one.
    const titles = new Set(PAGES.map((page) => page.title));
    expect(titles.size).toBe(PAGES.length - 3);
  });

  for (const pageCase of PAGES) {
    test(`${pageCase.name}: no critical or serious axe violation at 390 and 1280 px, and its own title`, async ({
      reusedPage: page,
      factory,
    }) => {
      const path = await pageCase.open(page, factory);
      await expectAccessible(page, path, { title: pageCase.title, withoutJs: pageCase.withoutJs });
    });
  }

  test("the approval and form submission dialogs have no critical or serious axe violation", async ({
    reusedPage: page,
    factory,
  }) => {
    test.slow();
    const pending = await factory.pendingAgent();
    const submission = await factory.formSubmission();
    await asAdmin(page, factory);
    for (const path of [
      `/admin/agent-approval?dialog=approve&agent=${pending.agentId}`,
      `/admin/form-submissions?dialog=edit&id=${submission.id}`,
    ]) {
      await expectAccessible(page, path, { dialog: true });
    }
  });

  // An approval's answer, not a page to open: with JavaScript and without (the two projects).
  test("the reset-link banner has no critical or serious axe violation @no-js", async ({
    page,
    admin: _signedIn,
    factory,
  }) => {
    const user = await factory.agent();
    await factory.resetRequest(user);
    await page.goto("/admin/password-reset-requests");
    await page.getByRole("button", { name: `Approve reset request from ${user.name}` }).click();
    await expect(page.getByLabel("Value to copy")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  // The admin portal's other dialogs, a test each so that each has its own time on a busy machine.
  test("the admin's lead dialog, its sensitive numbers shown and in Edit Mode, has no critical or serious axe violation", async ({
    reusedPage: page,
    factory,
  }) => {
    test.slow();
    const lead = await factory.saleableLead(await factory.agent());
    await asAdmin(page, factory);
    for (const path of [
      `/admin/leads?dialog=lead&id=${lead.id}&reveal=sensitive,banking`,
      `/admin/leads?dialog=lead&id=${lead.id}&mode=edit`,
    ]) {
      await expectAccessible(page, path, { dialog: true });
    }
  });

  test("an agent's profile dialog, found and not found, has no critical or serious axe violation", async ({
    reusedPage: page,
    factory,
  }) => {
    test.slow();
    const user = await factory.agent();
    await asAdmin(page, factory);
    for (const path of [
      `/admin/agent-management?dialog=profile&agent=${user.agentId}`,
      "/admin/agent-management?dialog=profile&agent=6f1c1d2e-0000-4000-8000-000000000000",
    ]) {
      await expectAccessible(page, path, { dialog: true });
    }
  });

  test("Agents Management's Password Resets tab has no critical or serious axe violation", async ({
    reusedPage: page,
    factory,
  }) => {
    await factory.resetRequest(await factory.agent());
    await asAdmin(page, factory);
    await expectAccessible(page, "/admin/agent-management?tab=resets");
    await expect(page.getByRole("heading", { name: "Pending Requests" })).toBeVisible();
  });
});

// The agent's lead dialogs, in two tests so that each has its own time on a busy machine.
for (const [name, paths] of [
  [
    "My Leads' dialogs",
    (id: string) => [
      `/agent/leads?dialog=details&id=${id}`,
      `/agent/leads?dialog=edit&id=${id}`,
      `/agent/leads?dialog=status&id=${id}`,
    ],
  ],
  [
    "the lead's page in edit mode and its disposition, and the callbacks' dialogs",
    (id: string) => [
      `/applications/${id}?dialog=set-disposition`,
      `/agent/callbacks?dialog=reschedule&id=${id}`,
      `/agent/callbacks?dialog=disposition&id=${id}`,
      `/applications/${id}?edit=1`,
    ],
  ],
] as const) {
  test(`${name} have no critical or serious axe violation at 390 and 1280 px`, async ({
    reusedPage: page,
    factory,
  }) => {
    test.slow();
    const agent = await factory.agent();
    const lead = await factory.saleableLead(agent);
    await startSession(page, agent);
    for (const path of paths(lead.id)) {
      await expectAccessible(page, path, { dialog: !path.endsWith("edit=1") });
    }
  });
}

/** The focused element, as far as a sighted keyboard user can see it. */
async function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const inViewport =
      box.width > 0 &&
      box.height > 0 &&
      box.left >= 0 &&
      box.top >= 0 &&
      box.right <= window.innerWidth &&
      box.bottom <= window.innerHeight;
    return {
      description: `${element.tagName.toLowerCase()} ${element.getAttribute("aria-label") ?? element.textContent?.trim() ?? ""}`,
      visible: inViewport && style.visibility !== "hidden" && Number(style.opacity) > 0,
    };
  });
}

// The drawer is CSS (a checkbox), and the shell's markup differs without JavaScript (the bell is a
// link): both projects.
test.describe("keyboard @no-js", () => {
  test("on a phone the first Tab stops of a portal page are visible; the menu opens and closes from the keyboard", async ({
    page,
    agent: _signedIn,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/agent/dashboard");

    // The first stop is the menu button; the links of the closed drawer are no stops at all.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: "Menu" })).toBeFocused();
    for (let stop = 1; stop <= 5; stop++) {
      expect(await focusedElement(page), `Tab stop ${stop}`).toMatchObject({ visible: true });
      await page.keyboard.press("Tab");
    }

    // Space opens the drawer: the next stop is its first link, in view.
    await page.getByRole("checkbox", { name: "Menu" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: "Menu" })).toBeChecked();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeFocused();
    // Once the drawer has slid in.
    await expect.poll(() => focusedElement(page)).toMatchObject({ visible: true });

    // Back to the menu button, Space closes it, and the drawer's links leave the Tab order again.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: "Menu" })).not.toBeChecked();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  });

  test("on a laptop the sidebar's links are the first Tab stops and the menu button is not a stop", async ({
    page,
    agent: _signedIn,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/agent/dashboard");
    await expect(page.getByRole("checkbox", { name: "Menu" })).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeFocused();
    expect(await focusedElement(page)).toMatchObject({ visible: true });
  });
});
