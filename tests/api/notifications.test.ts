import { describe, expect, it } from "vitest";
import { Notification } from "~db";
import { loader as countsLoader } from "~/routes/api+/counts";
import { loader as listLoader } from "~/routes/api+/notifications";
import { action as readAction } from "~/routes/api+/notifications.$id.read";
import { action as clearAllAction } from "~/routes/api+/notifications.clear-all";
import { action as markAllAction } from "~/routes/api+/notifications.mark-all-read";
import { loader as unreadCountLoader } from "~/routes/api+/notifications.unread-count";
import { ServiceError } from "~/services/errors.server";
import {
  clearAllNotifications,
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationView,
} from "~/services/notifications.server";
import { createAdmin, createAgent, createLead, signInAs, signedInAgent } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Issue 10, item 9 (API): the bell's notifications. Each user lists, marks and clears only their
// own; another user's id is a 404 that changes nothing; the unread counts follow every change.

const BASE = Date.parse("2026-03-01T12:00:00.000Z");

/** `count` notifications for a user, the i-th one i minutes after BASE (so the last is the newest). */
async function notify(userId: string, count: number, extra: { isRead?: boolean; applicationId?: string } = {}) {
  const rows: Notification[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await Notification.create({
        userId,
        type: i % 2 ? "retention_reminder" : "new_lead",
        title: `Note ${i}`,
        message: `Message ${i}`,
        isRead: extra.isRead ?? false,
        applicationId: extra.applicationId ?? null,
        createdAt: new Date(BASE + i * 60_000),
      }),
    );
  }
  return rows;
}

async function states(userId: string) {
  const rows = await Notification.findAll({ where: { userId }, attributes: ["id", "isRead"], raw: true });
  return Object.fromEntries(rows.map((r) => [r.id, Boolean(r.isRead)]));
}

async function unreadCounts(cookie: string) {
  const single = await jsonOf<{ count: number }>(
    await callRoute(unreadCountLoader, { path: "/api/notifications/unread-count", cookie }),
  );
  const shell = await jsonOf<{ unreadNotifications: number }>(
    await callRoute(countsLoader, { path: "/api/counts", cookie }),
  );
  expect(shell.unreadNotifications).toBe(single.count);
  return single.count;
}

function list(cookie: string, query = "") {
  return callRoute(listLoader, { path: `/api/notifications${query}`, cookie });
}

function markRead(cookie: string | undefined, id: string) {
  return callRoute(readAction, { method: "POST", path: `/api/notifications/${id}/read`, params: { id }, cookie });
}

describe("listNotifications (service)", () => {
  it("answers the actor's newest first, 20 by default, in the spec's fields, no one else's", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const mine = await notify(me.user.id, 25);
    await notify(other.user.id, 3);
    await Notification.update({ applicationId: lead.id, isRead: true }, { where: { id: mine[24]!.id } });

    const rows = await listNotifications(me.actor);
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Note ${24 - i}`));
    expect(rows[0]).toEqual({
      id: mine[24]!.id,
      type: "new_lead",
      title: "Note 24",
      message: "Message 24",
      isRead: true,
      createdAt: new Date(BASE + 24 * 60_000).toISOString(),
      applicationId: lead.id,
    });
    expect(rows[1]).toMatchObject({ type: "retention_reminder", isRead: false, applicationId: null });

    expect(await listNotifications(me.actor, { limit: 3 })).toEqual(rows.slice(0, 3));
    expect(await listNotifications(me.actor, { limit: 100 })).toHaveLength(25);
    expect(await listNotifications(other.actor, { limit: 100 })).toHaveLength(3);
  });

  it("refuses a limit outside 1..100 or not whole with a 400", async () => {
    const me = await signedInAgent();
    for (const limit of [0, -1, 101, 1.5, Number.NaN]) {
      const error = await listNotifications(me.actor, { limit }).catch((e: unknown) => e);
      expect(error, `limit ${limit}`).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).status).toBe(400);
      expect((error as ServiceError).fieldErrors?.limit).toBeTruthy();
    }
  });
});

describe("GET /api/notifications?limit=n", () => {
  it("answers the caller's newest 20 by default, or limit of them", async () => {
    const me = await signedInAgent();
    await notify(me.user.id, 23);
    await notify((await createAgent()).user.id, 2);

    const res = await list(me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const rows = await jsonOf<NotificationView[]>(res);
    expect(rows).toEqual(await listNotifications(me.actor));
    expect(rows).toHaveLength(20);
    expect(rows[0]!.title).toBe("Note 22");

    const five = await jsonOf<NotificationView[]>(await list(me.cookie, "?limit=5"));
    expect(five).toEqual(rows.slice(0, 5));
    expect(await jsonOf<NotificationView[]>(await list(me.cookie, "?limit="))).toEqual(rows);
    expect(await jsonOf<NotificationView[]>(await list(me.cookie, "?limit=100"))).toHaveLength(23);
    expect(await jsonOf<NotificationView[]>(await list(me.cookie, "?limit=1"))).toEqual(rows.slice(0, 1));
  });

  it("answers a limit that is not a whole number from 1 to 100 with 400 and the field", async () => {
    const me = await signedInAgent();
    for (const limit of ["0", "-1", "101", "1.5", "abc", "1e309", "9".repeat(400)]) {
      const res = await list(me.cookie, `?limit=${limit}`);
      expect(res.status, `limit=${limit}`).toBe(400);
      const body = await jsonOf<{ error: string; fieldErrors?: Record<string, string[]> }>(res);
      expect(body.error).toBe("Limit must be a whole number from 1 to 100");
      expect(body.fieldErrors?.limit).toBeTruthy();
    }
  });

  it("is 401 signed out, and works for an admin too", async () => {
    expect((await list("")).status).toBe(401);
    const admin = await createAdmin();
    const { cookie } = await signInAs(admin);
    await notify(admin.id, 2);
    expect((await jsonOf<NotificationView[]>(await list(cookie))).map((r) => r.title)).toEqual(["Note 1", "Note 0"]);
  });
});

describe("POST /api/notifications/{id}/read", () => {
  it("marks the caller's notification read, again is fine, and the unread counts drop", async () => {
    const me = await signedInAgent();
    const [first, second] = await notify(me.user.id, 2);
    expect(await unreadCounts(me.cookie)).toBe(2);

    const res = await markRead(me.cookie, first!.id);
    expect(res.status).toBe(200);
    const body = await jsonOf<{ message: string; notification: NotificationView }>(res);
    expect(body.notification).toMatchObject({ id: first!.id, isRead: true, title: "Note 0" });
    expect(await states(me.user.id)).toEqual({ [first!.id]: true, [second!.id]: false });
    expect(await unreadCounts(me.cookie)).toBe(1);

    const again = await markRead(me.cookie, first!.id);
    expect(again.status).toBe(200);
    expect(await unreadCounts(me.cookie)).toBe(1);

    // Through the service as well.
    expect(await markNotificationRead(me.actor, second!.id)).toMatchObject({ id: second!.id, isRead: true });
    expect(await countUnreadNotifications(me.actor)).toBe(0);
    expect(await unreadCounts(me.cookie)).toBe(0);
  });

  it("answers another user's notification with 404 and leaves it unread", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const admin = await createAdmin();
    const [theirs] = await notify(other.user.id, 1);
    const [adminsOwn] = await notify(admin.id, 1);
    await notify(me.user.id, 1);

    for (const id of [theirs!.id, adminsOwn!.id]) {
      const res = await markRead(me.cookie, id);
      expect(res.status).toBe(404);
      expect(await jsonOf(res)).toEqual({ error: "Notification not found" });
      const error = await markNotificationRead(me.actor, id).catch((e: unknown) => e);
      expect((error as ServiceError).status).toBe(404);
    }
    // An admin cannot read an agent's either.
    const { cookie: adminCookie } = await signInAs(admin);
    expect((await markRead(adminCookie, theirs!.id)).status).toBe(404);

    expect(await states(other.user.id)).toEqual({ [theirs!.id]: false });
    expect(await states(admin.id)).toEqual({ [adminsOwn!.id]: false });
    expect(await unreadCounts(other.cookie)).toBe(1);
    expect(await unreadCounts(me.cookie)).toBe(1);
  });

  it("answers a malformed or unknown id with 404, and signed out with 401", async () => {
    const me = await signedInAgent();
    const [mine] = await notify(me.user.id, 1);
    for (const id of ["not-a-uuid", "00000000-0000-0000-0000-000000000000", "%00", `${mine!.id}x`]) {
      const res = await markRead(me.cookie, id);
      expect(res.status, id).toBe(404);
      expect(typeof (await jsonOf(res)).error).toBe("string");
    }
    expect((await markRead(undefined, mine!.id)).status).toBe(401);
    expect(await states(me.user.id)).toEqual({ [mine!.id]: false });
  });
});

describe("POST /api/notifications/mark-all-read", () => {
  it("marks every one of the caller's read and no one else's", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    await notify(me.user.id, 3);
    await notify(me.user.id, 1, { isRead: true });
    const theirs = await notify(other.user.id, 2);

    const res = await callRoute(markAllAction, {
      method: "POST",
      path: "/api/notifications/mark-all-read",
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ message: "All notifications marked as read", updated: 3 });
    expect(Object.values(await states(me.user.id))).toEqual([true, true, true, true]);
    expect(await unreadCounts(me.cookie)).toBe(0);
    expect(await states(other.user.id)).toEqual({ [theirs[0]!.id]: false, [theirs[1]!.id]: false });
    expect(await unreadCounts(other.cookie)).toBe(2);

    // Again: nothing left to change. The service does the same.
    const again = await callRoute(markAllAction, {
      method: "POST",
      path: "/api/notifications/mark-all-read",
      cookie: me.cookie,
    });
    expect(await jsonOf(again)).toMatchObject({ updated: 0 });
    expect(await markAllNotificationsRead(other.actor)).toBe(2);
    expect(await unreadCounts(other.cookie)).toBe(0);
  });

  it("is 401 signed out and changes nothing", async () => {
    const me = await signedInAgent();
    await notify(me.user.id, 1);
    const res = await callRoute(markAllAction, { method: "POST", path: "/api/notifications/mark-all-read" });
    expect(res.status).toBe(401);
    expect(await unreadCounts(me.cookie)).toBe(1);
  });
});

describe("DELETE /api/notifications/clear-all", () => {
  it("deletes every one of the caller's, read or not, and no one else's", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const admin = await createAdmin();
    await notify(me.user.id, 2);
    await notify(me.user.id, 1, { isRead: true });
    await notify(other.user.id, 2);
    await notify(admin.id, 1);

    const res = await callRoute(clearAllAction, {
      method: "DELETE",
      path: "/api/notifications/clear-all",
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ message: "All notifications cleared", deleted: 3 });
    expect(await Notification.count({ where: { userId: me.user.id } })).toBe(0);
    expect(await jsonOf<NotificationView[]>(await list(me.cookie))).toEqual([]);
    expect(await unreadCounts(me.cookie)).toBe(0);

    expect(await Notification.count({ where: { userId: other.user.id } })).toBe(2);
    expect(await Notification.count({ where: { userId: admin.id } })).toBe(1);
    expect(await unreadCounts(other.cookie)).toBe(2);

    // The service: an admin clears only their own.
    const { actor: adminActor } = await signInAs(admin);
    expect(await clearAllNotifications(adminActor)).toBe(1);
    expect(await Notification.count({ where: { userId: other.user.id } })).toBe(2);
  });

  it("is 401 signed out and deletes nothing", async () => {
    const me = await signedInAgent();
    await notify(me.user.id, 2);
    const res = await callRoute(clearAllAction, { method: "DELETE", path: "/api/notifications/clear-all" });
    expect(res.status).toBe(401);
    expect(await Notification.count({ where: { userId: me.user.id } })).toBe(2);
  });
});
