import { describe, expect, it } from "vitest";
import { action as approveReset } from "~/routes/api+/admin.password-reset-requests.$id.approve";
import { action as denyReset } from "~/routes/api+/admin.password-reset-requests.$id.deny";
import { action as updateSubmission } from "~/routes/api+/admin.form-submissions.$id";
import { action as approveAgent } from "~/routes/api+/admin.agents.$id.approve";
import { loader as agentProducts } from "~/routes/api+/agent.products.$carrierId";
import { createAdmin, createAgent, signInAs } from "../support/factories";
import { callRoute, jsonOf } from "../support/http";

// Ids come from URLs. Postgres raises an error for a malformed uuid where SQLite finds nothing;
// both must answer 404, never 500.
describe("malformed ids in the URL answer 404 on every database", () => {
  it("admin endpoints", async () => {
    const { cookie } = await signInAs(await createAdmin());
    const bad = "not-a-uuid";
    const calls = [
      callRoute(approveReset, {
        method: "POST",
        path: `/api/admin/password-reset-requests/${bad}/approve`,
        params: { id: bad },
        cookie,
      }),
      callRoute(denyReset, {
        method: "POST",
        path: `/api/admin/password-reset-requests/${bad}/deny`,
        params: { id: bad },
        cookie,
      }),
      callRoute(updateSubmission, {
        method: "PUT",
        path: `/api/admin/form-submissions/${bad}`,
        params: { id: bad },
        cookie,
        json: { status: "closed", notes: "" },
      }),
      callRoute(approveAgent, {
        method: "POST",
        path: `/api/admin/agents/${bad}/approve`,
        params: { id: bad },
        cookie,
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(typeof (await jsonOf(res)).error).toBe("string");
    }
  });

  it("agent endpoints", async () => {
    const { user } = await createAgent();
    const { cookie } = await signInAs(user);
    const res = await callRoute(agentProducts, {
      path: "/api/agent/products/xyz",
      params: { carrierId: "xyz" },
      cookie,
    });
    expect(res.status).toBe(404);
  });
});
