import { issueSetPasswordToken, resetPasswordWithToken } from "~/services/password-resets.server";
import { expect, isNoJs, signIn, signOut, startSession, test } from "./fixtures";

// Each test resets the password of an agent of its own; the reset itself and the sign-ins with
// the old and new passwords go through the pages, as that is what is checked.

test.describe("password reset", () => {
  test("request, admin approval, new password, sign-in; the link then is spent @no-js", async ({
    page,
    factory,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    const user = await factory.agent();
    const admin = await factory.admin();
    const newPassword = `Fresh-${Date.now()}`;

    // The visitor asks for a reset.
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The sign-in page has an Email field too: type only once the new page is on screen.
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(`  ${user.email}  `);
    await page.getByRole("button", { name: "Request Password Reset" }).click();
    await expect(page.getByRole("heading", { name: "Request submitted" })).toBeVisible();
    await expect(page.getByText("Reset request submitted")).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByText("usually within 24 hours")).toBeVisible();
    await expect(page.getByText("valid for 1 hour", { exact: false })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Login" })).toBeVisible();
    await page.getByRole("link", { name: "Submit Another Request" }).click();
    await expect(page.getByLabel("Email")).toBeVisible();

    // The admin approves it and reads the one-time link.
    await startSession(page, admin);
    await page.goto("/admin/password-reset-requests");
    await expect(page.getByRole("heading", { name: "Pending Requests" })).toBeVisible();
    await page.getByRole("button", { name: `Approve reset request from ${user.name}` }).click();
    await expect(page.getByText("Request approved")).toBeVisible();
    const link = await page.getByLabel("Value to copy").inputValue();
    expect(link).toMatch(/^http:\/\/localhost:\d+\/reset-password\?token=[\w-]{20,}$/);
    await expect(page.getByRole("button", { name: `Approve reset request from ${user.name}` })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "History" })).toBeVisible();
    // With JavaScript the link stays up as a toast over the header until dismissed.
    if (!noJs) await page.getByRole("button", { name: "Dismiss" }).click();
    await signOut(page);

    // The user opens the link and sets a new password.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
    const password = page.getByLabel("New password", { exact: true });
    const confirm = page.getByLabel("Confirm new password", { exact: true });
    const submit = page.getByRole("button", { name: "Update Password" });
    const requirements = page.getByRole("list", { name: "Password requirements" });

    if (noJs) {
      await expect(page.getByRole("button", { name: /Show/ })).toHaveCount(0);
      await password.fill(newPassword);
      await confirm.fill(`${newPassword}x`);
      await submit.click();
      // Said once, at the field, and what was typed stays for the fix.
      await expect(page.getByText("Please make sure both passwords are identical")).toHaveCount(1);
      await expect(confirm).toHaveAttribute("aria-invalid", "true");
      await expect(password).toHaveValue(newPassword);
      await expect(confirm).toHaveValue(`${newPassword}x`);
      await expect(requirements).toContainText("Both passwords match(not met)");
      await password.fill("short");
      await confirm.fill("short");
      await submit.click();
      await expect(page.getByText("Password must be at least 8 characters long")).toHaveCount(1);
      await expect(requirements).toContainText("At least 8 characters long(not met)");
    } else {
      await expect(submit).toBeDisabled();
      await password.fill("short");
      await confirm.fill("short");
      await expect(requirements).toContainText("At least 8 characters long(not met)");
      await expect(requirements).toContainText("Both passwords match(met)");
      await expect(submit).toBeDisabled();
      await password.fill(newPassword);
      await expect(requirements).toContainText("At least 8 characters long(met)");
      await expect(requirements).toContainText("Both passwords match(not met)");
      await expect(submit).toBeDisabled();
      await page.getByRole("button", { name: "Show new password" }).click();
      await expect(password).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Hide new password" }).click();
      await expect(password).toHaveAttribute("type", "password");
    }
    await password.fill(newPassword);
    await confirm.fill(newPassword);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/\/reset-password\?done=1$/);
    await expect(page.getByRole("heading", { name: "Password Updated" })).toBeVisible();
    // Once, in the page: no toast says it again.
    await expect(page.getByText("Your password has been successfully changed.")).toHaveCount(1);
    await page.getByRole("link", { name: "Continue to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    await signIn(page, { email: user.email, password: user.password });
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();
    await signIn(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/agent\/dashboard$/);
    await signOut(page);

    // The link was single use.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Invalid Link" })).toBeVisible();
    await expect(page.getByText("Invalid or expired link")).toBeVisible();
    await expect(page.getByText("already been used")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request New Reset Link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  test("a blank email is refused with Please enter your email address, once, at the field @no-js", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("   ");
    await page.getByRole("button", { name: "Request Password Reset" }).click();
    await expect(page.getByText("Please enter your email address")).toHaveCount(1);
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  });

  test("after an error, the first click on Request Password Reset sends the request @no-js", async ({
    page,
    factory,
  }, testInfo) => {
    const noJs = isNoJs(testInfo);
    const user = await factory.agent();
    await page.goto("/forgot-password");
    const email = page.getByLabel("Email");
    const button = page.getByRole("button", { name: "Request Password Reset" });
    await button.click();
    await expect(page.getByText("Please enter your email address")).toBeVisible();
    await email.fill(user.email);
    // With JavaScript the message goes as the email is typed, so leaving the field (pressing the
    // button) moves nothing; without it nothing changes before the post.
    if (!noJs) await expect(page.getByText("Please enter your email address")).toHaveCount(0);
    const before = await button.boundingBox();
    await email.blur();
    expect(await button.boundingBox()).toEqual(before);
    await button.click();
    await expect(page.getByRole("heading", { name: "Request submitted" })).toBeVisible();
  });

  test("a link used up after the form loaded says Reset failed on the form, not Invalid Link @no-js", async ({
    page,
    factory,
  }) => {
    const user = await factory.agent();
    const token = await issueSetPasswordToken(user);
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
    // Someone (another tab) uses the link first.
    await resetPasswordWithToken(token, "Other-tab-password-1");
    await page.getByLabel("New password", { exact: true }).fill("My-new-password-1");
    await page.getByLabel("Confirm new password", { exact: true }).fill("My-new-password-1");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Reset failed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Invalid Link" })).toHaveCount(0);
  });
});
