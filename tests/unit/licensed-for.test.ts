import { describe, expect, it } from "vitest";
import { agentNotLicensedMessage, isLicensedFor } from "~/domain/schemas/public-application";

// The public form's licence rule, shared by the browser's check and createPublicApplication.
describe("isLicensedFor", () => {
  it("takes a prospect only in a state the agent is licensed in", () => {
    expect(isLicensedFor(["FL", "AL"], "AL")).toBe(true);
    expect(isLicensedFor(["FL"], "AL")).toBe(false);
    expect(isLicensedFor([], "TX")).toBe(false);
  });

  it("takes DC for any agent (no agent records a DC licence) and refuses nothing before a state is chosen", () => {
    expect(isLicensedFor([], "DC")).toBe(true);
    expect(isLicensedFor(["FL"], "")).toBe(true);
    expect(isLicensedFor(["FL"], undefined)).toBe(true);
  });
});

describe("agentNotLicensedMessage", () => {
  it("names the state in full", () => {
    expect(agentNotLicensedMessage("AL")).toBe(
      "The selected agent is not licensed in Alabama. Please choose an agent licensed there.",
    );
  });
});
