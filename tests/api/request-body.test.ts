import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { FormSubmission } from "~db";
import { action as forgotPasswordAction } from "~/routes/_auth+/forgot-password";
import { action as loginAction } from "~/routes/_auth+/login";
import { action as landingAction } from "~/routes/_public+/_index";
import { action as applicationPageAction } from "~/routes/_public+/submitapplication";
import { action as adminFormSubmissionsAction } from "~/routes/admin+/form-submissions";
import { action as inquiryApiAction } from "~/routes/api+/form-submissions";
import { action as applicationsApiAction } from "~/routes/api+/public.applications";
import { action as registerApiAction } from "~/routes/api+/auth.register";
import { conflict, tooManyAttempts } from "~/services/errors.server";
import { answeringServiceErrors } from "../../server/service-errors";
import { createAdmin, signInAs, uniqueEmail } from "../support/factories";

/**
 * Every route's loader and action runs wrapped (server/service-errors.ts), and the wrapper guards
 * the request's body readers (server/request-body.ts): these call real routes the way the server
 * does, with bodies a route cannot read, or text holding NUL bytes and lone surrogates.
 */
type Action = (args: ActionFunctionArgs) => unknown;

function freshIp() {
  return `10.${crypto.randomInt(1, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
}

async function post(
  action: Action,
  path: string,
  contentType: string,
  body: string,
  headers: Record<string, string> = {},
) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": contentType, "X-Remote-Address": freshIp(), ...headers },
    body,
  });
  try {
    const result = await answeringServiceErrors(action)({ request, params: {}, context: {} } as never);
    if (result instanceof Response) return result;
    const maybe = result as { type?: string; init?: ResponseInit | null };
    return new Response(null, { status: maybe?.type === "DataWithResponseInit" ? (maybe.init?.status ?? 200) : 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const BROKEN_MULTIPART = [
  "multipart/form-data; boundary=xx",
  '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
];
const PAGE_ACTIONS: [string, Action, string][] = [
  ["sign-in", loginAction, "/login"],
  ["landing inquiry", landingAction, "/"],
  ["public application", applicationPageAction, "/submitapplication"],
  ["forgot password", forgotPasswordAction, "/forgot-password"],
];

describe("a body a page action cannot read", () => {
  it.each(PAGE_ACTIONS)(
    "%s: JSON or plain text answers 415 with a clear message, never 500",
    async (_name, action, path) => {
      for (const [type, body] of [
        ["application/json", '{"email":"a@b.c","password":"x"}'],
        ["text/plain", "email=a@b.c"],
      ]) {
        const res = await post(action, path, type!, body!);
        expect(res.status, type).toBe(415);
        expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
        expect(await res.text()).toBe(
          "This address takes a form: send it as application/x-www-form-urlencoded or multipart/form-data.",
        );
      }
    },
  );

  it.each(PAGE_ACTIONS)("%s: a broken multipart body answers 400 with a clear message", async (_name, action, path) => {
    const res = await post(action, path, BROKEN_MULTIPART[0]!, BROKEN_MULTIPART[1]!);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("The form could not be read.");
  });

  it("a signed-in page's intent form (runIntent) answers 400, not 500", async () => {
    const { cookie } = await signInAs(await createAdmin());
    for (const [type, body] of [["application/json", '{"intent":"delete"}'], BROKEN_MULTIPART]) {
      const res = await post(adminFormSubmissionsAction, "/admin/form-submissions", type!, body!, { Cookie: cookie });
      expect(res.status, type).toBe(400);
      expect(await res.text()).toBe("The form could not be read.");
    }
  });
});

describe("a body a JSON /api route cannot read", () => {
  it("a broken multipart or urlencoded-declared body answers 400 JSON { error }", async () => {
    for (const [action, path] of [
      [inquiryApiAction, "/api/form-submissions"],
      [applicationsApiAction, "/api/public/applications"],
      [registerApiAction, "/api/auth/register"],
    ] as const) {
      const res = await post(action as Action, path, BROKEN_MULTIPART[0]!, BROKEN_MULTIPART[1]!);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("Content-Type"), path).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: "The form could not be read." });
    }
  });

  it("malformed JSON answers 400 JSON { error }", async () => {
    const res = await post(inquiryApiAction as Action, "/api/form-submissions", "application/json", '{"fullName":');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Request body must be valid JSON" });
  });
});

describe("NUL bytes and lone surrogates in text", () => {
  const inquiry = {
    companyName: "Acme",
    phone: "8135550142",
    service: "CRM Only",
  };

  it("are dropped from a JSON body: the whole text is stored, without them", async () => {
    const email = uniqueEmail("nul-json");
    const res = await post(
      inquiryApiAction as Action,
      "/api/form-submissions",
      "application/json",
      JSON.stringify({
        ...inquiry,
        email,
        fullName: "Ann\u0000 Lee",
        message: "before\u0000after \ud800lone\udc00 end 😀",
      }),
    );
    expect(res.status).toBe(201);
    const row = await FormSubmission.findOne({ where: { email }, raw: true });
    expect(row?.fullName).toBe("Ann Lee");
    expect(row?.message).toBe("beforeafter lone end 😀");
  });

  it("are dropped from a form body, as the landing page's inquiry posts it", async () => {
    const email = uniqueEmail("nul-form");
    const body = new URLSearchParams({ ...inquiry, email, fullName: "Bo\u0000b Stone", message: "one\u0000two" });
    const res = await post(landingAction, "/", "application/x-www-form-urlencoded", body.toString());
    expect(res.status).toBe(200);
    const row = await FormSubmission.findOne({ where: { email }, raw: true });
    expect(row?.fullName).toBe("Bob Stone");
    expect(row?.message).toBe("onetwo");
  });
});

describe("a service's refusal thrown in a page's loader or action", () => {
  it("answers its status, and a 429 that knows its wait says it in Retry-After (whole seconds, rounded up)", async () => {
    const request = new Request("http://localhost/some-page");
    const refuse = (error: Error) =>
      answeringServiceErrors(async (_args: never) => {
        throw error;
      })({ request, params: {}, context: {} } as never).catch((thrown: unknown) => thrown as Response);
    const limited = await refuse(tooManyAttempts("Too many tries. Please wait.", 12_300));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("13");
    expect(await limited.json()).toEqual({ message: "Too many tries. Please wait.", code: "rate_limited" });
    const conflicting = await refuse(conflict("Already done"));
    expect(conflicting.status).toBe(409);
    expect(conflicting.headers.get("Retry-After")).toBeNull();
  });
});
