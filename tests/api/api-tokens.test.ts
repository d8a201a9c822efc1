import { QueryTypes } from "sequelize";
import { describe, expect, it } from "vitest";
import { ActivityLog, Agent, ApiToken, sequelize } from "~db";
import { API_TOKEN_MAX_ACTIVE, API_TOKEN_MESSAGES as M, API_TOKEN_REQUESTS_PER_MINUTE } from "~/domain/api-tokens";
import { loader as agentLeadsPage } from "~/routes/agent+/leads";
import { action as pageAction, loader as pageLoader } from "~/routes/_portal+/account.api-tokens";
import { loader as adminAgentsLoader } from "~/routes/api+/admin.agents";
import { loader as agentApplicationsLoader } from "~/routes/api+/agent.applications";
import { action as markAllReadAction } from "~/routes/api+/notifications.mark-all-read";
import { action as tokensAction, loader as tokensLoader } from "~/routes/api+/tokens";
import { action as tokenAction } from "~/routes/api+/tokens.$id";
import { createApiToken } from "~/services/api-tokens.server";
import { sha256 } from "~/utils/crypto.server";
import { createAdmin, createLead, signInAs, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 27 item 4: personal API tokens, through the /api routes and the guard every /api route
// calls, on the test database (SQLite or Postgres).

type ErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
type TokenJson = {
  id: string;
  name: string;
  prefix: string;
  scope: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
};
type Created = TokenJson & { token: string };

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const createToken = (json: unknown, cookie?: string, headers?: Record<string, string>) =>
  callRoute(tokensAction, { path: "/api/tokens", json, cookie, headers });
const listTokens = (cookie?: string, headers?: Record<string, string>) =>
  callRoute(tokensLoader, { path: "/api/tokens", cookie, headers });
const revoke = (id: string, cookie?: string) =>
  callRoute(tokenAction, { method: "DELETE", path: `/api/tokens/${id}`, params: { id }, cookie });
const leadsWith = (token: string) =>
  callRoute(agentApplicationsLoader, { path: "/api/agent/applications", headers: bearer(token) });
const markAllReadWith = (token: string) =>
  callRoute(markAllReadAction, { method: "POST", path: "/api/notifications/mark-all-read", headers: bearer(token) });

async function madeToken(cookie: string, json: Record<string, unknown> = {}) {
  const res = await createToken({ name: "Dialer", scope: "read", ...json }, cookie);
  expect(res.status).toBe(201);
  return jsonOf<Created>(res);
}

async function errorOf(res: Response, status: number) {
  expect(res.status).toBe(status);
  return jsonOf<ErrorBody>(res);
}

describe("making, listing and revoking tokens", () => {
  it("answers the token once, stores only its hash, and lists it without it", async () => {
    const { cookie, user } = await signedInAgent();
    const created = await madeToken(cookie, { name: "Zapier", scope: "read-write", expiresInDays: 90 });
    expect(created.token).toMatch(/^acrm_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "Zapier", scope: "read-write", lastUsedAt: null });
    expect(created.prefix).toBe(created.token.slice(0, 11));
    const days = (new Date(created.expiresAt!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const [row] = await sequelize.query<Record<string, unknown>>("SELECT * FROM api_tokens WHERE id = ?", {
      replacements: [created.id],
      type: QueryTypes.SELECT,
    });
    expect(row!.token_hash).toBe(sha256(created.token));
    expect(Object.values(row!).map(String)).not.toContain(created.token);

    const listed = await listTokens(cookie);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("X-Total-Count")).toBe("1");
    const text = await listed.text();
    expect(text).not.toContain(created.token);
    expect(text).not.toContain(sha256(created.token));
    const [only] = JSON.parse(text) as TokenJson[];
    expect(only).toEqual({ ...created, token: undefined, expiresAt: created.expiresAt });
    expect(Object.keys(only!)).not.toContain("token");

    const audit = await ActivityLog.findAll({ where: { userId: user.id, action: "api_token_created" } });
    expect(audit.map((entry) => entry.summary)).toEqual([
      expect.stringContaining(`Created API token ${created.prefix}… "Zapier" (read and write, expires `),
    ]);
  });

  it("takes an expiry date, or none for never", async () => {
    const { cookie } = await signedInAgent();
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const dated = await madeToken(cookie, { expiresAt: inAMonth });
    expect(dated.expiresAt).toBe(`${inAMonth}T00:00:00.000Z`);
    const never = await madeToken(cookie, { expiresInDays: "" });
    expect(never.expiresAt).toBeNull();
  });

  it("answers 400 at the field for a missing name, an unknown scope and an expiry out of range", async () => {
    const { cookie } = await signedInAgent();
    const past = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const farOff = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "  ", scope: "read" }, "name", M.name],
      [{ name: "x".repeat(101), scope: "read" }, "name", M.nameTooLong],
      [{ name: "Dialer", scope: "admin" }, "scope", M.scope],
      [{ name: "Dialer" }, "scope", M.scope],
      [{ name: "Dialer", scope: "read", expiresInDays: 0 }, "expiresInDays", M.expiresInDays],
      [{ name: "Dialer", scope: "read", expiresInDays: 366 }, "expiresInDays", M.expiresInDays],
      [{ name: "Dialer", scope: "read", expiresInDays: 1.5 }, "expiresInDays", M.expiresInDays],
      [{ name: "Dialer", scope: "read", expiresAt: past }, "expiresAt", M.expiresAt],
      [{ name: "Dialer", scope: "read", expiresAt: farOff }, "expiresAt", M.expiresAt],
      [{ name: "Dialer", scope: "read", expiresAt: "soon" }, "expiresAt", M.expiresAt],
      [{ name: "Dialer", scope: "read", expiresInDays: 30, expiresAt: inAWeek }, "expiresAt", M.expiryTwice],
    ];
    for (const [json, field, message] of cases) {
      const body = await errorOf(await createToken(json, cookie), 400);
      expect(body.fieldErrors?.[field], JSON.stringify(json)).toEqual([message]);
    }
    expect(await jsonOf<unknown[]>(await listTokens(cookie))).toEqual([]);
  });

  it(`refuses a ${API_TOKEN_MAX_ACTIVE + 1}th active token (409) until one is revoked`, async () => {
    const { cookie, user } = await signedInAgent();
    await ApiToken.bulkCreate(
      Array.from({ length: API_TOKEN_MAX_ACTIVE }, (_, i) => ({
        userId: user.id,
        name: `Token ${i}`,
        tokenHash: sha256(`${user.id}-${i}`),
        tokenPrefix: "acrm_abcdef",
        scope: "read" as const,
        expiresAt: null,
      })),
    );
    expect((await errorOf(await createToken({ name: "One more", scope: "read" }, cookie), 409)).error).toBe(M.tooMany);
    const [first] = await jsonOf<TokenJson[]>(await listTokens(cookie));
    expect((await revoke(first!.id, cookie)).status).toBe(200);
    await madeToken(cookie);
  });

  it("revokes the caller's own token only: another user's, an unknown or a malformed id is a 404", async () => {
    const owner = await signedInAgent();
    const other = await signedInAgent();
    const created = await madeToken(owner.cookie);
    expect((await errorOf(await revoke(created.id, other.cookie), 404)).error).toBe(M.notFound);
    expect((await leadsWith(created.token)).status).toBe(200);
    expect((await errorOf(await revoke("not-a-uuid", owner.cookie), 404)).error).toBe(M.notFound);

    const revoked = await revoke(created.id, owner.cookie);
    expect(revoked.status).toBe(200);
    expect(await jsonOf(revoked)).toEqual({ message: "API token revoked" });
    expect(await jsonOf<unknown[]>(await listTokens(owner.cookie))).toEqual([]);
    expect((await errorOf(await revoke(created.id, owner.cookie), 404)).error).toBe(M.notFound);
    expect(await ActivityLog.count({ where: { entityId: created.id, action: "api_token_revoked" } })).toBe(1);
  });

  it("answers 401 signed out, and a token cannot make another token", async () => {
    expect((await listTokens()).status).toBe(401);
    expect((await createToken({ name: "Dialer", scope: "read" })).status).toBe(401);
    expect((await revoke("00000000-0000-4000-8000-000000000000")).status).toBe(401);
    const { cookie } = await signedInAgent();
    const writer = await madeToken(cookie, { scope: "read-write" });
    const refused = await createToken({ name: "Offspring", scope: "read-write" }, undefined, bearer(writer.token));
    expect((await errorOf(refused, 403)).error).toBe(M.madeWithToken);
    // Listing its owner's tokens with one is a read like any other.
    expect((await listTokens(undefined, bearer(writer.token))).status).toBe(200);
  });
});

describe("a Bearer token on /api", () => {
  it("lets a read token list its user's leads with no cookie, and refuses it a write (403)", async () => {
    const { cookie, agent } = await signedInAgent();
    const lead = await createLead(agent.id);
    const { token } = await madeToken(cookie, { scope: "read" });
    const listed = await leadsWith(token);
    expect(listed.status).toBe(200);
    expect((await jsonOf<{ id: string }[]>(listed)).map((row) => row.id)).toContain(lead.id);

    const refused = await markAllReadWith(token);
    expect((await errorOf(refused, 403)).error).toBe("This token can only read");
  });

  it("lets a read-write token write, and puts the method and path in the audit trail (never the token)", async () => {
    const { cookie, user } = await signedInAgent();
    const created = await madeToken(cookie, { name: "Accounting sheet", scope: "read-write" });
    const res = await callRoute(markAllReadAction, {
      method: "POST",
      path: "/api/notifications/mark-all-read?source=sheet",
      headers: { ...bearer(created.token), "X-Remote-Address": "203.0.113.9" },
    });
    expect(res.status).toBe(200);
    const entries = await ActivityLog.findAll({ where: { entityId: created.id, action: "api_token_write" } });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.userId).toBe(user.id);
    expect(entries[0]!.summary).toBe(
      `API token ${created.prefix}… "Accounting sheet": POST /api/notifications/mark-all-read from 203.0.113.9`,
    );
    // A read by the same token is not audited.
    expect((await leadsWith(created.token)).status).toBe(200);
    expect(await ActivityLog.count({ where: { entityId: created.id, action: "api_token_write" } })).toBe(1);
  });

  it("answers 401 for an unknown, a revoked and an expired token", async () => {
    const { cookie } = await signedInAgent();
    expect((await errorOf(await leadsWith(`acrm_${"x".repeat(43)}`), 401)).error).toBe(M.invalid);

    const revoked = await madeToken(cookie);
    await revoke(revoked.id, cookie);
    expect((await errorOf(await leadsWith(revoked.token), 401)).error).toBe(M.revoked);

    const expiring = await madeToken(cookie, { expiresInDays: 1 });
    await ApiToken.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: expiring.id } });
    expect((await errorOf(await leadsWith(expiring.token), 401)).error).toBe(M.expired);
  });

  it("follows its user's permissions: an agent's token gets 403 on admin routes", async () => {
    const { cookie } = await signedInAgent();
    const { token } = await madeToken(cookie, { scope: "read-write" });
    const res = await callRoute(adminAgentsLoader, { path: "/api/admin/agents", headers: bearer(token) });
    expect(res.status).toBe(403);
  });

  it("gives an admin's token the admin's routes, and holds an admin without a second factor to enrolment", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const { token } = await madeToken(cookie);
    const listed = await callRoute(adminAgentsLoader, { path: "/api/admin/agents", headers: bearer(token) });
    expect(listed.status).toBe(200);

    const unenrolled = await createAdmin({ twoFactor: false });
    const { cookie: unenrolledCookie } = await signInAs(unenrolled);
    const made = await createToken({ name: "Sheet", scope: "read" }, unenrolledCookie);
    expect(made.status).toBe(403);
    const { actor } = await signInAs(unenrolled);
    const { secret } = await createApiToken(actor, { name: "Sheet", scope: "read" });
    const refused = await callRoute(adminAgentsLoader, { path: "/api/admin/agents", headers: bearer(secret) });
    expect(refused.status).toBe(403);
    expect(await jsonOf(refused)).toMatchObject({ code: "two_factor_required" });
  });

  it("stops working while its agent is paused (403, the sign-in's words), and works again once reinstated", async () => {
    const { cookie, agent } = await signedInAgent();
    const { token } = await madeToken(cookie);
    await Agent.update({ status: "paused" }, { where: { id: agent.id } });
    expect((await errorOf(await leadsWith(token), 403)).error).toMatch(/^Account paused\./);
    await Agent.update({ status: "approved" }, { where: { id: agent.id } });
    expect((await leadsWith(token)).status).toBe(200);
  });

  it("is never accepted on a page: a page request with only a token is signed out", async () => {
    const { cookie } = await signedInAgent();
    const { token } = await madeToken(cookie);
    const res = await callRoute(agentLeadsPage, { path: "/agent/leads", headers: bearer(token) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it(`is limited to ${API_TOKEN_REQUESTS_PER_MINUTE} requests a minute: then 429 with Retry-After, and a new minute starts again`, async () => {
    const { cookie } = await signedInAgent();
    const created = await madeToken(cookie);
    const stored = () => ApiToken.findByPk(created.id, { attributes: ["windowCount", "windowStartedAt"] });
    for (let i = 0; i < 3; i++) expect((await leadsWith(created.token)).status).toBe(200);
    expect((await stored())!.windowCount).toBe(3);

    // The window full, begun 20 seconds ago: the next request waits out the other 40.
    await ApiToken.update(
      { windowCount: API_TOKEN_REQUESTS_PER_MINUTE - 1, windowStartedAt: new Date(Date.now() - 20_000) },
      { where: { id: created.id } },
    );
    expect((await leadsWith(created.token)).status).toBe(200);
    const limited = await leadsWith(created.token);
    expect((await errorOf(limited, 429)).error).toBe(M.rateLimited);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(39);
    expect(retryAfter).toBeLessThanOrEqual(40);
    // A write is counted and refused the same way, before anything is audited.
    const writer = await madeToken(cookie, { scope: "read-write" });
    await ApiToken.update(
      { windowCount: API_TOKEN_REQUESTS_PER_MINUTE, windowStartedAt: new Date() },
      { where: { id: writer.id } },
    );
    expect((await markAllReadWith(writer.token)).status).toBe(429);
    expect(await ActivityLog.count({ where: { entityId: writer.id, action: "api_token_write" } })).toBe(0);

    // The minute over, the count starts again at one.
    await ApiToken.update({ windowStartedAt: new Date(Date.now() - 61_000) }, { where: { id: created.id } });
    expect((await leadsWith(created.token)).status).toBe(200);
    expect((await stored())!.windowCount).toBe(1);
  });

  it("lets no more than the limit through when requests come all at once", async () => {
    const { cookie } = await signedInAgent();
    const { token } = await madeToken(cookie);
    const answers = await Promise.all(
      Array.from({ length: API_TOKEN_REQUESTS_PER_MINUTE + 10 }, () => leadsWith(token)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_TOKEN_REQUESTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("notes its last use at most once a minute", async () => {
    const { cookie } = await signedInAgent();
    const created = await madeToken(cookie);
    const lastUsed = async () => (await ApiToken.findByPk(created.id, { attributes: ["lastUsedAt"] }))!.lastUsedAt;
    await leadsWith(created.token);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    const [listed] = await jsonOf<TokenJson[]>(await listTokens(cookie));
    expect(listed!.lastUsedAt).toBe(first!.toISOString());

    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await ApiToken.update({ lastUsedAt: thirtySecondsAgo }, { where: { id: created.id } });
    await leadsWith(created.token);
    expect((await lastUsed())!.getTime()).toBe(thirtySecondsAgo.getTime());

    await ApiToken.update({ lastUsedAt: new Date(Date.now() - 61_000) }, { where: { id: created.id } });
    const before = Date.now();
    await leadsWith(created.token);
    expect((await lastUsed())!.getTime()).toBeGreaterThanOrEqual(before - 5);
  });
});

function cookieOf(res: Response, name: string) {
  const found = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return found?.split(";")[0] ?? null;
}

type PageData = {
  tokens: (TokenJson & { expired: boolean })[];
  selected: TokenJson | null;
  shownToken: { name: string; token: string; exampleUrl: string } | null;
};

describe("the /account/api-tokens page", () => {
  it("creates a token and shows it on the next load only, never in the address", async () => {
    const { cookie } = await signedInAgent();
    const res = await callRoute(pageAction, {
      path: "/account/api-tokens",
      cookie,
      form: { intent: "create", name: "Dialer", scope: "read-write", expiresInDays: "30" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/account/api-tokens");
    const carried = cookieOf(res, "__api_token");
    expect(carried).toBeTruthy();

    const first = await callRoute(pageLoader, { path: "/account/api-tokens", cookie: `${cookie}; ${carried}` });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(cookieOf(first, "__api_token")).toBe("__api_token=");
    const page = await jsonOf<PageData>(first);
    expect(page.shownToken).toMatchObject({ name: "Dialer", exampleUrl: "http://localhost/api/auth/me" });
    const secret = page.shownToken!.token;
    // The carrying cookie is encrypted: the token cannot be read from it.
    expect(carried).not.toContain(secret);
    expect(page.tokens).toHaveLength(1);
    expect(page.tokens[0]).toMatchObject({ name: "Dialer", scope: "read-write", prefix: secret.slice(0, 11) });
    expect(page.tokens[0]!.expired).toBe(false);
    expect((await leadsWith(secret)).status).toBe(200);

    const again = await callRoute(pageLoader, { path: "/account/api-tokens", cookie });
    const text = await again.text();
    expect((JSON.parse(text) as PageData).shownToken).toBeNull();
    expect(text).not.toContain(secret);
  });

  it("keeps a bad form with the messages at the fields", async () => {
    const { cookie } = await signedInAgent();
    const res = await callRoute(pageAction, {
      path: "/account/api-tokens",
      cookie,
      form: { intent: "create", name: " ", scope: "everything", expiresInDays: "1000" },
    });
    expect(res.status).toBe(400);
    const body = await jsonOf<{ intent: string; result: { error: Record<string, string[]> } }>(res);
    expect(body.intent).toBe("create");
    expect(body.result.error).toEqual({ name: [M.name], scope: [M.scope], expiresInDays: [M.expiresInDays] });
    expect(cookieOf(res, "__api_token")).toBeNull();
  });

  it("revokes the caller's own token; another user's is a 404 in the dialog and refused by the action", async () => {
    const owner = await signedInAgent();
    const other = await signedInAgent();
    const created = await madeToken(owner.cookie);
    const dialog = await callRoute(pageLoader, {
      path: `/account/api-tokens?dialog=revoke&id=${created.id}`,
      cookie: owner.cookie,
    });
    expect((await jsonOf<PageData>(dialog)).selected).toMatchObject({ id: created.id, name: "Dialer" });
    const foreign = await callRoute(pageLoader, {
      path: `/account/api-tokens?dialog=revoke&id=${created.id}`,
      cookie: other.cookie,
    });
    expect(foreign.status).toBe(404);

    const refused = await callRoute(pageAction, {
      path: `/account/api-tokens?dialog=revoke&id=${created.id}`,
      cookie: other.cookie,
      form: { intent: "revoke", id: created.id },
    });
    expect(refused.status).toBe(302);
    expect((await leadsWith(created.token)).status).toBe(200);

    const revoked = await callRoute(pageAction, {
      path: `/account/api-tokens?dialog=revoke&id=${created.id}`,
      cookie: owner.cookie,
      form: { intent: "revoke", id: created.id },
    });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe("/account/api-tokens");
    expect((await errorOf(await leadsWith(created.token), 401)).error).toBe(M.revoked);
  });
});
