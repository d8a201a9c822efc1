import { describe, expect, it } from "vitest";
import { csvLine, type CsvValue } from "~/domain/csv";
import { adminReportExportHref } from "~/domain/admin-reports";
import { REPORT_CSV_COLUMNS, reportExportHref, reportFileName } from "~/domain/reports";

// The CSV helper of the report's export (issue 11 item 6): RFC 4180 quoting and line ends, and
// cells a spreadsheet would run as a formula neutralised (OWASP, CSV Injection).

/** One field as csvLine writes it, without the record's CRLF. */
const csvField = (value: CsvValue) => csvLine([value]).replace(/\r\n$/, "");

describe("a field of csvLine", () => {
  it("writes plain text and numbers as they are, and nothing for null and undefined", () => {
    expect(csvField("Aetna")).toBe("Aetna");
    expect(csvField("85.50")).toBe("85.50");
    expect(csvField(12)).toBe("12");
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField(0)).toBe("0");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField("")).toBe("");
  });

  it("quotes a field with a comma, a double quote, a CR or an LF, doubling its quotes", () => {
    expect(csvField("Smith, John")).toBe('"Smith, John"');
    expect(csvField('Jo "JJ" Doe')).toBe('"Jo ""JJ"" Doe"');
    expect(csvField('"')).toBe('""""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("carriage\rreturn")).toBe('"carriage\rreturn"');
    expect(csvField("crlf\r\nhere")).toBe('"crlf\r\nhere"');
  });

  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tindented", "'\tindented"],
  ])("neutralises %j, which a spreadsheet would run, with a leading quote", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it("neutralises before quoting, so a formula with a comma or quote is both", () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvField("\rleading CR")).toBe(`"'\rleading CR"`);
  });

  it("leaves a sign inside the text, and negative numbers given as numbers, alone", () => {
    expect(csvField("Mary-Jane")).toBe("Mary-Jane");
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField(-5)).toBe("-5");
  });
});

describe("csvLine", () => {
  it("joins the fields with commas and ends the record with CRLF", () => {
    expect(csvLine(["a", "b,c", null, 3])).toBe('a,"b,c",,3\r\n');
    expect(csvLine([])).toBe("\r\n");
  });

  it("writes the report's header row in the spec's order", () => {
    expect(csvLine(REPORT_CSV_COLUMNS)).toBe("Date,Customer,Status,Carrier,Coverage,Monthly Premium,Commission\r\n");
  });
});

describe("the report's file name and export form's action", () => {
  it("is agent-report-{date}.csv", () => {
    expect(reportFileName("2026-11-23")).toBe("agent-report-2026-11-23.csv");
  });

  // The export is a post to this URL (a GET only lands back on the report), so the filters the
  // page shows are the ones exported, and the page number is left out.
  it("carries the filters that are set, in the URL Export CSV posts to", () => {
    expect(reportExportHref({ dateFrom: "2026-01-01", dateTo: "", status: "sale", carrierId: "" })).toBe(
      "/agent/reports/export?dateFrom=2026-01-01&status=sale",
    );
    expect(reportExportHref({ dateFrom: "", dateTo: "", status: "", carrierId: "" })).toBe("/agent/reports/export");
  });

  it("carries the admin's filters and tab, the Overview being the default", () => {
    const none = { dateFrom: "", dateTo: "", agentId: "", carrierId: "", status: "" };
    expect(adminReportExportHref({ ...none, dateFrom: "2009-01-01", status: "sale" }, "agents")).toBe(
      "/admin/reports/export?dateFrom=2009-01-01&status=sale&tab=agents",
    );
    expect(adminReportExportHref(none, "overview")).toBe("/admin/reports/export");
  });
});
