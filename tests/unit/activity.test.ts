import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ACTIONS, activityActionLabel } from "~/domain/activity";
import { redactLongNumbers } from "../../prisma-free-db/models/activity-summary";

// The activity log's words and its backstop against sensitive numbers (decision 034).

describe("redactLongNumbers", () => {
  it("keeps only the last four digits of a run of 9 or more, written together or in groups", () => {
    expect(redactLongNumbers("SSN 123456789 seen")).toBe("SSN •••••6789 seen");
    expect(redactLongNumbers("SSN 123-45-6789")).toBe("SSN •••-••-6789");
    expect(redactLongNumbers("card 4111 1111 1111 1234.")).toBe("card •••• •••• •••• 1234.");
    expect(redactLongNumbers("routing 021000021, account 000123456789")).toBe(
      "routing •••••0021, account ••••••••6789",
    );
  });

  it("leaves shorter numbers, ids and dates alone", () => {
    const text =
      "10 calls added; month 3 of 9; $1,234,567.89; 8135550 ext 12; lead 3f2504e0-4f89-11d3-9a0c-030512345678 on 2026-11-23 10:30";
    expect(redactLongNumbers(text)).toBe(text);
  });

  it("still hides a number written next to an id", () => {
    expect(redactLongNumbers("3f2504e0-4f89-11d3-9a0c-030512345678 123456789")).toBe(
      "3f2504e0-4f89-11d3-9a0c-030512345678 •••••6789",
    );
  });
});

describe("action labels", () => {
  it("name every action, and read an unknown one as words", () => {
    expect(ACTIVITY_ACTION_LABELS.lead_reassigned).toBe("Lead reassigned");
    expect(activityActionLabel("lead_sensitive_revealed")).toBe("Sensitive info revealed");
    expect(activityActionLabel("lead_archived")).toBe("Lead archived");
    expect(new Set(ACTIVITY_ACTIONS).size).toBe(ACTIVITY_ACTIONS.length);
  });

  it("cover every action a service writes to the log", () => {
    const dir = path.resolve(__dirname, "../../app/services");
    const written = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      const constants = new Map(
        [...source.matchAll(/const ([A-Z_]+) = "([a-z_]+)"/g)].map((match) => [match[1]!, match[2]!]),
      );
      for (const [, expression] of source.matchAll(/\baction: ([^,\n]+)/g)) {
        // The value, or each branch of a conditional (not what it compares with).
        for (const [, literal] of expression!.matchAll(/(?:^|[?:])\s*"([a-z_]+)"/g)) written.add(literal!);
        const constant = constants.get(expression!.trim());
        if (constant) written.add(constant);
      }
    }
    expect(written.size).toBeGreaterThan(20);
    expect([...written].filter((action) => !(action in ACTIVITY_ACTION_LABELS))).toEqual([]);
  });
});
