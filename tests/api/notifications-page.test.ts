import { describe, expect, it } from "vitest";
import { Notification } from "~db";
import { action as pageAction, loader as pageLoader } from "~/routes/_portal+/notifications";
import type { NotificationView } from "~/services/notifications.server";
import { readToast } from "~/utils/toast.server";
import { createAdmin, createLead, signInAs, signedInAdmin, signedInAgent } from "../support/factories";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// Issue 10, item 9: the /notifications page, the bell's no-JavaScript form and the action its
// menu posts to. Each user sees and changes only their own notifications; every change is a
// post/redirect/get with a toast, or a redirect to the notification's lead.

const BASE = Date.parse("2026-03-01T12:00:00.000Z");

async function notify(userId: string, count: number, extra: { isRead?: boolean; applicationId?: string } = {}) {
  const rows: Notification[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await Notification.create({
        userId,
        type: "new_lead",
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

async function isRead(id: string) {
  return Boolean((await Notification.findByPk(id, { attributes: ["isRead"], raw: true }))?.isRead);
}

async function toastOf(res: Response) {
  const cookie = setCookieOf(res).split(";")[0]!;
  const { toast } = await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast;
}

function post(cookie: string | undefined, form: Record<string, string>, search = "") {
  return callRoute(pageAction, { method: "POST", path: `/notifications${search}`, cookie, form });
}

type PageData = { notifications: NotificationView[]; unread: number; timezone: string; confirmClear: boolean };

describe("/notifications loader", () => {
  it("lists the caller's latest 20, newest first, with the unread count, and no one else's", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    await notify(me.user.id, 22);
    await notify(me.user.id, 1, { isRead: true });
    await notify(other.user.id, 2);

    const res = await callRoute(pageLoader, { path: "/notifications", cookie: me.cookie });
    expect(res.status).toBe(200);
    const data = await jsonOf<PageData>(res);
    expect(data.notifications).toHaveLength(20);
    expect(data.notifications[0]!.title).toBe("Note 21");
    expect(data.unread).toBe(22);
    expect(data.timezone).toBe("America/New_York");
    expect(data.confirmClear).toBe(false);

    const confirm = await jsonOf<PageData>(
      await callRoute(pageLoader, { path: "/notifications?dialog=clear-all", cookie: me.cookie }),
    );
    expect(confirm.confirmClear).toBe(true);
  });

  it("works for an admin, and sends a signed-out visitor to /login and back", async () => {
    const { admin, cookie } = await signedInAdmin();
    await notify(admin.id, 1);
    const data = await jsonOf<PageData>(await callRoute(pageLoader, { path: "/notifications", cookie }));
    expect(data.notifications.map((n) => n.title)).toEqual(["Note 0"]);

    const out = await callRoute(pageLoader, { path: "/notifications" });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/login?redirectTo=%2Fnotifications");
  });
});

describe("/notifications action", () => {
  it("open: marks the notification read and redirects to its lead", async () => {
    const me = await signedInAgent();
    const lead = await createLead(me.agent.id);
    const [withLead] = await notify(me.user.id, 1, { applicationId: lead.id });
    const [untouched] = await notify(me.user.id, 1);

    const res = await post(me.cookie, { intent: "open", id: withLead!.id }, "?redirectTo=%2Fagent%2Fdashboard");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/applications/${lead.id}`);
    expect(await isRead(withLead!.id)).toBe(true);
    expect(await isRead(untouched!.id)).toBe(false);

    // Again is fine: it is still read and the lead opens.
    const again = await post(me.cookie, { intent: "open", id: withLead!.id });
    expect(again.headers.get("Location")).toBe(`/applications/${lead.id}`);
  });

  it("open: one without a lead is marked read and goes back, to redirectTo when it is a path of this site", async () => {
    const me = await signedInAgent();
    const [first, second, third] = await notify(me.user.id, 3);

    const plain = await post(me.cookie, { intent: "open", id: first!.id });
    expect(plain.headers.get("Location")).toBe("/notifications");
    expect((await toastOf(plain))?.title).toBe("Notification marked as read");
    expect(await isRead(first!.id)).toBe(true);

    const back = await post(me.cookie, { intent: "open", id: second!.id }, "?redirectTo=%2Fagent%2Fleads%3Fpage%3D2");
    expect(back.headers.get("Location")).toBe("/agent/leads?page=2");
    expect(await isRead(second!.id)).toBe(true);

    const offSite = await post(me.cookie, { intent: "open", id: third!.id }, "?redirectTo=%2F%2Fevil.example");
    expect(offSite.headers.get("Location")).toBe("/notifications");
  });

  it("open: another user's notification, or a malformed id, changes nothing and answers the spec's error toast", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const admin = await createAdmin();
    const [theirs] = await notify(other.user.id, 1);
    const [adminsOwn] = await notify(admin.id, 1);
    const [mine] = await notify(me.user.id, 1);

    for (const id of [theirs!.id, adminsOwn!.id, "not-a-uuid", ""]) {
      const res = await post(me.cookie, { intent: "open", id });
      expect(res.status, id).toBe(302);
      expect(res.headers.get("Location")).toBe("/notifications");
      const toast = await toastOf(res);
      expect(toast).toMatchObject({ type: "error", title: "Failed to mark notification as read" });
      expect(toast?.description).toBe("Notification not found");
    }
    // An admin cannot open an agent's either.
    const { cookie: adminCookie } = await signInAs(admin);
    expect((await toastOf(await post(adminCookie, { intent: "open", id: theirs!.id })))?.type).toBe("error");

    expect(await isRead(theirs!.id)).toBe(false);
    expect(await isRead(adminsOwn!.id)).toBe(false);
    expect(await isRead(mine!.id)).toBe(false);
  });

  it("read-all: marks every one of the caller's read, no one else's, and goes back with a toast", async () => {
    const me = await signedInAgent();
    const other = await signedInAgent();
    const mine = await notify(me.user.id, 3);
    const [theirs] = await notify(other.user.id, 1);

    const res = await post(me.cookie, { intent: "read-all" }, "?redirectTo=%2Fagent%2Fdashboard");
    expect(res.headers.get("Location")).toBe("/agent/dashboard");
    expect((await toastOf(res))?.title).toBe("All notifications marked as read");
    for (const row of mine) expect(await isRead(row.id)).toBe(true);
    expect(await isRead(theirs!.id)).toBe(false);
  });

  it("clear-all: deletes every one of the caller's, read or not, and no one else's", async () => {
    const { admin, cookie } = await signedInAdmin();
    const other = await signedInAgent();
    await notify(admin.id, 2);
    await notify(admin.id, 1, { isRead: true });
    await notify(other.user.id, 2);

    // From the page's confirmation: back to the page without it.
    const res = await post(cookie, { intent: "clear-all" }, "?dialog=clear-all");
    expect(res.headers.get("Location")).toBe("/notifications");
    expect((await toastOf(res))?.title).toBe("All notifications cleared");
    expect(await Notification.count({ where: { userId: admin.id } })).toBe(0);
    expect(await Notification.count({ where: { userId: other.user.id } })).toBe(2);
  });

  it("sends a signed-out visitor to /login and changes nothing; an unknown intent is refused with a toast", async () => {
    const me = await signedInAgent();
    const [mine] = await notify(me.user.id, 1);
    for (const intent of ["open", "read-all", "clear-all"]) {
      const res = await post(undefined, { intent, id: mine!.id });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
    expect(await isRead(mine!.id)).toBe(false);
    expect(await Notification.count({ where: { userId: me.user.id } })).toBe(1);

    const unknown = await post(me.cookie, { intent: "delete-everything" });
    expect((await toastOf(unknown))?.title).toBe("Unknown action");
    expect(await Notification.count({ where: { userId: me.user.id } })).toBe(1);
  });
});
