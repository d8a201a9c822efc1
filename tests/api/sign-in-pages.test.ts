import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as registerApiAction } from "~/routes/api+/auth.register";
import { action as loginAction, loader as loginLoader } from "~/routes/_auth+/login";
import { action as timezoneAction } from "~/routes/timezone";
import { LICENSE_TAKEN } from "~/services/auth.server";
import { TEST_PASSWORD, createAdmin, createAgent, signInAs, uniqueEmail } from "../support/factories";
import { readToast } from "~/utils/toast.server";
import { callRoute, jsonOf, setCookieOf } from "../support/http";

// The sign-in page's loader and action as a browser without JavaScript uses them.

const uniqueIp = () => `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

async function signInWithRedirect(redirectTo: string) {
  // The password alone signs this admin in (the second step keeps redirectTo too: two-factor.test.ts).
  const admin = await createAdmin({ twoFactor: false });
  return callRoute(loginAction, {
    path: "/login",
    headers: { "X-Remote-Address": uniqueIp() },
    form: { intent: "login", email: admin.email, password: TEST_PASSWORD, redirectTo },
  });
}

describe("POST /login: where the browser goes after sign-in", () => {
  it("follows a path of this site", async () => {
    const res = await signInWithRedirect("/admin/form-submissions?status=new");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/form-submissions?status=new");
  });

  it.each([
    ["a tab between the slashes (redirectTo=/%09/evil.example)", "/\t/evil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["a backslash", "/\\evil.example"],
    ["an absolute URL", "https://evil.example/"],
    ["CR LF", "/admin\r\nSet-Cookie: stolen=1"],
    ["a newline between the slashes", "/\n/evil.example"],
  ])("lands on the dashboard, not another site, for %s", async (_label, redirectTo) => {
    const res = await signInWithRedirect(redirectTo);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("the page passes on only a safe redirectTo, and a signed-in visitor is never sent off-site", async () => {
    const page = await callRoute(loginLoader, { path: "/login?redirectTo=%2F%09%2Fevil.example" });
    expect((await jsonOf<{ redirectTo: string }>(page)).redirectTo).toBe("");
    const { cookie } = await signInAs(await createAdmin());
    const signedIn = await callRoute(loginLoader, { path: "/login?redirectTo=%2F%0D%0A%2Fevil.example", cookie });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/dashboard");
  });

  it("the time zone picker goes back only to a path of this site", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const res = await callRoute(timezoneAction, {
      path: "/timezone",
      cookie,
      form: { timezone: "America/Chicago", redirectTo: "/\t/evil.example" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});

describe("POST /login: a refused sign-in", () => {
  async function signIn(email: string, password: string, ip = uniqueIp()) {
    const res = await callRoute(loginAction, {
      path: "/login",
      headers: { "X-Remote-Address": ip },
      form: { intent: "login", email, password },
    });
    const cookie = setCookieOf(res).split(";")[0]!;
    const { toast } = await readToast(new Request("http://localhost/login", { headers: { Cookie: cookie } }));
    const body = await jsonOf<{
      failure: { title: string } | null;
      result: { initialValue?: Record<string, unknown> };
    }>(res);
    return { status: res.status, headers: res.headers, toast, body };
  }

  it("shows the catalogue's toast besides the inline box: Invalid email or password", async () => {
    const admin = await createAdmin();
    const { status, toast, body } = await signIn(admin.email, "not-the-password");
    expect(status).toBe(401);
    expect(toast).toMatchObject({ type: "error", title: "Invalid email or password" });
    expect(body.failure?.title).toBe("Invalid email or password");
    expect(body.result.initialValue?.email).toBe(admin.email);
  });

  it("shows Admin has not approved your account yet for a pending agent, in the toast and the box", async () => {
    const { user } = await createAgent({ status: "pending", setupComplete: false });
    const { toast, body } = await signIn(user.email, TEST_PASSWORD);
    expect(toast).toMatchObject({ type: "error", description: "Admin has not approved your account yet." });
    expect(body.failure?.title).toBe("Account pending approval");
  });

  it("any other refusal is a Login failed toast with the reason, and no inline box", async () => {
    const admin = await createAdmin();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) await signIn(admin.email, "wrong-password", ip);
    const { status, headers, toast, body } = await signIn(admin.email, TEST_PASSWORD, ip);
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThanOrEqual(25);
    expect(toast?.title).toBe("Login failed");
    expect(toast?.description).toBeTruthy();
    expect(body.failure).toBeNull();
  });
});

type RegisterReply = {
  intent: string;
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  failure: { title: string; description: string } | null;
};

const TYPED_PASSWORD = "typed-Secret-9";

function register(fields: Record<string, string>) {
  return callRoute(loginAction, {
    path: "/login?dialog=register",
    headers: { "X-Remote-Address": uniqueIp() },
    form: {
      intent: "register",
      firstName: "Rae",
      lastName: "Newman",
      email: uniqueEmail("reg"),
      phone: "(813) 555-0199",
      licenseNumber: `FL-${crypto.randomUUID().slice(0, 8)}`,
      password: TYPED_PASSWORD,
      ...fields,
    },
  });
}

describe("registration without JavaScript (the Request Account Access dialog)", () => {
  it("a form refused for bad input comes back with what was typed, but never the password", async () => {
    const res = await register({ phone: "123" });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toContain(TYPED_PASSWORD);
    const reply = JSON.parse(text) as RegisterReply;
    expect(reply.result.initialValue?.firstName).toBe("Rae");
    expect(reply.result.initialValue).not.toHaveProperty("password");
    expect(reply.result.error?.phone).toBeTruthy();
  });

  it("a taken email gets the answer a new one gets: the same redirect and toast (decision 080)", async () => {
    const { user } = await createAgent();
    const answer = async (res: Response) => {
      const cookie = setCookieOf(res).split(";")[0]!;
      const { toast } = await readToast(new Request("http://localhost/login", { headers: { Cookie: cookie } }));
      return { status: res.status, location: res.headers.get("Location"), toast };
    };
    const fresh = await answer(await register({}));
    expect(fresh).toMatchObject({ status: 302, location: "/login", toast: { title: "Registration successful" } });
    expect(await answer(await register({ email: user.email }))).toEqual(fresh);
  });

  it("a registration the service refuses (license taken) does not send the password back either", async () => {
    const license = `FL-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    expect((await register({ licenseNumber: license })).status).toBe(302);
    const res = await register({ licenseNumber: license });
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(text).not.toContain(TYPED_PASSWORD);
    const reply = JSON.parse(text) as RegisterReply;
    expect(reply.result.initialValue).not.toHaveProperty("password");
    expect(reply.failure?.title).toBe("Registration failed");
  });

  it("refuses a license number another agent registered with, at the license field, in any case or spacing", async () => {
    const license = `FL-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    expect((await register({ licenseNumber: license })).status).toBe(302);
    const again = await register({ licenseNumber: ` ${license.toLowerCase().replace("-", " - ")} ` });
    expect(again.status).toBe(409);
    const reply = await jsonOf<RegisterReply>(again);
    expect(reply.result.error?.licenseNumber).toEqual([LICENSE_TAKEN]);
    expect(reply.result.error).not.toHaveProperty("email");
    expect(reply.failure).toEqual({ title: "Registration failed", description: LICENSE_TAKEN });
  });

  it("the API refuses a taken license number too (409 with the field), and two at once create one agent", async () => {
    const license = `TX ${crypto.randomUUID().slice(0, 8)}`;
    const body = (email: string, licenseNumber = license) => ({
      firstName: "Rae",
      lastName: "Racer",
      email,
      phone: "(813) 555-0199",
      licenseNumber,
      password: "secret1",
    });
    const post = (json: unknown) =>
      callRoute(registerApiAction, { path: "/api/auth/register", json, headers: { "X-Remote-Address": uniqueIp() } });
    const both = await Promise.all([post(body(uniqueEmail("twin"))), post(body(uniqueEmail("twin")))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const later = await post(body(uniqueEmail("late"), license.toUpperCase().replace(" ", "")));
    expect(later.status).toBe(409);
    const error = await jsonOf<{ error: string; fieldErrors: Record<string, string[]> }>(later);
    expect(error.error).toBe(LICENSE_TAKEN);
    expect(error.fieldErrors.licenseNumber).toEqual([LICENSE_TAKEN]);
  });
});
