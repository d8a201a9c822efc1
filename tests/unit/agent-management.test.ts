import { describe, expect, it } from "vitest";
import { emptyAgentsText, statesSummary } from "~/components/agents/agent-management";

describe("Agents Management's table texts", () => {
  it("names the first licensed states and how many more, or none", () => {
    expect(statesSummary({ shown: ["AL", "FL", "GA"], more: 2 })).toBe("AL, FL, GA +2 more");
    expect(statesSummary({ shown: ["CA", "OH"], more: 0 })).toBe("CA, OH");
    expect(statesSummary({ shown: [], more: 0 })).toBe("No licensed states");
  });

  it("says No agents found in this category. for an empty category, and that a search found nobody", () => {
    expect(emptyAgentsText("")).toBe("No agents found in this category.");
    expect(emptyAgentsText("zed")).toBe("No agents match your search.");
  });
});
