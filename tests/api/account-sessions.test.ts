import { describe, expect, it } from "vitest";
import { ActivityLog, Session, sequelize } from "~db";
import { action as endOneAction } from "~/routes/api+/auth.sessions.$id";
import { loader as listLoader } from "~/routes/api+/auth.sessions";
import { action as othersAction } from "~/routes/api+/auth.sessions.sign-out-others";
import { action as pageAction, loader as pageLoader } from "~/routes/_portal+/account.sessions";
import type { AccountSessionView } from "~/services/account-sessions.server";
import { createSession, getSessionUser } from "~/services/sessions.server";
import { sha256 } from "~/utils/crypto.server";
import { sessionCookie } from "~/utils/session.server";
import { readToast } from "~/utils/toast.server";
import { createAgent } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// The sessions page and its API (issue 27 item 2, decision 080): a user lists and ends their own
// sessions, never another's, by an id that is not the hash of the cookie's token.

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

const cookieOf = async (token: string) => (await sessionCookie.serialize(token)).split(";")[0]!;

/** An agent signed in on a Mac (the request's session) and on an iPhone. */
async function agentOnTwoDevices() {
  const { user } = await createAgent({ status: "approved" });
  const laptop = await createSession(user.id, { ip: "203.0.113.7", userAgent: CHROME_MAC });
  const phone = await createSession(user.id, { ip: "198.51.100.23", userAgent: SAFARI_IPHONE });
  return { user, laptop, phone, cookie: await cookieOf(laptop) };
}

const list = async (cookie?: string) => callRoute(listLoader, { path: "/api/auth/sessions", cookie });
const endOne = (id: string, cookie?: string) =>
  callRoute(endOneAction, { method: "DELETE", path: `/api/auth/sessions/${id}`, params: { id }, cookie });
const endOthers = (cookie?: string) =>
  callRoute(othersAction, { method: "POST", path: "/api/auth/sessions/sign-out-others", cookie });

async function publicIdOf(token: string) {
  return (await Session.findByPk(sha256(token), { attributes: ["publicId"], raw: true }))!.publicId;
}

describe("GET /api/auth/sessions", () => {
  it("lists the caller's sessions, this device first, with browser, address and times, never the token's hash", async () => {
    const { laptop, phone, cookie } = await agentOnTwoDevices();
    const res = await list(cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.clone().text();
    expect(text).not.toContain(sha256(laptop));
    expect(text).not.toContain(sha256(phone));
    const sessions = await jsonOf<AccountSessionView[]>(res);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      id: await publicIdOf(laptop),
      browser: "Chrome 131 on macOS",
      ipAddress: "203.0.113.7",
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      id: await publicIdOf(phone),
      browser: "Safari 17 on iOS",
      ipAddress: "198.51.100.23",
      current: false,
    });
    for (const session of sessions) {
      expect(Date.parse(session.createdAt)).not.toBeNaN();
      // Set as the session is made (the same moment, give or take the insert's own clock reading).
      expect(Math.abs(Date.parse(session.lastSeenAt) - Date.parse(session.createdAt))).toBeLessThan(1000);
    }
  });

  it("shows no other user's session and no expired one, and answers 401 signed out", async () => {
    const { user, cookie } = await agentOnTwoDevices();
    const stranger = await agentOnTwoDevices();
    const expired = await createSession(user.id, { ip: "192.0.2.1" });
    await Session.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id: sha256(expired) } });
    const ids = (await jsonOf<AccountSessionView[]>(await list(cookie))).map((session) => session.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(await publicIdOf(stranger.laptop));
    expect(ids).not.toContain(await publicIdOf(expired));
    expect((await list()).status).toBe(401);
  });

  it("a session without a User-Agent reads Unknown browser", async () => {
    const { user } = await createAgent({ status: "approved" });
    const token = await createSession(user.id, {});
    const [session] = await jsonOf<AccountSessionView[]>(await list(await cookieOf(token)));
    expect(session).toMatchObject({ browser: "Unknown browser", ipAddress: null, current: true });
  });
});

describe("last seen", () => {
  it("a lookup writes nothing while last seen is under 5 minutes old, and notes the use once it is older", async () => {
    const { user } = await createAgent({ status: "approved" });
    const token = await createSession(user.id);
    const writes: string[] = [];
    const record = (_options: unknown, query: object) => {
      const text = String((query as { sql?: string }).sql ?? "");
      if (/^UPDATE/i.test(text)) writes.push(text);
    };
    sequelize.addHook("afterQuery", "count-session-writes", record);
    try {
      await getSessionUser(token);
      expect(writes).toHaveLength(0);
      const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
      await Session.update({ lastSeenAt: sixMinutesAgo }, { where: { id: sha256(token) }, silent: true });
      writes.length = 0;
      await getSessionUser(token);
      expect(writes).toHaveLength(1);
      const seen = await Session.findByPk(sha256(token), { raw: true });
      expect(new Date(seen!.lastSeenAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      writes.length = 0;
      await getSessionUser(token);
      expect(writes).toHaveLength(0);
    } finally {
      sequelize.removeHook("afterQuery", "count-session-writes");
    }
  });
});

describe("DELETE /api/auth/sessions/{id}", () => {
  it("signs out one of the caller's sessions: its cookie no longer works, and it is in the audit trail", async () => {
    const { user, phone, cookie } = await agentOnTwoDevices();
    const res = await endOne(await publicIdOf(phone), cookie);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ message: "Session signed out." });
    expect(await getSessionUser(phone)).toBeNull();
    expect((await list(cookie)).status).toBe(200);
    expect(await ActivityLog.count({ where: { userId: user.id, action: "session_ended" } })).toBe(1);
  });

  it("another user's session, an unknown id, a malformed one or the token's hash is a 404, and nothing ends", async () => {
    const { cookie } = await agentOnTwoDevices();
    const stranger = await agentOnTwoDevices();
    for (const id of [await publicIdOf(stranger.phone), crypto.randomUUID(), "not-an-id", sha256(stranger.phone)]) {
      const res = await endOne(id, cookie);
      expect(res.status).toBe(404);
      expect(await jsonOf(res)).toEqual({ error: "Session not found" });
    }
    expect(await getSessionUser(stranger.phone)).not.toBeNull();
    expect((await endOne(await publicIdOf(stranger.phone))).status).toBe(401);
  });
});

describe("POST /api/auth/sessions/sign-out-others", () => {
  it("ends every session of the caller but this one, and no other user's", async () => {
    const { user, laptop, phone, cookie } = await agentOnTwoDevices();
    const tablet = await createSession(user.id, { ip: "198.51.100.99" });
    const stranger = await agentOnTwoDevices();
    const res = await endOthers(cookie);
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ ended: 2 });
    expect(await getSessionUser(phone)).toBeNull();
    expect(await getSessionUser(tablet)).toBeNull();
    expect(await getSessionUser(laptop)).not.toBeNull();
    expect(await getSessionUser(stranger.phone)).not.toBeNull();
    expect(await jsonOf(await endOthers(cookie))).toEqual({ ended: 0 });
    expect(await ActivityLog.count({ where: { userId: user.id, action: "other_sessions_ended" } })).toBe(1);
    expect((await endOthers()).status).toBe(401);
  });
});

describe("the Sessions page (/account/sessions)", () => {
  const page = (cookie: string, search = "") => callRoute(pageLoader, { path: `/account/sessions${search}`, cookie });
  const post = (cookie: string, form: Record<string, string>) =>
    callRoute(pageAction, { path: "/account/sessions?dialog=sign-out-others", cookie, form });
  const toastOf = async (res: Response) => {
    const cookie = setCookieOf(res).split(";")[0]!;
    return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
  };

  it("lists the sessions and opens the confirmation from the URL", async () => {
    const { cookie } = await agentOnTwoDevices();
    const plain = await jsonOf<{ sessions: AccountSessionView[]; confirmOthers: boolean }>(await page(cookie));
    expect(plain.sessions.map((session) => session.current)).toEqual([true, false]);
    expect(plain.confirmOthers).toBe(false);
    const confirming = await jsonOf<{ confirmOthers: boolean }>(await page(cookie, "?dialog=sign-out-others"));
    expect(confirming.confirmOthers).toBe(true);
    expect((await callRoute(pageLoader, { path: "/account/sessions" })).status).toBe(302);
  });

  it("Sign out ends one session, Sign out everywhere else the rest, each with its toast, and closes the dialog", async () => {
    const { user, laptop, phone, cookie } = await agentOnTwoDevices();
    const ended = await post(cookie, { intent: "end", id: await publicIdOf(phone) });
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Location")).toBe("/account/sessions");
    expect(await toastOf(ended)).toMatchObject({ title: "Session signed out" });
    expect(await getSessionUser(phone)).toBeNull();

    await createSession(user.id, { ip: "198.51.100.99" });
    const others = await post(cookie, { intent: "sign-out-others" });
    expect(await toastOf(others)).toMatchObject({
      title: "Signed out everywhere else",
      description: "1 other session signed out.",
    });
    expect(await Session.count({ where: { userId: user.id } })).toBe(1);
    expect(await getSessionUser(laptop)).not.toBeNull();
  });

  it("another user's session is refused with the failure toast and stays signed in", async () => {
    const { cookie } = await agentOnTwoDevices();
    const stranger = await agentOnTwoDevices();
    const res = await post(cookie, { intent: "end", id: await publicIdOf(stranger.phone) });
    expect(await toastOf(res)).toMatchObject({
      type: "error",
      title: "Failed to sign out the session",
      description: "Session not found",
    });
    expect(await getSessionUser(stranger.phone)).not.toBeNull();
  });
});
