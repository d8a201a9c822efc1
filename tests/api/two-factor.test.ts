import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ActivityLog, RecoveryCode, TwoFactorChallenge, TwoFactorCredential, User } from "~db";
import { action as resetApi } from "~/routes/api+/admin.agents.$id.reset-two-factor";
import { loader as leadSourcesApi } from "~/routes/api+/admin.lead-sources";
import { action as loginApi } from "~/routes/api+/auth.login";
import { loader as meApi } from "~/routes/api+/auth.me";
import { action as disableApi } from "~/routes/api+/auth.two-factor.disable";
import { action as enableApi } from "~/routes/api+/auth.two-factor.enable";
import { action as recoveryCodesApi } from "~/routes/api+/auth.two-factor.recovery-codes";
import { action as setupApi } from "~/routes/api+/auth.two-factor.setup";
import { action as verifyApi } from "~/routes/api+/auth.verify-two-factor";
import { action as loginPageAction } from "~/routes/_auth+/login";
import { action as twoFactorPageAction, loader as twoFactorPageLoader } from "~/routes/_auth+/login_.two-factor";
import { action as securityAction, loader as securityLoader } from "~/routes/_portal+/account.security";
import { loader as dashboardLoader } from "~/routes/admin+/dashboard";
import { action as agentManagementAction } from "~/routes/admin+/agent-management";
import { TWO_FACTOR_MESSAGES as M, resetTwoFactorFromConsole } from "~/services/two-factor.server";
import { TEST_PASSWORD, TEST_TOTP_SECRET, createAdmin, createAgent, signInAs, totpCode } from "../support/factories";
import { uniqueIp } from "../support/form-submission-factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// Issue 27 item 1: TOTP two-factor sign-in, through the /api routes and the pages' loaders and
// actions, on the test database (SQLite or Postgres).

type ErrorBody = { error: string; code?: string; fieldErrors?: Record<string, string[]> };

const post = (handler: Parameters<typeof callRoute>[0], path: string, json: unknown, cookie?: string, ip?: string) =>
  callRoute(handler, { path, json, cookie, headers: ip ? { "X-Remote-Address": ip } : {} });

const login = (email: string, ip = uniqueIp()) =>
  post(loginApi, "/api/auth/login", { email, password: TEST_PASSWORD }, undefined, ip);

async function challengeFor(email: string, ip = uniqueIp()) {
  const res = await login(email, ip);
  expect(res.status).toBe(200);
  const body = await jsonOf<{ requireTwoFactor: boolean; challenge: string }>(res);
  expect(body.requireTwoFactor).toBe(true);
  return body.challenge;
}

const verify = (challenge: string, code: string, ip = uniqueIp()) =>
  post(verifyApi, "/api/auth/verify-two-factor", { challenge, code }, undefined, ip);

/** A user enrolled through the API: their secret and their ten recovery codes. */
async function enrol(cookie: string) {
  const setup = await jsonOf<{ secret: string; otpauthUrl: string }>(
    await post(setupApi, "/api/auth/two-factor/setup", {}, cookie),
  );
  const enabled = await post(enableApi, "/api/auth/two-factor/enable", { code: totpCode(setup.secret) }, cookie);
  expect(enabled.status).toBe(200);
  const { recoveryCodes } = await jsonOf<{ recoveryCodes: string[] }>(enabled);
  return { secret: setup.secret, recoveryCodes };
}

const actions = async (userId: string, action: string) =>
  ActivityLog.findAll({ where: { userId, action }, attributes: ["summary"], raw: true });

describe("enrolment through the API", () => {
  it("sets up a secret, refuses a wrong code at its field, and turns on with a right one: ten recovery codes, stored hashed", async () => {
    const admin = await createAdmin({ twoFactor: false });
    const { cookie } = await signInAs(admin);

    const setupRes = await post(setupApi, "/api/auth/two-factor/setup", {}, cookie);
    expect(setupRes.status).toBe(200);
    const setup = await jsonOf<{ secret: string; otpauthUrl: string }>(setupRes);
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauthUrl).toBe(
      `otpauth://totp/Agency%20CRM:${encodeURIComponent(admin.email)}?secret=${setup.secret}&issuer=Agency+CRM&algorithm=SHA1&digits=6&period=30`,
    );
    // Kept encrypted, never as typed.
    const pending = (await TwoFactorCredential.findByPk(admin.id))!;
    expect(pending.pendingSecretEncrypted).toBeTruthy();
    expect(pending.pendingSecretEncrypted).not.toContain(setup.secret);

    const wrong = await post(enableApi, "/api/auth/two-factor/enable", { code: "000000" }, cookie);
    expect(wrong.status).toBe(400);
    expect((await jsonOf<ErrorBody>(wrong)).fieldErrors).toEqual({ code: [M.invalidTotp] });
    const blank = await post(enableApi, "/api/auth/two-factor/enable", {}, cookie);
    expect(blank.status).toBe(400);
    expect((await jsonOf<ErrorBody>(blank)).fieldErrors?.code).toBeTruthy();

    const enabled = await post(enableApi, "/api/auth/two-factor/enable", { code: totpCode(setup.secret) }, cookie);
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = await jsonOf<{ recoveryCodes: string[] }>(enabled);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await RecoveryCode.findAll({ where: { userId: admin.id }, raw: true });
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recoveryCodes.join(" ")).not.toContain(row.codeHash);

    const credential = (await TwoFactorCredential.findByPk(admin.id))!;
    expect(credential.secretEncrypted).toBeTruthy();
    expect(credential.pendingSecretEncrypted).toBeNull();
    expect((await User.findByPk(admin.id))!.twoFactorEnabledAt).toBeInstanceOf(Date);
    const audit = await actions(admin.id, "two_factor_enabled");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).not.toContain(setup.secret);

    // On already: a new setup or a second enable is a conflict.
    expect((await post(setupApi, "/api/auth/two-factor/setup", {}, cookie)).status).toBe(409);
    const again = await post(enableApi, "/api/auth/two-factor/enable", { code: totpCode(setup.secret, 1) }, cookie);
    expect(again.status).toBe(409);
    expect((await jsonOf<ErrorBody>(again)).error).toBe(M.alreadyEnabled);
  });

  it("refuses to turn on without a setup first (409), and setup needs a session (401)", async () => {
    const { cookie } = await signInAs((await createAgent()).user);
    const res = await post(enableApi, "/api/auth/two-factor/enable", { code: "123456" }, cookie);
    expect(res.status).toBe(409);
    expect((await jsonOf<ErrorBody>(res)).error).toBe(M.notStarted);
    expect((await post(setupApi, "/api/auth/two-factor/setup", {})).status).toBe(401);
  });
});

describe("administrators must enrol", () => {
  it("answers 403 two_factor_required on admin API routes and sends admin pages to /account/security until enrolled", async () => {
    const admin = await createAdmin({ twoFactor: false });
    const { cookie } = await signInAs(admin);

    const refused = await callRoute(leadSourcesApi, { path: "/api/admin/lead-sources", cookie });
    expect(refused.status).toBe(403);
    expect(await jsonOf<ErrorBody>(refused)).toMatchObject({ code: "two_factor_required" });
    const page = await callRoute(dashboardLoader, { path: "/admin/dashboard", cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/account/security");

    // What stays open: who am I, and the enrolment itself (page and API).
    expect((await callRoute(meApi, { path: "/api/auth/me", cookie })).status).toBe(200);
    const enrolment = await callRoute(securityLoader, { path: "/account/security", cookie });
    expect(enrolment.status).toBe(200);
    expect(await jsonOf(enrolment)).toMatchObject({ mustEnrol: true, status: { enabled: false, pending: null } });

    await enrol(cookie);
    expect((await callRoute(leadSourcesApi, { path: "/api/admin/lead-sources", cookie })).status).toBe(200);
    expect((await callRoute(dashboardLoader, { path: "/admin/dashboard", cookie })).status).toBe(200);
  });

  it("lets an un-enrolled admin sign in with the password alone, to enrol", async () => {
    const admin = await createAdmin({ twoFactor: false });
    const res = await login(admin.email);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toMatchObject({ user: { role: "admin", twoFactorEnabled: false } });
    expect(setCookieOf(res)).toMatch(/__session=/);
  });
});

describe("sign-in with a second factor (API)", () => {
  it("answers a challenge instead of a session, and the code completes the sign-in", async () => {
    const admin = await createAdmin();
    const res = await login(admin.email);
    expect(setCookieOf(res)).not.toMatch(/__session=/);
    const { challenge } = await jsonOf<{ challenge: string }>(res);
    // Stored only as its hash.
    expect(await TwoFactorChallenge.findByPk(challenge)).toBeNull();

    const wrong = await verify(challenge, "000000");
    expect(wrong.status).toBe(400);
    expect((await jsonOf<ErrorBody>(wrong)).fieldErrors).toEqual({ code: [M.invalidCode] });

    const right = await verify(challenge, totpCode());
    expect(right.status).toBe(200);
    expect(await jsonOf(right)).toMatchObject({
      user: { id: admin.id, twoFactorEnabled: true },
      requirePasswordReset: false,
    });
    expect(setCookieOf(right)).toMatch(/__session=/);

    // A challenge opens one session only.
    const reused = await verify(challenge, totpCode(TEST_TOTP_SECRET, 1));
    expect(reused.status).toBe(401);
    expect((await jsonOf<ErrorBody>(reused)).error).toBe(M.challengeExpired);
  });

  it("never accepts one code twice, even with a new challenge", async () => {
    const admin = await createAdmin();
    const code = totpCode();
    expect((await verify(await challengeFor(admin.email), code)).status).toBe(200);
    const replay = await verify(await challengeFor(admin.email), code);
    expect(replay.status).toBe(400);
    // The next step's code, not used yet, is.
    expect((await verify(await challengeFor(admin.email), totpCode(TEST_TOTP_SECRET, 1))).status).toBe(200);
  });

  it("accepts each recovery code once, and audits its use", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const { recoveryCodes } = await enrol(cookie);
    const code = recoveryCodes[3]!;

    // Typed in capitals and without the dash: the same code.
    const first = await verify(await challengeFor(user.email), code.toUpperCase().replace("-", ""));
    expect(first.status).toBe(200);
    expect(await actions(user.id, "two_factor_recovery_code_used")).toHaveLength(1);
    const second = await verify(await challengeFor(user.email), code);
    expect(second.status).toBe(400);
    // Another user's codes are not this one's.
    const other = await createAdmin();
    expect((await verify(await challengeFor(other.email), recoveryCodes[4]!)).status).toBe(400);
  });

  it("refuses an expired challenge (401) and a malformed body (400)", async () => {
    const admin = await createAdmin();
    const challenge = await challengeFor(admin.email);
    await TwoFactorChallenge.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { userId: admin.id } });
    expect((await verify(challenge, totpCode())).status).toBe(401);
    expect((await verify("not-a-challenge", totpCode())).status).toBe(401);
    const malformed = await post(verifyApi, "/api/auth/verify-two-factor", { code: 123456 });
    expect(malformed.status).toBe(400);
    expect((await jsonOf<ErrorBody>(malformed)).fieldErrors?.challenge).toBeTruthy();
  });

  it("limits wrong codes to 5 per user and address, refusing even the right code after, but not from another address", async () => {
    const admin = await createAdmin();
    const ip = uniqueIp();
    const challenge = await challengeFor(admin.email, ip);
    for (let i = 0; i < 5; i++) expect((await verify(challenge, `00000${i}`, ip)).status).toBe(400);
    const limited = await verify(challenge, totpCode(), ip);
    expect(limited.status).toBe(429);
    expect((await jsonOf<ErrorBody>(limited)).error).toBe(
      "Too many wrong codes. Please wait 15 minutes and try again.",
    );
    expect((await verify(challenge, totpCode(), uniqueIp())).status).toBe(200);
  });

  it("limits wrong codes to 20 an hour per user from every address together", async () => {
    const admin = await createAdmin();
    const challenge = await challengeFor(admin.email);
    for (let i = 0; i < 20; i++)
      expect((await verify(challenge, `1000${String(i).padStart(2, "0")}`)).status).toBe(400);
    const limited = await verify(challenge, totpCode());
    expect(limited.status).toBe(429);
    expect((await jsonOf<ErrorBody>(limited)).error).toBe(
      "Too many wrong codes for this account. Please try again in an hour.",
    );
  });
});

describe("recovery codes, turning off and the admin's reset", () => {
  it("regenerates the recovery codes for a current code: the old ones stop working", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const { secret, recoveryCodes: old } = await enrol(cookie);
    const { cookie: enrolled } = await signInAs(user);

    const wrong = await post(recoveryCodesApi, "/api/auth/two-factor/recovery-codes", { code: "000000" }, enrolled);
    expect(wrong.status).toBe(400);
    expect((await jsonOf<ErrorBody>(wrong)).fieldErrors).toEqual({ code: [M.invalidTotp] });
    // A recovery code does not make new recovery codes.
    const withRecovery = await post(
      recoveryCodesApi,
      "/api/auth/two-factor/recovery-codes",
      { code: old[0] },
      enrolled,
    );
    expect(withRecovery.status).toBe(400);

    const res = await post(
      recoveryCodesApi,
      "/api/auth/two-factor/recovery-codes",
      { code: totpCode(secret, 1) },
      enrolled,
    );
    expect(res.status).toBe(200);
    const { recoveryCodes } = await jsonOf<{ recoveryCodes: string[] }>(res);
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((code) => old.includes(code))).toBe(false);
    expect((await verify(await challengeFor(user.email), old[1]!)).status).toBe(400);
    expect((await verify(await challengeFor(user.email), recoveryCodes[1]!)).status).toBe(200);
    expect(await actions(user.id, "two_factor_recovery_codes_regenerated")).toHaveLength(1);
  });

  it("lets an agent turn it off with a code, and refuses an administrator (403)", async () => {
    const { user } = await createAgent();
    const { secret } = await enrol((await signInAs(user)).cookie);
    const { cookie } = await signInAs(user);
    const off = await post(disableApi, "/api/auth/two-factor/disable", { code: totpCode(secret, 1) }, cookie);
    expect(off.status).toBe(200);
    expect((await User.findByPk(user.id))!.twoFactorEnabledAt).toBeNull();
    expect(await RecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await actions(user.id, "two_factor_disabled")).toHaveLength(1);
    expect(await jsonOf(await login(user.email))).toMatchObject({ user: { id: user.id } });

    const { cookie: adminCookie } = await signInAs(await createAdmin());
    const refused = await post(disableApi, "/api/auth/two-factor/disable", { code: totpCode() }, adminCookie);
    expect(refused.status).toBe(403);
    expect((await jsonOf<ErrorBody>(refused)).error).toBe(M.adminMustKeep);
  });

  it("lets an admin reset an agent's second factor, audited without the secret; an agent may not, an unknown agent is 404", async () => {
    const { user, agent } = await createAgent();
    const { secret } = await enrol((await signInAs(user)).cookie);
    const admin = await createAdmin();
    const { cookie: adminCookie } = await signInAs(admin);
    const reset = (id: string, cookie: string) =>
      callRoute(resetApi, { path: `/api/admin/agents/${id}/reset-two-factor`, params: { id }, cookie, json: {} });

    const { cookie: agentCookie } = await signInAs(user);
    expect((await reset(agent.id, agentCookie)).status).toBe(403);
    expect((await reset(crypto.randomUUID(), adminCookie)).status).toBe(404);
    expect((await reset("not-a-uuid", adminCookie)).status).toBe(404);

    const res = await reset(agent.id, adminCookie);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ success: true });
    expect(await TwoFactorCredential.findByPk(user.id)).toBeNull();
    const audit = await actions(admin.id, "two_factor_reset");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain(user.firstName);
    expect(audit[0]!.summary).not.toContain(secret);
    // The password alone signs the agent in again.
    const signedIn = await login(user.email);
    expect(setCookieOf(signedIn)).toMatch(/__session=/);
  });

  it("the server console resets an administrator's second factor: sessions end, the next sign-in enrols again", async () => {
    const admin = await createAdmin();
    await RecoveryCode.create({ userId: admin.id, codeHash: crypto.randomBytes(32).toString("hex") });
    const { cookie } = await signInAs(admin);
    expect((await callRoute(meApi, { path: "/api/auth/me", cookie })).status).toBe(200);

    expect(await resetTwoFactorFromConsole("nobody-here@example.com")).toBeNull();
    // The address as typed at a console: any case, stray spaces.
    expect(await resetTwoFactorFromConsole(`  ${admin.email.toUpperCase()} `)).toEqual({
      userId: admin.id,
      role: "admin",
    });
    expect(await TwoFactorCredential.findByPk(admin.id)).toBeNull();
    expect(await RecoveryCode.count({ where: { userId: admin.id } })).toBe(0);
    expect((await User.findByPk(admin.id))!.twoFactorEnabledAt).toBeNull();
    expect((await callRoute(meApi, { path: "/api/auth/me", cookie })).status).toBe(401);
    const audit = await ActivityLog.findAll({
      where: { entityId: admin.id, action: "two_factor_console_reset" },
      raw: true,
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBeNull();
    expect(audit[0]!.summary).toBe("Two-factor sign-in of Ada Admin reset from the server console");
    // The password alone signs in, and the admin portal sends them to set a second factor up first.
    const signedIn = await login(admin.email);
    expect(await jsonOf(signedIn)).toMatchObject({ user: { id: admin.id } });
    const portal = await callRoute(dashboardLoader, {
      path: "/admin/dashboard",
      cookie: setCookieOf(signedIn).split(";")[0],
    });
    expect(portal.status).toBe(302);
    expect(portal.headers.get("Location")).toMatch(/^\/account\/security/);
  });
});

describe("the pages", () => {
  it("resets an agent's second factor from the agent's profile on Agents Management, with its toast", async () => {
    const { user, agent } = await createAgent();
    await enrol((await signInAs(user)).cookie);
    const { cookie } = await signInAs(await createAdmin());
    const res = await callRoute(agentManagementAction, {
      path: `/admin/agent-management?dialog=profile&agent=${agent.id}`,
      form: { intent: "reset-two-factor", agentId: agent.id },
      cookie,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/agent-management");
    expect(res.headers.getSetCookie().some((line) => line.startsWith("__toast="))).toBe(true);
    expect((await User.findByPk(user.id))!.twoFactorEnabledAt).toBeNull();
  });

  it("signs in through /login and /login/two-factor, with the challenge in an httpOnly cookie, never the URL", async () => {
    const admin = await createAdmin();
    const ip = uniqueIp();
    const first = await callRoute(loginPageAction, {
      path: "/login",
      form: { intent: "login", email: admin.email, password: TEST_PASSWORD, redirectTo: "/admin/leads" },
      headers: { "X-Remote-Address": ip },
    });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login/two-factor?redirectTo=%2Fadmin%2Fleads");
    const setCookie = setCookieOf(first);
    expect(setCookie).toMatch(/__two_factor=.+HttpOnly/i);
    expect(setCookie).not.toMatch(/__session=[^;]/);
    const cookie = setCookie.split(";")[0]!;

    const page = await callRoute(twoFactorPageLoader, {
      path: "/login/two-factor?redirectTo=%2Fadmin%2Fleads",
      cookie,
    });
    expect(await jsonOf(page)).toEqual({ redirectTo: "/admin/leads" });

    const wrong = await callRoute(twoFactorPageAction, {
      path: "/login/two-factor",
      form: { code: "123 456", redirectTo: "/admin/leads" },
      cookie,
      headers: { "X-Remote-Address": ip },
    });
    expect(wrong.status).toBe(400);
    const refused = await jsonOf<{ result: { error: Record<string, string[]>; initialValue: Record<string, string> } }>(
      wrong,
    );
    expect(refused.result.error.code).toEqual([M.invalidCode]);
    expect(refused.result.initialValue.code).toBe("123 456");

    const right = await callRoute(twoFactorPageAction, {
      path: "/login/two-factor",
      form: { code: totpCode(), redirectTo: "/admin/leads" },
      cookie,
      headers: { "X-Remote-Address": ip },
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/leads");
    const cookies = right.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/__session=[^;]+/);
    expect(cookies).toMatch(/__two_factor=;/);
  });

  it("sends /login/two-factor without a live challenge back to /login", async () => {
    const res = await callRoute(twoFactorPageLoader, { path: "/login/two-factor" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login");
  });

  it("enrols on /account/security: setup, a wrong code at the field, then the codes shown once", async () => {
    const admin = await createAdmin({ twoFactor: false });
    const { cookie } = await signInAs(admin);
    const setup = await callRoute(securityAction, { path: "/account/security", form: { intent: "setup" }, cookie });
    expect(setup.status).toBe(302);
    const shown = await jsonOf<{ status: { pending: { secret: string } }; qrSvg: string }>(
      await callRoute(securityLoader, { path: "/account/security", cookie }),
    );
    expect(shown.qrSvg).toMatch(/^<svg/);
    const secret = shown.status.pending.secret;

    const wrong = await callRoute(securityAction, {
      path: "/account/security",
      form: { intent: "enable", code: "000000" },
      cookie,
    });
    expect(wrong.status).toBe(400);
    expect(await jsonOf(wrong)).toMatchObject({ intent: "enable", result: { error: { code: [M.invalidTotp] } } });

    const enabled = await callRoute(securityAction, {
      path: "/account/security",
      form: { intent: "enable", code: totpCode(secret) },
      cookie,
    });
    expect(enabled.status).toBe(302);
    const flash = enabled.headers
      .getSetCookie()
      .find((line) => line.startsWith("__recovery_codes="))!
      .split(";")[0]!;
    // The codes travel encrypted: not readable from the cookie.
    const page = await callRoute(securityLoader, { path: "/account/security", cookie: `${cookie}; ${flash}` });
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const body = await jsonOf<{ recoveryCodes: string[]; status: { enabled: boolean; recoveryCodesLeft: number } }>(
      page,
    );
    expect(body.recoveryCodes).toHaveLength(10);
    for (const code of body.recoveryCodes) expect(decodeURIComponent(flash)).not.toContain(code);
    expect(body.status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Once: the same load without the flash shows none.
    expect(await jsonOf(await callRoute(securityLoader, { path: "/account/security", cookie }))).toMatchObject({
      recoveryCodes: null,
    });
  });
});
