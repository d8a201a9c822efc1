import { describe, expect, it } from "vitest";
import { Attempt, Session, User } from "~db";
import { action as loginAction } from "~/routes/api+/auth.login";
import { action as logoutAction } from "~/routes/api+/auth.logout";
import { loader as meLoader } from "~/routes/api+/auth.me";
import { action as registerAction } from "~/routes/api+/auth.register";
import { action as timezoneAction } from "~/routes/api+/auth.timezone";
import { TIMEZONES } from "~/domain/timezones";
import { SIGN_IN_LIMITS } from "~/services/rate-limits.server";
import { TEST_PASSWORD, createAdmin, createAgent, signInAs, uniqueEmail } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

const uniqueLicense = () => `FL-${crypto.randomUUID().slice(0, 8)}`;

describe("POST /api/auth/login", () => {
  it("signs in an admin, returns the user and sets an httpOnly SameSite=Lax session cookie", async () => {
    // Not enrolled: the password alone opens the session (with a second factor: two-factor.test.ts).
    const admin = await createAdmin({ twoFactor: false });
    const res = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<{ user: { role: string; email: string }; requirePasswordReset: boolean }>(res);
    expect(body.user.role).toBe("admin");
    expect(body.requirePasswordReset).toBe(false);
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(/__session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("accepts the email in any case and with spaces around it", async () => {
    const admin = await createAdmin();
    const res = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: `  ${admin.email.toUpperCase()} `, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it("answers 401 Invalid credentials for a wrong password or an unknown email", async () => {
    const admin = await createAdmin();
    const wrong = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: admin.email, password: "nope-nope" },
    });
    expect(wrong.status).toBe(401);
    expect((await jsonOf(wrong)).error).toBe("Invalid credentials");
    const unknown = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: uniqueEmail(), password: "whatever1" },
    });
    expect(unknown.status).toBe(401);
    expect((await jsonOf(unknown)).error).toBe("Invalid credentials");
  });

  it("refuses a pending agent with Account pending approval", async () => {
    const { user } = await createAgent({ status: "pending", setupComplete: false });
    const res = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(String((await jsonOf(res)).error)).toContain("Account pending approval");
  });

  it("refuses paused and rejected agents and says why", async () => {
    const paused = await createAgent({ status: "paused" });
    const rejected = await createAgent({ status: "rejected" });
    const a = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: paused.user.email, password: TEST_PASSWORD },
    });
    const b = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: rejected.user.email, password: TEST_PASSWORD },
    });
    expect(a.status).toBe(403);
    expect(String((await jsonOf(a)).error)).toContain("Account paused");
    expect(b.status).toBe(403);
    expect(String((await jsonOf(b)).error)).toContain("Account rejected");
  });

  it("answers 400 with field errors for a missing email or password, and for malformed JSON", async () => {
    const res = await callRoute(loginAction, { path: "/api/auth/login", json: { email: "" } });
    expect(res.status).toBe(400);
    const body = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(res);
    expect(body.fieldErrors.email).toContain("Email is required");
    expect(body.fieldErrors.password).toContain("Password is required");
    const malformed = await callRoute(loginAction, { path: "/api/auth/login", rawBody: "{not json" });
    expect(malformed.status).toBe(400);
    expect((await jsonOf(malformed)).error).toBe("Request body must be valid JSON");
  });

  it("after 5 failures for one account from one address that address is told to wait, while the right password from another address signs in", async () => {
    const { user } = await createAgent({ status: "approved" });
    const stranger = {
      "X-Remote-Address": `10.8.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
    };
    for (let i = 0; i < 5; i++) {
      const res = await callRoute(loginAction, {
        path: "/api/auth/login",
        headers: stranger,
        json: { email: user.email, password: `wrong-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await callRoute(loginAction, {
      path: "/api/auth/login",
      headers: stranger,
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect((await jsonOf(blocked)).error).toBe(
      "Too many failed sign-in attempts. Please wait 30 seconds and try again.",
    );
    // The wait the message names, for a client to schedule its retry: 30 s from the last failure.
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThanOrEqual(25);
    expect(Number(blocked.headers.get("Retry-After"))).toBeLessThanOrEqual(30);
    const owner = await callRoute(loginAction, {
      path: "/api/auth/login",
      headers: { "X-Remote-Address": `10.7.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` },
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(owner.status).toBe(200);
  });

  it("counts failures per address too (20 an hour, whatever the accounts), and forgets failures older than an hour", async () => {
    const ip = `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const headers = { "X-Remote-Address": ip };
    for (let i = 0; i < SIGN_IN_LIMITS.address.max; i++) {
      await callRoute(loginAction, {
        path: "/api/auth/login",
        headers,
        json: { email: uniqueEmail(), password: "wrong-pass" },
      });
    }
    const { user } = await createAgent({ status: "approved" });
    const blocked = await callRoute(loginAction, {
      path: "/api/auth/login",
      headers,
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    // Age the failures past the window: the address may try again.
    await Attempt.update(
      { createdAt: new Date(Date.now() - SIGN_IN_LIMITS.address.windowMs - 60_000) },
      { where: { kind: SIGN_IN_LIMITS.address.kind, key: ip }, silent: true },
    );
    const allowed = await callRoute(loginAction, {
      path: "/api/auth/login",
      headers,
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(allowed.status).toBe(200);
  });

  it("hands a user who must set a new password a reset token instead of a session", async () => {
    const admin = await createAdmin({ twoFactor: false });
    await User.update({ mustChangePassword: true }, { where: { id: admin.id } });
    const res = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: admin.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = await jsonOf<{ requirePasswordReset: boolean; resetToken: string }>(res);
    expect(body.requirePasswordReset).toBe(true);
    expect(body.resetToken.length).toBeGreaterThan(20);
    expect(setCookieOf(res)).toBe("");
  });

  it("rotates the session: the session the browser had before signing in ends", async () => {
    const admin = await createAdmin();
    const before = await signInAs(admin);
    await callRoute(loginAction, {
      path: "/api/auth/login",
      cookie: before.cookie,
      json: { email: admin.email, password: TEST_PASSWORD },
    });
    const me = await callRoute(meLoader, { path: "/api/auth/me", cookie: before.cookie });
    expect(me.status).toBe(401);
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("answers 401 signed out, the user signed in, and 401 again after logout", async () => {
    const signedOut = await callRoute(meLoader, { path: "/api/auth/me" });
    expect(signedOut.status).toBe(401);
    expect((await jsonOf(signedOut)).error).toBe("Not signed in");

    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const me = await callRoute(meLoader, { path: "/api/auth/me", cookie });
    expect(me.status).toBe(200);
    const body = await jsonOf<{ user: { email: string; role: string; agent: { status: string } } }>(me);
    expect(body.user.email).toBe(user.email);
    expect(body.user.agent.status).toBe("approved");
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|scrypt/);

    const out = await callRoute(logoutAction, { method: "POST", path: "/api/auth/logout", cookie });
    expect(out.status).toBe(200);
    expect(setCookieOf(out)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await callRoute(meLoader, { path: "/api/auth/me", cookie })).status).toBe(401);
  });

  it("expires a session after 12 hours", async () => {
    const admin = await createAdmin();
    const { cookie, token } = await signInAs(admin);
    const { sha256 } = await import("~/utils/crypto.server");
    await Session.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: sha256(token) } });
    expect((await callRoute(meLoader, { path: "/api/auth/me", cookie })).status).toBe(401);
  });
});

describe("POST /api/auth/register", () => {
  const valid = () => ({
    firstName: "Rae",
    lastName: "Newman",
    email: uniqueEmail("reg"),
    phone: "(813) 555-0199",
    licenseNumber: uniqueLicense(),
    password: "secret1",
  });

  it("creates a pending agent that cannot sign in yet", async () => {
    const input = valid();
    const res = await callRoute(registerAction, { path: "/api/auth/register", json: input });
    expect(res.status).toBe(201);
    const user = await User.findOne({ where: { email: input.email }, include: ["agent"] });
    expect(user?.role).toBe("agent");
    expect(user?.agent?.status).toBe("pending");
    expect(user?.passwordHash).not.toContain(input.password);
    const login = await callRoute(loginAction, {
      path: "/api/auth/login",
      json: { email: input.email, password: input.password },
    });
    expect(String((await jsonOf(login)).error)).toContain("Account pending approval");
  });

  it("requires all six fields and a password of at least 6 characters", async () => {
    const res = await callRoute(registerAction, {
      path: "/api/auth/register",
      json: { ...valid(), firstName: "", licenseNumber: "", password: "12345" },
    });
    expect(res.status).toBe(400);
    const { fieldErrors } = await jsonOf<{ fieldErrors: Record<string, string[]> }>(res);
    expect(fieldErrors.firstName).toContain("First name is required");
    expect(fieldErrors.licenseNumber).toContain("License number is required");
    expect(fieldErrors.password).toContain("Password must be at least 6 characters");
    const six = await callRoute(registerAction, {
      path: "/api/auth/register",
      json: { ...valid(), password: "123456" },
    });
    expect(six.status).toBe(201);
  });

  it("answers a taken email as it answers a new one (same status and body), and makes no second account", async () => {
    const input = valid();
    const first = await callRoute(registerAction, { path: "/api/auth/register", json: input });
    const again = await callRoute(registerAction, {
      path: "/api/auth/register",
      json: { ...input, email: input.email.toUpperCase(), licenseNumber: uniqueLicense() },
    });
    expect(again.status).toBe(first.status);
    expect(await jsonOf(again)).toEqual(await jsonOf(first));
    expect(await User.count({ where: { email: input.email.toLowerCase() } })).toBe(1);
  });
});

describe("PUT /api/auth/timezone", () => {
  it("saves one of the 8 time zones and refuses anything else with 400", async () => {
    expect(TIMEZONES).toHaveLength(8);
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    const ok = await callRoute(timezoneAction, {
      method: "PUT",
      path: "/api/auth/timezone",
      cookie,
      json: { timezone: "Pacific/Honolulu" },
    });
    expect(ok.status).toBe(200);
    expect((await User.findByPk(admin.id))?.timezone).toBe("Pacific/Honolulu");
    const bad = await callRoute(timezoneAction, {
      method: "PUT",
      path: "/api/auth/timezone",
      cookie,
      json: { timezone: "Europe/Paris" },
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).error).toBe("Choose one of the listed time zones.");
    const signedOut = await callRoute(timezoneAction, {
      method: "PUT",
      path: "/api/auth/timezone",
      json: { timezone: "UTC" },
    });
    expect(signedOut.status).toBe(401);
  });
});
