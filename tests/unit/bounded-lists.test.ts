import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { publicApplicationSchema } from "~/domain/schemas/public-application";
import { setupSchema, wizardStepSchemas } from "~/domain/schemas/setup";
import { guardBody } from "../../server/request-body";

// Zod reads every item of a list before it checks the list's length, so one request with a list
// of 500,000 items (1 MB of JSON) kept the server busy for seconds; and the form parser makes a
// list as long as the largest index in a field's name, so `carriers[4294967294].name` is a list
// of four billion rows from a few bytes, which code walking it never finishes.

const LONG = 500_000;
/** Items of the long lists read so far: counted, not timed, so a busy machine cannot fail the test. */
let itemsRead = 0;
const numbers = () =>
  new Proxy(
    Array.from({ length: LONG }, () => 0),
    {
      get(target, key, receiver) {
        if (typeof key === "string" && /^\d+$/.test(key)) itemsRead++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    },
  );

describe("a list longer than allowed is refused by its length, before its items are read", () => {
  it.each([
    ["phones", publicApplicationSchema, { phones: numbers() }, "At most 10 phone numbers"],
    ["beneficiaries", publicApplicationSchema, { beneficiaries: numbers() }, "At most 10 beneficiaries"],
    ["carriers", setupSchema, { carriers: numbers() }, "At most 60 carriers can be added."],
    [
      "products",
      setupSchema,
      { carriers: [{ name: "Aetna", products: numbers() }] },
      "A carrier can have at most 40 products.",
    ],
    ["licensedStates", setupSchema, { licensedStates: numbers() }, "Too many licensed states."],
    ["selectedCarriers", wizardStepSchemas[1], { selectedCarriers: numbers() }, "At most 60 carriers can be added."],
  ] as const)("%s", (_list, schema, input, message) => {
    itemsRead = 0;
    const result = schema.safeParse(input);
    // Refused by its length: one row more than the largest list allows (200 states) is looked
    // at, never the 500,000.
    expect(itemsRead).toBeLessThanOrEqual(201);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it("a single ticked box is still a list of one", () => {
    const form = new FormData();
    form.append("selectedCarriers", "Aetna");
    const result = parseWithZod(form, { schema: wizardStepSchemas[1] });
    expect(result.status === "success" && result.value.selectedCarriers).toEqual(["Aetna"]);
  });
});

describe("a form field with a huge list index", () => {
  function post(path: string, body: string) {
    return guardBody(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
  }

  it("is refused with 400 when the form is read, in JSON under /api", async () => {
    const page = await post("/agent/setup", "intent=next&carriers%5B4294967294%5D.name=x")
      .formData()
      .catch((thrown: unknown) => thrown);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).status).toBe(400);

    const api = await post("/api/public/applications", "phones%5B4294967294%5D.phoneNumber=1")
      .formData()
      .catch((thrown: unknown) => thrown);
    expect((api as Response).status).toBe(400);
    expect(typeof ((await (api as Response).json()) as { error?: unknown }).error).toBe("string");
  });

  it("leaves ordinary list rows alone", async () => {
    const form = await post("/agent/setup", "carriers%5B0%5D.name=Aetna&carriers%5B59%5D.name=Humana").formData();
    expect(form.get("carriers[59].name")).toBe("Humana");
  });
});
