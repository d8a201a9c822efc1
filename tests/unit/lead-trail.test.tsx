import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { LeadTrail } from "~/components/audit/lead-trail";
import type { ActivityRow } from "~/domain/activity";

// The lead dialog's trail: each entry's action in words, who and when on the admin's calendar,
// the details, and the way to the whole trail on the Activity page.

const leadId = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";
const row = (overrides: Partial<ActivityRow>): ActivityRow => ({
  id: crypto.randomUUID(),
  action: "lead_status_changed",
  userName: "Andy Agent",
  applicationId: leadId,
  leadName: "Lena Lead",
  createdAt: "2026-03-10T15:00:00.000Z",
  details: "Andy Agent changed the status of Lena Lead from Pending to Contacted",
  ...overrides,
});

const render = (rows: ActivityRow[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LeadTrail rows={rows} timezone="America/Chicago" />
    </MemoryRouter>,
  );

describe("LeadTrail", () => {
  it("lists the entries in the order given, in words, with who and when in the admin's zone", () => {
    const html = render([
      row({ action: "lead_reassigned", userName: "Ada Admin", details: "Ada Admin reassigned Lena Lead" }),
      row({ action: "application_submitted", userName: null, details: "Lena Lead submitted an application" }),
    ]);
    expect(html.indexOf("Lead reassigned")).toBeLessThan(html.indexOf("Application submitted"));
    expect(html).toContain("Ada Admin reassigned Lena Lead");
    expect(html).toContain("Visitor or system");
    expect(html).toContain("Mar 10, 2026, 10:00 AM");
    expect(html).toContain(`href="/admin/activity?applicationId=${leadId}"`);
  });

  it("says so when nothing has been recorded", () => {
    expect(render([])).toContain("Nothing has been recorded for this lead yet.");
  });
});
