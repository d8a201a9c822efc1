import { describe, expect, it } from "vitest";
import { databaseAnswers } from "~/services/health.server";

// /healthcheck asks this service (a route never touches the data layer: eslint.config.js).
describe("databaseAnswers", () => {
  it("is true when the database answers a query", async () => {
    expect(await databaseAnswers()).toBe(true);
  });
});
