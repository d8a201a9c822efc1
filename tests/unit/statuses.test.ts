import { describe, expect, it } from "vitest";
import {
  AGENT_SETTABLE_STATUSES,
  AGENT_STATUSES,
  adminPaymentStatusStyle,
  agentStatusStyle,
  DISPOSITION_STATUSES,
  FORM_SUBMISSION_STATUSES,
  formSubmissionStatusStyle,
  LEAD_STATUSES,
  leadStatusStyle,
  ORDER_STATUSES,
  orderStatusStyle,
  PAYMENT_STATUSES,
  paymentStatusStyle,
} from "~/domain/statuses";

describe("lead statuses", () => {
  it("lists the 11 lead statuses", () => {
    expect(LEAD_STATUSES).toEqual([
      "pending",
      "contacted",
      "interested",
      "quoted",
      "sale",
      "declined",
      "callback",
      "not_interested",
      "cancelled",
      "follow_up",
      "rescheduled",
    ]);
  });

  it("lets agents set five statuses and offers five dispositions without pending", () => {
    expect(AGENT_SETTABLE_STATUSES).toEqual(["pending", "contacted", "sale", "callback", "declined"]);
    expect(DISPOSITION_STATUSES).toEqual(["contacted", "sale", "declined", "callback", "rescheduled"]);
    expect(DISPOSITION_STATUSES).not.toContain("pending");
  });

  it("colours pending yellow, contacted blue, callback orange, sale green, declined red", () => {
    expect(leadStatusStyle("pending").className).toContain("yellow");
    expect(leadStatusStyle("contacted").className).toContain("blue");
    expect(leadStatusStyle("callback").className).toContain("orange");
    expect(leadStatusStyle("sale").className).toContain("green");
    expect(leadStatusStyle("declined").className).toContain("red");
  });

  it("gives rescheduled the callback style under its own label", () => {
    expect(leadStatusStyle("rescheduled").className).toBe(leadStatusStyle("callback").className);
    expect(leadStatusStyle("rescheduled")).toMatchObject({ value: "rescheduled", label: "Rescheduled" });
  });

  it("uses readable labels", () => {
    expect(leadStatusStyle("not_interested").label).toBe("Not Interested");
    expect(leadStatusStyle("follow_up").label).toBe("Follow Up");
    expect(leadStatusStyle("sale").label).toBe("Sale");
  });

  it("styles every status with a value, label and Tailwind classes", () => {
    for (const status of LEAD_STATUSES) {
      const style = leadStatusStyle(status);
      expect(style.value).toBe(status);
      expect(style.label).not.toBe("");
      expect(style.className).toMatch(/^bg-\w+-100 text-\w+-\d00 ring-\w+-\d00\/20$/);
    }
  });

  it("falls back to pending for unknown values and matches case-insensitively", () => {
    expect(leadStatusStyle("bogus")).toEqual(leadStatusStyle("pending"));
    expect(leadStatusStyle("").value).toBe("pending");
    expect(leadStatusStyle(null).value).toBe("pending");
    expect(leadStatusStyle(" SALE ").value).toBe("sale");
  });
});

describe("payment statuses", () => {
  it("has not_paid, paid and cancelled", () => {
    expect(PAYMENT_STATUSES).toEqual(["not_paid", "paid", "cancelled"]);
  });

  it("styles paid green, cancelled red and labels not_paid Not Paid", () => {
    expect(paymentStatusStyle("paid").className).toContain("green");
    expect(paymentStatusStyle("cancelled").className).toContain("red");
    expect(paymentStatusStyle("not_paid").label).toBe("Not Paid");
  });

  it("accepts pending as not_paid and falls back to not_paid", () => {
    expect(paymentStatusStyle("pending")).toEqual(paymentStatusStyle("not_paid"));
    expect(paymentStatusStyle("pending").value).toBe("not_paid");
    expect(paymentStatusStyle("whatever").value).toBe("not_paid");
  });
});

describe("agent statuses", () => {
  it("styles the four agent statuses and falls back to pending", () => {
    expect(AGENT_STATUSES).toEqual(["pending", "approved", "rejected", "paused"]);
    expect(agentStatusStyle("approved").className).toContain("green");
    expect(agentStatusStyle("rejected").className).toContain("red");
    expect(agentStatusStyle("pending").className).toContain("yellow");
    expect(agentStatusStyle("paused").label).toBe("Paused");
    expect(agentStatusStyle("unknown").value).toBe("pending");
  });

  it("reads the spec's active and inactive as approved and paused", () => {
    expect(agentStatusStyle("active").value).toBe("approved");
    expect(agentStatusStyle("inactive").value).toBe("paused");
  });
});

describe("form submission statuses", () => {
  it("styles new, contacted, converted, closed and falls back to new", () => {
    expect(FORM_SUBMISSION_STATUSES).toEqual(["new", "contacted", "converted", "closed"]);
    expect(formSubmissionStatusStyle("converted").className).toContain("green");
    expect(formSubmissionStatusStyle("closed").label).toBe("Closed");
    expect(formSubmissionStatusStyle("nope").value).toBe("new");
  });
});

describe("order statuses", () => {
  it("colours Active blue, Completed green, Refunded red, Paused yellow", () => {
    expect(ORDER_STATUSES).toEqual(["Active", "Completed", "Refunded", "Paused"]);
    expect(orderStatusStyle("Active").className).toContain("blue");
    expect(orderStatusStyle("Completed").className).toContain("green");
    expect(orderStatusStyle("Refunded").className).toContain("red");
    expect(orderStatusStyle("Paused").className).toContain("yellow");
  });

  it("matches case-insensitively, keeps the canonical value and falls back to Active", () => {
    expect(orderStatusStyle("refunded").value).toBe("Refunded");
    expect(orderStatusStyle("Cancelled").value).toBe("Active");
  });
});

describe("an unpaid month's name (audit item 21)", () => {
  it("is Not Paid on the agent's, the lead's and the admin's pages alike", () => {
    expect(paymentStatusStyle("not_paid").label).toBe("Not Paid");
    expect(adminPaymentStatusStyle("pending").label).toBe("Not Paid");
    expect(adminPaymentStatusStyle("not_paid").label).toBe("Not Paid");
  });
});
