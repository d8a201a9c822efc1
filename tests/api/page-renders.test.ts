import { describe, expect, it } from "vitest";
import { PRICING_PLANS } from "~/domain/plans";
import * as catchAll from "~/routes/$";
import * as resetPassword from "~/routes/_auth+/reset-password";
import * as setNewPassword from "~/routes/_auth+/set-new-password";
import * as landing from "~/routes/_public+/_index";
import * as adminLayout from "~/routes/admin+/_layout";
import * as adminCallbacks from "~/routes/admin+/callbacks";
import * as adminDashboard from "~/routes/admin+/dashboard";
import * as formSubmissions from "~/routes/admin+/form-submissions";
import * as agentManagement from "~/routes/admin+/agent-management";
import * as orders from "~/routes/admin+/orders";
import * as premiums from "~/routes/admin+/premiums";
import * as adminRetention from "~/routes/admin+/retention";
import * as retentionDetailed from "~/routes/admin+/retention-detailed";
import * as agentLayout from "~/routes/agent+/_layout";
import * as agentCommissions from "~/routes/agent+/commissions";
import * as agentDashboard from "~/routes/agent+/dashboard";
import * as agentRetention from "~/routes/agent+/retention";
import * as dashboardRedirect from "~/routes/dashboard";
import { uniqueName } from "../support/application-factories";
import { createAgent, createLead, signedInAdmin, signedInAgent } from "../support/factories";
import { createFormSubmissionRow } from "../support/form-submission-factories";
import { renderPage } from "../support/render-page";

// What pages show, read from the page as the server renders it (its loader against the database,
// its component with that data): checks that needed no interaction moved here from the
// end-to-end specs (docs/decisions/052), which keep the flows. The markup is also what a browser
// without JavaScript shows.

type Module = Parameters<typeof renderPage>[1]["page"]["module"];

const adminPage = (url: string, path: string, module: Module, cookie: string, shell = false) =>
  renderPage(url, {
    layouts: [{ id: "routes/admin+/_layout", path: "admin", module: adminLayout }],
    page: { path, module },
    cookie,
    shell,
  });

const agentPage = (url: string, path: string, module: Module, cookie: string) =>
  renderPage(url, {
    layouts: [{ id: "routes/agent+/_layout", path: "agent", module: agentLayout }],
    page: { path, module },
    cookie,
  });

/** The opening tag of the element with this id. */
function tagOf(html: string, id: string) {
  const tag = html.match(new RegExp(`<[a-z]+ [^>]*\\bid="${id}"[^>]*>`))?.[0];
  expect(tag, `an element with id ${id}`).toBeDefined();
  return tag!;
}

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];

/** How often `text` occurs in `html`. */
const count = (html: string, text: string) => html.split(text).length - 1;

describe("the landing page", () => {
  it("shows every section, the four plans with their prices, and the contact addresses", async () => {
    const { status, html } = await renderPage("/", { page: { path: "", module: landing } });
    expect(status).toBe(200);
    const meta = landing.meta({} as never);
    expect(meta).toContainEqual({ title: "Agency CRM | The CRM for Final Expense Insurance Agencies" });
    expect(meta).toContainEqual({ name: "description", content: expect.stringMatching(/final expense/) });
    expect(count(html, "<h1")).toBe(1);
    expect(html).toMatch(/<h1[^>]*>[^<]*final expense insurance agencies<\/h1>/);

    const sections = html.match(/<nav aria-label="Sections"[^>]*>.*?<\/nav>/)![0];
    for (const [name, href] of [
      ["Features", "#features"],
      ["Pricing", "#pricing"],
      ["Get Started", "#get-started"],
      ["Contact", "#contact"],
    ]) {
      expect(sections).toMatch(new RegExp(`<a [^>]*href="${href}"[^>]*>${name}</a>`));
    }
    expect(html).toMatch(/<header.*?<a [^>]*href="\/login"[^>]*>Login<\/a>.*?<\/header>/);
    expect(html).toMatch(
      /<a [^>]*href="#get-started"[^>]*>Get Started<\/a><a [^>]*href="\/login"[^>]*>Login to CRM<\/a>/,
    );

    const features = html.slice(html.indexOf('id="features"'), html.indexOf('id="pricing"'));
    for (const title of ["Lead Management", "Performance Analytics", "Commission Tracking", "Secure Platform"]) {
      expect(features).toMatch(new RegExp(`<h3[^>]*>${title}</h3>`));
    }
    for (const title of [
      "Industry-Specific Design",
      "Easy Setup",
      "Real-Time Notifications",
      "Mobile Responsive",
      "Advanced Reporting",
      "Dedicated Support",
    ]) {
      expect(html).toMatch(new RegExp(`<h3[^>]*>${title}</h3>`));
    }

    // The plans: a card each (a list item with its name as a heading), in the order of the domain's list.
    const pricing = html.slice(html.indexOf('id="pricing"'), html.indexOf('id="get-started"'));
    const cards = pricing.split(/<li[^>]*>(?=(?:<p[^>]*>Most Popular<\/p>)?<h3)/).slice(1);
    expect(cards).toHaveLength(4);
    for (const [i, plan] of PRICING_PLANS.entries()) {
      const card = cards[i]!;
      expect(card).toContain(`>${plan.name.replace("&", "&amp;")}</h3>`);
      expect(card).toContain(plan.priceLabel);
      for (const feature of plan.features) expect(card).toContain(feature);
      expect(card.startsWith('<p class="') && card.includes(">Most Popular</p>"), plan.name).toBe(plan.mostPopular);
    }
    expect(cards.find((card) => card.includes(">CRM + Leads (Growth)</h3>"))).toContain("Most Popular");
    for (const price of ["$99", "$1,199", "$2,159"]) expect(pricing).toContain(price);

    const getStarted = html.slice(html.indexOf('id="get-started"'));
    expect(getStarted).toMatch(/<button [^>]*type="submit"[^>]*>Submit Inquiry<\/button>/);
    expect(html).toMatch(/<h2[^>]*>Ready to grow your agency\?<\/h2>/);
    const footer = html.match(/<footer [^>]*id="contact".*<\/footer>/)![0];
    expect(footer).toMatch(/<a [^>]*href="mailto:support@agencycrm.example"[^>]*>support@agencycrm.example<\/a>/);
    expect(footer).toMatch(/<a [^>]*href="mailto:info@agencycrm.example"[^>]*>info@agencycrm.example<\/a>/);
    expect(footer).toContain("© 2025 Agency CRM. All rights reserved.");

    // The honeypot is out of reach for people and assistive technology.
    const honeypot = html.match(/<input [^>]*name="website"[^>]*>/)![0];
    expect(attribute(honeypot, "tabindex") ?? attribute(honeypot, "tabIndex")).toBe("-1");
    expect(attribute(honeypot, "autocomplete") ?? attribute(honeypot, "autoComplete")).toBe("off");
  });

  it("the admin's inquiries filter by status and a page past the end shows the last page", async () => {
    const { cookie } = await signedInAdmin();
    await createFormSubmissionRow({ status: "converted" });
    await createFormSubmissionRow({ status: "contacted" });
    const converted = await adminPage(
      "/admin/form-submissions?status=converted",
      "form-submissions",
      formSubmissions,
      cookie,
    );
    const articles = converted.html.match(/<article[^>]*>.*?<\/article>/g) ?? [];
    expect(articles.length).toBeGreaterThan(0);
    for (const article of articles) expect(article).toContain("Converted");
    const past = await adminPage(
      "/admin/form-submissions?status=converted&page=99",
      "form-submissions",
      formSubmissions,
      cookie,
    );
    expect(past.status).toBe(302);
    expect(past.location).toMatch(/^\/admin\/form-submissions\?status=converted&page=\d+$/);
  });
});

describe("the period selector on the dashboards and the period pages", () => {
  it("keeps a reversed custom range in its boxes and says why the default period is shown", async () => {
    const { cookie } = await signedInAdmin();
    const { html } = await adminPage(
      "/admin/dashboard?period=custom&startDate=2026-03-10&endDate=2026-03-01",
      "dashboard",
      adminDashboard,
      cookie,
    );
    expect(html).toMatch(/<option value="custom" selected="">/);
    expect(attribute(tagOf(html, "startDate"), "value")).toBe("2026-03-10");
    expect(attribute(tagOf(html, "endDate"), "value")).toBe("2026-03-01");
    expect(attribute(tagOf(html, "endDate"), "aria-invalid")).toBe("true");
    expect(html).toContain("End date must be on or after the start date.");
    expect(html).toContain("The custom range cannot be shown, so these figures are for Today.");
  });

  it("names a day that does not exist at its field, not a server error", async () => {
    const { cookie } = await signedInAgent();
    const { status, html } = await agentPage(
      "/agent/dashboard?period=custom&startDate=2023-02-29&endDate=2023-03-01",
      "dashboard",
      agentDashboard,
      cookie,
    );
    expect(status).toBe(200);
    expect(html).toMatch(/<option value="custom" selected="">/);
    expect(html).toContain("That date does not exist");
    expect(attribute(tagOf(html, "endDate"), "value")).toBe("2023-03-01");
    expect(html).toContain("these figures are for All Time");
  });

  // A real day far off (the year 100) was a 500 on Postgres on the dashboards, orders, premiums
  // and commissions; now it is refused at its field and the page shows its default period.
  it("names a far-off day at its field on the admin's and the agent's period pages", async () => {
    const { cookie: adminCookie } = await signedInAdmin();
    const { cookie: agentCookie } = await signedInAgent();
    const search = "?period=custom&startDate=0100-01-01&endDate=2026-01-01";
    const pages = [
      await adminPage(`/admin/dashboard${search}`, "dashboard", adminDashboard, adminCookie),
      await adminPage(`/admin/orders${search}`, "orders", orders, adminCookie),
      await adminPage(`/admin/premiums${search}`, "premiums", premiums, adminCookie),
      await agentPage(`/agent/dashboard${search}`, "dashboard", agentDashboard, agentCookie),
      await agentPage(`/agent/commissions${search}`, "commissions", agentCommissions, agentCookie),
    ];
    for (const [i, { status, html }] of pages.entries()) {
      expect(status, `page ${i}`).toBe(200);
      expect(attribute(tagOf(html, "startDate"), "value"), `page ${i}`).toBe("0100-01-01");
      expect(attribute(tagOf(html, "startDate"), "aria-invalid"), `page ${i}`).toBe("true");
      expect(html, `page ${i}`).toContain("Choose a date from 1970-01-01 to 2999-12-31.");
    }
  });
});

describe("empty lists", () => {
  it("an agent with no sales sees No Active Policies", async () => {
    const me = await signedInAgent();
    await createLead(me.agent.id);
    const { html } = await agentPage("/agent/retention", "retention", agentRetention, me.cookie);
    expect(html).toMatch(/<h2[^>]*>No Active Policies<\/h2>/);
    expect(html).toMatch(/Active Accounts<\/p><p[^>]*>0<\/p>/);
    expect(html).toContain(">0 due today<");
  });

  it("Retention Management says when no account matches", async () => {
    const { cookie } = await signedInAdmin();
    const { html } = await adminPage(
      `/admin/retention?search=${uniqueName("Nobody")}`,
      "retention",
      adminRetention,
      cookie,
    );
    expect(html).toContain("No retention accounts found.");
    expect(html).toMatch(/Total Accounts<\/p><p[^>]*>0<\/p>/);
  });

  it("the admin's Callbacks say No callbacks scheduled for an agent without any, with Refresh", async () => {
    const { cookie } = await signedInAdmin();
    const idle = await createAgent({ firstName: "Idle" });
    const { html } = await adminPage(`/admin/callbacks?agentId=${idle.agent.id}`, "callbacks", adminCallbacks, cookie);
    expect(html).toContain("No callbacks scheduled");
    expect(html).toMatch(/<a [^>]*href="\/admin\/callbacks\?agentId=[^"]+"[^>]*>.*?Refresh<\/a>/);
  });

  it("a rejected agent has no actions, a search without match says so, and an unknown profile is not found", async () => {
    const { cookie } = await signedInAdmin();
    const rejected = await createAgent({ status: "rejected", setupComplete: false });
    const list = await adminPage(
      `/admin/agent-management?status=rejected&search=${encodeURIComponent(rejected.user.email)}`,
      "agent-management",
      agentManagement,
      cookie,
    );
    const row = list.html.match(new RegExp(`<tr [^>]*data-agent-email="${rejected.user.email}".*?</tr>`))![0];
    expect(row).not.toContain(`Approve ${rejected.user.firstName}`);
    expect(list.html).not.toMatch(/<th [^>]*>Actions<\/th>/);
    const none = await adminPage(
      "/admin/agent-management?status=rejected&search=nobody-has-this-name",
      "agent-management",
      agentManagement,
      cookie,
    );
    expect(none.html).toContain("No agents match your search.");
    const unknown = await adminPage(
      "/admin/agent-management?dialog=profile&agent=6f1c1d2e-0000-4000-8000-000000000000",
      "agent-management",
      agentManagement,
      cookie,
    );
    expect(unknown.html).toMatch(/role="dialog"[^>]*>.*Agent Profile.*Agent profile not found/);
  });
});

describe("password links without a token", () => {
  it("/reset-password shows Invalid Link at once, with the way back to the sign-in page", async () => {
    const { status, html } = await renderPage("/reset-password", {
      page: { path: "reset-password", module: resetPassword },
    });
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Invalid Link<\/h1>/);
    expect(html).toContain("This password reset link is no longer valid.");
    expect(html).toContain("expire after 1 hour");
    expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>Back to Login<\/a>/);
  });

  it("/set-new-password sends the visitor to /login", async () => {
    const page = await renderPage("/set-new-password", { page: { path: "set-new-password", module: setNewPassword } });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/login");
  });
});

describe("access rules", () => {
  it("signed out, the portals' paths go to /login with the way back", async () => {
    for (const [url, path, module, layout] of [
      ["/admin/dashboard", "dashboard", adminDashboard, adminLayout],
      ["/agent/dashboard", "dashboard", agentDashboard, agentLayout],
      ["/agent/retention", "retention", agentRetention, agentLayout],
    ] as const) {
      const page = await renderPage(url, {
        layouts: [{ id: "layout", path: url.split("/")[1]!, module: layout }],
        page: { path, module },
      });
      expect(page.status, url).toBe(302);
      expect(page.location, url).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
    const unknown = await renderPage("/admin/no-such-page", { page: { path: "*", module: catchAll } });
    expect(unknown.location).toBe(`/login?redirectTo=${encodeURIComponent("/admin/no-such-page")}`);
  });

  it("the wrong role is sent to /", async () => {
    const { cookie } = await signedInAgent();
    const page = await adminPage("/admin/dashboard", "dashboard", adminDashboard, cookie);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
  });

  it("/dashboard, /admin and /agent send a signed-in user to their dashboard", async () => {
    const { cookie } = await signedInAdmin();
    const dashboard = await renderPage("/dashboard", {
      page: { path: "dashboard", module: dashboardRedirect },
      cookie,
    });
    expect(dashboard.location).toBe("/admin/dashboard");
    for (const [url, layout] of [
      ["/admin", adminLayout],
      ["/agent", agentLayout],
    ] as const) {
      const page = await renderPage(url, {
        layouts: [{ id: "layout", path: url.slice(1), module: layout }],
        page: { path: "", module: {} },
        cookie,
      });
      expect(page.location, url).toBe("/admin/dashboard");
    }
  });

  it("an unknown path is 404 Page Not Found with a way home", async () => {
    const { status, html } = await renderPage("/no-such-page", { page: { path: "*", module: catchAll } });
    expect(status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Go back home<\/a>/);
  });
});

describe("the admin's shell", () => {
  it("All Leads and Callbacks carry the same unread lead badge", async () => {
    const agent = await createAgent();
    await createLead(agent.agent.id);
    // Signed in only now, so this admin has at least that lead unread.
    const { cookie } = await signedInAdmin();
    const { html } = await adminPage("/admin/dashboard", "dashboard", adminDashboard, cookie, true);
    const badge = (href: string) =>
      html.match(new RegExp(`<a [^>]*href="${href}"[^>]*>.*?</a>`))![0].match(/>(\d+\+?|99\+)</)?.[1];
    expect(badge("/admin/leads")).toMatch(/^(\d+|99\+)$/);
    expect(badge("/admin/callbacks")).toBe(badge("/admin/leads"));
  });

  it("the retention screen by sale marks Retention Tracking active, and only it", async () => {
    const { cookie } = await signedInAdmin();
    const { html } = await adminPage(
      "/admin/retention-detailed",
      "retention-detailed",
      retentionDetailed,
      cookie,
      true,
    );
    const nav = html.match(/<nav aria-label="Main".*?<\/nav>/)![0];
    expect(count(nav, 'aria-current="page"')).toBe(1);
    expect(nav).toMatch(/<a aria-current="page"[^>]*href="\/admin\/retention"[^>]*>.*?Retention Tracking/);
  });

  it("an agent is sent away from both retention screens", async () => {
    const { cookie } = await signedInAgent();
    for (const [url, path, module] of [
      ["/admin/retention", "retention", adminRetention],
      ["/admin/retention-detailed", "retention-detailed", retentionDetailed],
    ] as const) {
      const page = await adminPage(url, path, module, cookie);
      expect(page.status, url).toBe(302);
      expect(page.location, url).not.toMatch(/^\/admin\//);
    }
  });
});
