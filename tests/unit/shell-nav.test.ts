import { describe, expect, it } from "vitest";
import { isActiveNavItem } from "~/components/shell/app-shell";

// Part 1, section 2: a sidebar item is active when the path equals or starts with its route.
describe("the sidebar's active item", () => {
  it("is the item whose route the path equals or starts with", () => {
    expect(isActiveNavItem("/admin/retention", "/admin/retention")).toBe(true);
    expect(isActiveNavItem("/admin/retention-detailed", "/admin/retention")).toBe(true);
    expect(isActiveNavItem("/agent/profile/edit", "/agent/profile")).toBe(true);
  });

  it("is no other item", () => {
    expect(isActiveNavItem("/admin/retention-detailed", "/admin/reports")).toBe(false);
    expect(isActiveNavItem("/agent/commission-calculator", "/agent/commissions")).toBe(false);
    expect(isActiveNavItem("/admin/dashboard", "/admin/leads")).toBe(false);
  });
});
