import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assertNoSecrets, knownPasswords, secretHits } from "../support/log-secrets";

// The search the suites' teardowns run over their logs (tests/support/log-check.ts,
// tests/e2e/log-check.teardown.ts): it must find a secret however it is written, and nothing else.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "log-secrets-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function logOf(...lines: string[]) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  fs.writeFileSync(file, lines.join("\n"));
  return file;
}

const SECRETS = ["123456789", "4111111111111111", "000123456789", "password123"];

describe("the log search for secrets", () => {
  it("finds a stored number however it is grouped, and a password as it is", () => {
    const file = logOf(
      '{"msg":"request","path":"/api/leads","status":200}',
      '{"body":"ssn=123-45-6789&x=1"}',
      '{"card":"4111 1111 1111 1111"}',
      '{"msg":"account 000123456789 saved"}',
      "email=a%40b.c&password=password123",
    );
    expect(secretHits([file], SECRETS).map((hit) => hit.split(": ")[0]!.split(":").pop())).toEqual([
      "2",
      "3",
      "4",
      "5",
    ]);
  });

  it("finds nothing in ids, dates and durations that merely contain the digits", () => {
    const file = logOf(
      '{"time":"2026-11-27T03:00:33.282Z","requestId":"01J8-123456789-iad","userId":"12345678-9abc-4def-8123-456789abcdef"}',
      '{"leadId":"a123456789","ms":1234567890,"path":"/leads/4111111111111111x"}',
    );
    expect(secretHits([file], SECRETS)).toEqual([]);
  });

  it("fails with the place and length of each hit, never the value", () => {
    const file = logOf("ok", "password123 and 123-45-6789");
    expect(() => assertNoSecrets([file], SECRETS, "This run")).toThrow(/This run: the log holds 2 secret value/);
    try {
      assertNoSecrets([file], SECRETS, "This run");
    } catch (error) {
      expect(String(error)).not.toMatch(/password123|123-45-6789|123456789/);
      expect(String(error)).toContain(":2: a value of 9 characters ending …89");
    }
  });

  it("knows the demo's and the fixtures' passwords", () => {
    expect(knownPasswords()).toEqual(expect.arrayContaining(["admin12345", "agent12345", "password123"]));
  });
});
