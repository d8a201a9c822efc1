import type { Page } from "@playwright/test";
import { expect, isNoJs, startSession, test, uniqueName, type Factory } from "./fixtures";

// The setup wizard walked end to end by a fresh agent of each test's own: approved, setup not
// yet done, signed in by the fixture's session.

async function signedInNewAgent(page: Page, factory: Factory) {
  await startSession(page, await factory.agent({ setupComplete: false }));
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test.describe("carrier setup wizard @no-js", () => {
  test("a new agent picks carriers, sets rates, adds a product, enters states and finishes", async ({
    page,
    factory,
  }) => {
    await signedInNewAgent(page, factory);

    // Setup is forced on every agent path.
    await page.goto("/agent/dashboard");
    await expect(page).toHaveURL(/\/agent\/setup$/);
    await expect(page.getByRole("heading", { name: "Step 1 of 4: Carriers" })).toBeVisible();

    // Step 1: nothing picked yet. The page never names a step it is not showing.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Please select at least one carrier.")).toBeVisible();
    await expect(page).not.toHaveURL(/step=2/);
    await page.getByLabel("Combined").check();
    await page.getByLabel("Aetna").check();
    await page.getByRole("button", { name: "Next" }).click();

    // Step 2: Aetna has one empty row, Combined its four fixed products.
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Products" })).toBeVisible();
    // The server checked the step (with JavaScript as without), so the answer names none.
    await expect(page).not.toHaveURL(/step=1/);
    await expect(page.getByRole("listitem").filter({ hasText: "Carriers" }).getByLabel("completed")).toBeVisible();
    for (const name of ["GL Preferred", "GL Standard", "GL Sub Standard", "GL Graded Benefit"]) {
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Product name" })).toHaveCount(1);
    const combinedRates = ["50", "45", "40", "35"];
    for (const [j, rate] of combinedRates.entries())
      await field(page, `carriers[1].products[${j}].commissionRate`).fill(rate);
    // Aetna's empty row left as it is: Aetna has no product yet.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Aetna must have at least one product.")).toBeVisible();
    await expect(page.getByText("Please enter a product name.")).toHaveCount(0);
    await expect(page).not.toHaveURL(/step=3/);
    await field(page, "carriers[0].products[0].name").fill("Final Expense");
    await field(page, "carriers[0].products[0].commissionRate").fill("85");

    await page.getByRole("button", { name: "+ Add Product" }).click();
    await expect(field(page, "carriers[0].products[1].name")).toBeVisible();
    // Nothing typed so far was lost by adding the row.
    await expect(field(page, "carriers[0].products[0].name")).toHaveValue("Final Expense");
    await expect(field(page, "carriers[1].products[3].commissionRate")).toHaveValue("35");

    await field(page, "carriers[0].products[1].commissionRate").fill("60");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Please enter a product name.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Products" })).toBeVisible();
    await expect(field(page, "carriers[0].products[1].commissionRate")).toHaveValue("60");
    await expect(field(page, "carriers[0].products[0].commissionRate")).toHaveValue("85");
    await expect(field(page, "carriers[1].products[0].commissionRate")).toHaveValue("50");
    await field(page, "carriers[0].products[1].name").fill("Graded Benefit");
    await page.getByRole("button", { name: "Next" }).click();

    // Step 3: bulk entry with an unknown entry applies nothing and lists it.
    await expect(page.getByRole("heading", { name: "Step 3 of 4: States" })).toBeVisible();
    await page.getByLabel("Bulk entry").fill("Florida, tx, Atlantis");
    await page.getByRole("button", { name: "Add States" }).click();
    await expect(page.getByText("Invalid entries: Atlantis")).toBeVisible();
    await expect(page.getByText("(0 selected)")).toBeVisible();
    await expect(page.getByLabel("Bulk entry")).toHaveValue("Florida, tx, Atlantis");
    await page.getByLabel("Bulk entry").fill("Florida, tx\ngeorgia, FL");
    await page.getByRole("button", { name: "Add States" }).click();
    await expect(page.getByText("States Added", { exact: true })).toBeVisible();
    await expect(page.getByText("(3 selected)")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Texas/ })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: /^Georgia/ })).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();

    // Step 4: review, then finish.
    await expect(page.getByRole("heading", { name: "Step 4 of 4: Review" })).toBeVisible();
    await expect(page.getByLabel("completed")).toHaveCount(3);
    const review = page.locator("section", { hasText: "Carriers and products" });
    await expect(review.getByText("Final Expense")).toBeVisible();
    await expect(review.getByText("Graded Benefit", { exact: true })).toBeVisible();
    await expect(review.getByText("85%")).toBeVisible();
    await expect(review.getByText("GL Sub Standard")).toBeVisible();
    await expect(page.getByText("Florida, Georgia, Texas")).toBeVisible();
    await page.getByRole("button", { name: "Confirm & Finish" }).click();

    await expect(page).toHaveURL(/\/agent\/dashboard$/);
    await expect(page.getByText("Setup completed successfully")).toBeVisible();
    await expect(page.getByText("Welcome to the product")).toBeVisible();

    // The saved setup is what was entered, and the wizard is no longer forced.
    const products = (await (await page.request.get("/api/products/all")).json()) as {
      name: string;
      compPercentage: number;
      carrier: { name: string };
    }[];
    expect(products.map((p) => `${p.carrier.name}:${p.name}:${p.compPercentage}`).sort()).toEqual([
      "Aetna:Final Expense:85",
      "Aetna:Graded Benefit:60",
      "Combined:GL Graded Benefit:35",
      "Combined:GL Preferred:50",
      "Combined:GL Standard:45",
      "Combined:GL Sub Standard:40",
    ]);
    await page.goto("/agent/dashboard");
    await expect(page).toHaveURL(/\/agent\/dashboard$/);

    // A finished setup is revised, never skipped: neither screen offers to skip it.
    await page.goto("/agent/setup");
    await expect(page.getByRole("heading", { name: "Step 1 of 4: Carriers" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Skip for Now" })).toHaveCount(0);
    await page.goto("/agent/carrier-setup");
    await expect(page.getByRole("heading", { name: "Update your carrier setup" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Skip Setup" })).toHaveCount(0);
  });

  test("Previous keeps choices, a typed carrier is added once, and Skip for Now completes setup", async ({
    page,
    factory,
  }, testInfo) => {
    await signedInNewAgent(page, factory);
    await page.goto("/agent");
    await expect(page).toHaveURL(/\/agent\/setup/);

    // A typed carrier becomes a carrier every agent can pick, so each test types its own.
    const carrier = uniqueName("Prairie Mutual ");
    await page.getByLabel("Add another carrier").fill(carrier);
    await page.getByRole("button", { name: "Add Carrier" }).click();
    await expect(page.getByRole("checkbox", { name: carrier })).toBeChecked();
    await page.getByLabel("Add another carrier").fill(carrier.toLowerCase());
    await page.getByRole("button", { name: "Add Carrier" }).click();
    await expect(page.getByText("A carrier cannot be added twice.")).toBeVisible();

    if (!isNoJs(testInfo)) {
      // With JavaScript the list filters as one types.
      await page.getByLabel("Search carriers").fill("omaha");
      await expect(page.getByRole("checkbox", { name: "Mutual of Omaha" })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Aetna" })).toBeHidden();
    } else {
      await page.getByLabel("Search carriers").fill("omaha");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByRole("checkbox", { name: "Mutual of Omaha" })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: "Aetna" })).toBeHidden();
    }
    await page.getByRole("checkbox", { name: "Mutual of Omaha" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Step 2 of 4: Products" })).toBeVisible();
    await expect(page.getByRole("heading", { name: carrier })).toBeVisible();
    await field(page, "carriers[0].products[0].name").fill("Heritage");
    await field(page, "carriers[0].products[0].commissionRate").fill("1000");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Commission percentage cannot be more than 999%.")).toBeVisible();

    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByRole("heading", { name: "Step 1 of 4: Carriers" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Mutual of Omaha" })).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(field(page, "carriers[0].products[0].name")).toHaveValue("Heritage");

    await page.getByRole("button", { name: "Skip for Now" }).click();
    await expect(page).toHaveURL(/\/agent\/dashboard$/);
    await expect(page.getByText("Setup skipped")).toBeVisible();
    await page.goto("/agent/leads");
    await expect(page).not.toHaveURL(/\/agent\/setup/);
  });
});

test.describe("carrier setup screen (/agent/carrier-setup) @no-js", () => {
  test("adds a carrier and products with the screen's messages, then Complete Setup goes to /agent", async ({
    page,
    factory,
  }) => {
    await signedInNewAgent(page, factory);
    await page.goto("/agent");
    await expect(page).toHaveURL(/\/agent\/setup/);
    await page.goto("/agent/carrier-setup");
    await expect(page.getByRole("heading", { name: "Complete your carrier setup" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Skip Setup" })).toBeVisible();

    await page.getByRole("button", { name: "Add Ethos" }).click();
    await expect(page.getByRole("heading", { name: "Ethos" })).toBeVisible();
    await page.getByRole("button", { name: "Add", exact: true }).first().click();
    await expect(
      page.getByText("Missing Information: Please enter product name and commission percentage."),
    ).toBeVisible();
    await field(page, "newProducts[0].name").fill("Term 20");
    await field(page, "newProducts[0].commissionRate").fill("0");
    await page.getByRole("button", { name: "Add", exact: true }).first().click();
    await expect(page.getByText("Invalid Commission: Commission percentage must be greater than 0%.")).toBeVisible();
    await field(page, "newProducts[0].commissionRate").fill("42.5");
    await page.getByRole("button", { name: "Add", exact: true }).first().click();
    await expect(field(page, "carriers[0].products[0].name")).toHaveValue("Term 20");

    await page.getByRole("button", { name: "Remove Term 20 from Ethos" }).click();
    await expect(page.getByText("Cannot Remove Product")).toBeVisible();
    await page.getByRole("button", { name: "Remove Ethos" }).click();
    await expect(page.getByText("Cannot Remove Carrier")).toBeVisible();

    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page.getByText("Please select at least one licensed state.").first()).toBeVisible();
    await page.getByRole("checkbox", { name: /^Ohio/ }).check();
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(page).toHaveURL(/\/agent\/dashboard$/);
    await expect(page.getByText("Setup Complete")).toBeVisible();

    // Revisiting the screen loads what was saved.
    await page.goto("/agent/carrier-setup");
    await expect(page.getByRole("heading", { name: "Update your carrier setup" })).toBeVisible();
    await expect(field(page, "carriers[0].products[0].commissionRate")).toHaveValue("42.5");
    await expect(page.getByRole("checkbox", { name: /^Ohio/ })).toBeChecked();
  });
});
