import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary } from "~/components/application-form/error-summary";
import { CarrierProducts } from "~/components/setup/carrier-products";
import { rowErrors, withRow } from "~/domain/row-messages";

/** How often a text occurs in the markup. */
const count = (html: string, text: string) => html.split(text).length - 1;

describe("row messages", () => {
  it("names the row of a field, by conform name or by path, the innermost row first", () => {
    expect(withRow("phones[1].phoneNumber", "Required")).toBe("Phone 2: Required");
    expect(withRow("application-beneficiaries[0].name", "Required")).toBe("Beneficiary 1: Required");
    expect(withRow("beneficiaries.2.percentage", "Required")).toBe("Beneficiary 3: Required");
    expect(withRow("carriers[0].products[2].commissionRate", "Required")).toBe("Product 3: Required");
    expect(withRow("carriers.1.products.0.name", "Required")).toBe("Product 1: Required");
    expect(withRow("firstName", "Required")).toBe("Required");
    expect(withRow("carriers[0].name", "Required")).toBe("Required");
  });

  it("puts the row in front of a message once, and lists a message once", () => {
    expect(withRow("phones[1].phoneNumber", "Phone number is required")).toBe("Phone 2: Phone number is required");
    expect(withRow("phones[1].phoneNumber", "Phone 2: Phone number is required")).toBe(
      "Phone 2: Phone number is required",
    );
    expect(withRow("email", "Email is required")).toBe("Email is required");
    expect(rowErrors("phones[0].phoneNumber", ["Phone number is required", "Phone number is required"])).toEqual([
      "Phone 1: Phone number is required",
    ]);
    expect(rowErrors("phones[0].phoneNumber", [])).toBeUndefined();
  });
});

describe("the application form's error summary", () => {
  const invalidPhone = "Phone number must be a valid phone number (at least 10 digits)";
  const html = renderToStaticMarkup(
    <ErrorSummary
      formMessage="Please select an agent"
      items={[
        { fieldId: "application-agentId", message: "Please select an agent" },
        { fieldId: "application-firstName", message: "First name is required" },
        { fieldId: "application-firstName", message: "First name is required" },
        { fieldId: "application-phones[0].phoneNumber", message: invalidPhone },
        { fieldId: "application-phones[1].phoneNumber", message: invalidPhone },
        { fieldId: "application-beneficiaries[1].name", message: "Beneficiary name is required" },
      ]}
    />,
  );

  it("says which phone or beneficiary row a message means, and links to its field", () => {
    expect(html).toContain(
      `<a href="#application-phones[0].phoneNumber" class="underline">Phone 1: ${invalidPhone}</a>`,
    );
    expect(html).toContain(
      `<a href="#application-phones[1].phoneNumber" class="underline">Phone 2: ${invalidPhone}</a>`,
    );
    expect(html).toContain("Beneficiary 2: Beneficiary name is required");
  });

  it("asks for the fixes when fields are wrong, and says Failed to submit application only for a refusal", () => {
    expect(html).toContain("Please correct the fields marked below.");
    expect(html).not.toContain("Failed to submit application");
    const refused = renderToStaticMarkup(<ErrorSummary formMessage="The agent is not available" items={[]} failed />);
    expect(refused).toContain("Submission failed");
    expect(refused).toContain("Failed to submit application: The agent is not available");
  });

  it("shows no message twice", () => {
    expect(count(html, "First name is required")).toBe(1);
    // The line above the list already says it.
    expect(count(html, "Please select an agent")).toBe(1);
    expect(count(html, invalidPhone)).toBe(2);
  });
});

describe("setup's product rows", () => {
  it("say which product a message means", () => {
    const html = renderToStaticMarkup(
      <CarrierProducts
        index={0}
        carrier={{
          name: "Aetna",
          products: [
            { name: "Final Expense", commissionRate: "80" },
            { name: "", commissionRate: "0" },
          ],
        }}
        errors={{
          "carriers[0].products[1].name": ["Please enter a product name."],
          "carriers[0].products[1].commissionRate": ["Commission percentage must be greater than 0%."],
        }}
        addMode="row"
      />,
    );
    expect(html).toContain("Product 2: Please enter a product name.");
    expect(html).toContain("Product 2: Commission percentage must be greater than 0%.");
    expect(count(html, "Please enter a product name.")).toBe(1);
  });
});
