import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { Application, Carrier, closeDatabase, PasswordResetRequest } from "~db";
import { REQUEST_TTL_MS } from "~/services/password-resets.server";
import { uniqueName } from "../support/application-factories";
import {
  createAdmin,
  createAgent,
  createLead,
  giveCarrier,
  signInAs,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
} from "../support/factories";
import { createFormSubmissionRow, uniqueIp } from "../support/form-submission-factories";
import { waitForHydration } from "./helpers";
import { useBrowserForCopies } from "./no-js-copy";

// Fixtures for the end-to-end specs. Every test makes its own users and rows straight in the e2e
// server's SQLite database (playwright.config.ts points DATABASE_URL and SESSION_SECRET at the
// server's), signs in by writing a session row and setting its cookie, and comes from a client
// address of its own, so tests run in parallel without sharing state or rate-limit counters.
//
//   import { expect, test } from "./fixtures";
//   test("...", async ({ page, admin, factory }) => {
//     const pending = await factory.pendingAgent();   // rows of its own, unique names and emails
//     await page.goto("/admin/agent-approval");       // `page` is signed in as `admin`
//   });
//
// Only the sign-in specs type a password into /login (with users they create). A page's goto()
// and reload() wait, with JavaScript on, until React has hydrated the page, so nothing typed is
// lost; never add fixed sleeps.

export type TestUser = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  name: string;
  /** An enrolled admin's TOTP secret: signIn() then types a code too. */
  totpSecret?: string | null;
};
export type TestAgent = TestUser & { agentId: string; licenseNumber: string; phone: string | null };
type AgentOptions = Parameters<typeof createAgent>[0] & {};

function asTestUser(
  user: { id: string; email: string; firstName: string; lastName: string },
  password: string,
): TestUser {
  const { id, email, firstName, lastName } = user;
  return { id, email, password, firstName, lastName, name: `${firstName} ${lastName}` };
}

/** Builders of per-test rows: unique emails, and unique last names for agents and leads. */
function makeFactory() {
  async function agent(options: AgentOptions = {}): Promise<TestAgent> {
    const password = options.password ?? TEST_PASSWORD;
    const { user, agent } = await createAgent({
      firstName: "Andy",
      lastName: uniqueName("Agent"),
      ...options,
      password,
    });
    // A finished setup has carriers, products and licensed states behind it.
    if (agent.setupComplete) await giveCarrier(agent.id);
    return {
      ...asTestUser(user, password),
      agentId: agent.id,
      licenseNumber: agent.licenseNumber,
      phone: user.phone ?? null,
    };
  }
  return {
    /** An administrator enrolled in two-factor sign-in (TEST_TOTP_SECRET) unless `twoFactor: false`. */
    async admin(options: { password?: string; twoFactor?: boolean } = {}): Promise<TestUser> {
      const password = options.password ?? TEST_PASSWORD;
      const enrolled = options.twoFactor ?? true;
      const admin = asTestUser(await createAdmin({ password, twoFactor: enrolled }), password);
      return { ...admin, totpSecret: enrolled ? TEST_TOTP_SECRET : null };
    },
    /** An approved agent; with setup complete (the default) they also have a carrier, a product and a state. */
    agent,
    /** An agent who has registered and waits for approval. */
    pendingAgent: (options: Omit<AgentOptions, "status" | "setupComplete"> = {}) =>
      agent({ ...options, status: "pending", setupComplete: false }),
    async lead(owner: { agentId: string } | null, options: Parameters<typeof createLead>[1] = {}) {
      const lead = await createLead(owner?.agentId ?? null, { lastName: uniqueName("Lead"), ...options });
      return {
        id: lead.id,
        firstName: lead.firstName,
        lastName: lead.lastName,
        name: `${lead.firstName} ${lead.lastName}`,
      };
    },
    /**
     * A lead ready to sell for an agent whose setup gave them Aetna's "Final Expense" at 100 % and
     * Florida: on Aetna, in Florida, $50.00 a month.
     */
    async saleableLead(owner: { agentId: string }, options: Parameters<typeof createLead>[1] = {}) {
      const made = await this.lead(owner, options);
      const aetna = (await Carrier.findOne({ where: { name: "Aetna" }, attributes: ["id"] }))!;
      await Application.update(
        { carrierId: aetna.id, state: "FL", city: "Tampa", monthlyPremiumCents: 5_000 },
        { where: { id: made.id } },
      );
      return made;
    },
    /** A pending reset request, as /forgot-password leaves one for the admin. */
    async resetRequest(user: { id: string; email: string }) {
      const row = await PasswordResetRequest.create({
        userId: user.id,
        email: user.email,
        kind: "request",
        status: "pending",
        expiresAt: new Date(Date.now() + REQUEST_TTL_MS),
      });
      return { id: row.id };
    },
    async formSubmission(options: Parameters<typeof createFormSubmissionRow>[0] = {}) {
      const row = await createFormSubmissionRow(options);
      return { id: row.id, fullName: row.fullName, email: row.email };
    },
  };
}

export type Factory = ReturnType<typeof makeFactory>;

/** Signs a browser in as the user: a new session row, and its signed cookie set on the context. */
export async function startSession(target: Page | BrowserContext, user: { id: string }) {
  const context = "context" in target ? target.context() : target;
  const [name, ...rest] = (await signInAs(user)).cookie.split("=");
  await context.addCookies([
    { name: name!, value: rest.join("="), url: test.info().project.use.baseURL!, httpOnly: true, sameSite: "Lax" },
  ]);
}

/** With JavaScript on, goto() and reload() resolve only once the new document has hydrated. */
function hydrateOnLoad(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async (response: Awaited<ReturnType<Page["goto"]>>) => {
    // Only the app's HTML pages hydrate; a JSON answer or a file has nothing to wait for.
    if (response?.headers()["content-type"]?.includes("text/html")) await waitForHydration(page);
    return response;
  };
  page.goto = async (url, options) => settle(await goto(url, options));
  page.reload = async (options) => settle(await reload(options));
}

/** What went wrong in the browser during a test: its script errors, and requests failed or answered 5xx. */
function recordTrouble(page: Page): string[] {
  const trouble: string[] = [];
  const note = (line: string) => trouble.length < 20 && trouble.push(line.slice(0, 300));
  page.on("pageerror", (error) => note(`page error: ${error.message}`));
  page.on("console", (message) => message.type() === "error" && note(`console error: ${message.text()}`));
  page.on("requestfailed", (request) =>
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? "?"})`),
  );
  page.on("response", (response) => response.status() >= 500 && note(`${response.status()}: ${response.url()}`));
  return trouble;
}

/**
 * A failed test's page as the user was left with it, printed with the run's output: CI keeps only
 * what the runner prints (not test-results/), and a failure that happens only on CI's machine must
 * say there what the page showed.
 */
async function reportOnFailure(page: Page, trouble: string[]) {
  const info = test.info();
  if (info.status === info.expectedStatus || page.isClosed()) return;
  const seen = await page
    .evaluate(() => {
      const texts = (selector: string) =>
        [...document.querySelectorAll(selector)].map((el) => (el.textContent ?? "").trim().slice(0, 200));
      return {
        headings: texts("h1, h2"),
        alerts: texts("[role=alert], [role=status]"),
        hydrated: document.documentElement.dataset.hydrated,
      };
    })
    .catch((error: unknown) => ({ unreadable: String(error) }));
  console.log([`--- the page when "${info.title}" failed: ${page.url()}`, JSON.stringify(seen), ...trouble].join("\n"));
}

type Fixtures = {
  /** This test's client address (X-Forwarded-For), so per-address rate limits stay per test. */
  clientAddress: string;
  factory: Factory;
  /** A fresh administrator; the test's `page` is signed in as them. */
  admin: TestUser;
  /** A fresh approved agent with setup complete; the test's `page` is signed in as them. */
  agent: TestAgent;
  /**
   * Another person's browser (own cookies, own client address, same JavaScript setting), signed
   * in as `as` when given; closed when the test ends.
   */
  openBrowser: (options?: { as?: { id: string } }) => Promise<Page>;
  /**
   * The worker's one page (below), signed out at the start of each test: for tests that only
   * open pages and read them, which need no context of their own.
   */
  reusedPage: Page;
};

type WorkerFixtures = {
  database: void;
  /** The worker's browser for the no-JavaScript copies (tests/e2e/no-js-copy.ts). */
  copies: void;
  /** One browser context and page per worker, with the project's JavaScript setting. */
  workerPage: Page;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  // One connection per worker to the server's database, closed when the worker ends.
  database: [
    async ({}, use) => {
      await use();
      await closeDatabase();
    },
    { scope: "worker", auto: true },
  ],
  copies: [
    async ({ browser }, use) => {
      await useBrowserForCopies(browser, () => use());
    },
    { scope: "worker", auto: true },
  ],
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const javaScriptEnabled = workerInfo.project.use.javaScriptEnabled !== false;
      const context = await browser.newContext({
        baseURL: workerInfo.project.use.baseURL,
        javaScriptEnabled,
        extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
      });
      const page = await context.newPage();
      hydrateOnLoad(page, javaScriptEnabled);
      await use(page);
      await context.close();
    },
    { scope: "worker" },
  ],
  reusedPage: async ({ workerPage }, use) => {
    await workerPage.context().clearCookies();
    await use(workerPage);
  },
  clientAddress: async ({}, use) => {
    await use(uniqueIp());
  },
  extraHTTPHeaders: async ({ clientAddress }, use) => {
    await use({ "X-Forwarded-For": clientAddress });
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    hydrateOnLoad(page, javaScriptEnabled !== false);
    const trouble = recordTrouble(page);
    await use(page);
    await reportOnFailure(page, trouble);
  },
  factory: async ({}, use) => {
    await use(makeFactory());
  },
  admin: async ({ factory, context }, use) => {
    const admin = await factory.admin();
    await startSession(context, admin);
    await use(admin);
  },
  agent: async ({ factory, context }, use) => {
    const agent = await factory.agent();
    await startSession(context, agent);
    await use(agent);
  },
  openBrowser: async ({ browser, baseURL, javaScriptEnabled }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ as } = {}) => {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled,
        extraHTTPHeaders: { "X-Forwarded-For": uniqueIp() },
      });
      contexts.push(context);
      if (as) await startSession(context, as);
      const page = await context.newPage();
      hydrateOnLoad(page, javaScriptEnabled !== false);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

export { expect };
export { uniqueName };
export { enterTwoFactorCode, isNoJs, noJsAtPhoneWidth, screenshot, signIn, signOut, waitForHydration } from "./helpers";
