import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, type Column } from "~/components/ui/data-table";

type Row = { id: string; name: string; note: string };
const columns: Column<Row>[] = [
  { header: "Name", cell: (row) => row.name },
  {
    header: "Lines",
    valueClassName: "space-y-1",
    cell: (row) => (
      <>
        <p>{row.name}</p>
        <p>{row.note}</p>
      </>
    ),
  },
  { header: "Note", cell: (row) => row.note, truncate: true, title: (row) => row.note },
  {
    header: "Figures",
    short: true,
    valueClassName: "space-y-1",
    className: "sm:whitespace-nowrap",
    cell: () => (
      <>
        <p>$17,000.00</p>
        <p>$145.00/mo</p>
      </>
    ),
  },
  { header: "Actions", actions: true, cell: (row) => <button type="button">Edit {row.name}</button> },
];

describe("DataTable", () => {
  const html = renderToStaticMarkup(
    <DataTable
      caption="People"
      columns={columns}
      rows={[{ id: "1", name: "Ann", note: "A long note" }]}
      rowKey={(r) => r.id}
      empty="Nobody yet."
    />,
  );

  it("labels every value cell for the phone layout and keeps actions unlabelled", () => {
    expect(html).toContain('data-label="Name"');
    expect(html).toContain('data-label="Note"');
    expect(html).not.toContain('data-label="Actions"');
    // The table's class shows each labelled cell's data-label before its value below 640 px.
    expect(html).toMatch(/<table class="data-table /);
    const css = readFileSync("app/tailwind.css", "utf8");
    expect(css).toMatch(
      /\.data-table \{[\s\S]*?td\[data-label\] \{\s*@apply [^;]*max-sm:before:content-\[attr\(data-label\)\]/,
    );
  });

  it("keeps a value of several lines in one box, the value column of a phone's card", () => {
    expect(html).toContain(
      '<td data-label="Lines"><div class="cell-value space-y-1"><p>Ann</p><p>A long note</p></div></td>',
    );
  });

  it("puts a short value's lines in the cell itself, each in the value column of a phone's card", () => {
    expect(html).toContain(
      '<td data-label="Figures" class="sm:whitespace-nowrap space-y-1"><p>$17,000.00</p><p>$145.00/mo</p></td>',
    );
  });

  it("names the table and its keyboard-scrollable region, and gives a truncated cell its title", () => {
    expect(html).toContain('<caption class="sr-only">People</caption>');
    expect(html).toMatch(/role="region" aria-label="People" tabindex="0"/);
    expect(html).toContain('title="A long note"');
  });

  it("shows the empty text when there are no rows", () => {
    const empty = renderToStaticMarkup(
      <DataTable caption="People" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Nobody yet." />,
    );
    expect(empty).toContain("Nobody yet.");
    expect(empty).not.toContain("<table");
  });
});
