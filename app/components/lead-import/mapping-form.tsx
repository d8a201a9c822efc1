import { Form, useSubmit } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { FieldErrors, SelectField, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  LEAD_IMPORT_DISTRIBUTIONS,
  LEAD_IMPORT_FIELD_LABELS,
  LEAD_IMPORT_FIELDS,
  type LeadImportDistribution,
  type LeadImportField,
} from "~/domain/lead-import";

type Choice = { id: string; name: string };
type PreviewRow = { rowNumber: number; cells: string[]; problems: string[] };

export type MappingFormProps = {
  headers: string[];
  total: number;
  mapping: (LeadImportField | null)[];
  sourceId: string | null;
  distribution: LeadImportDistribution | null;
  agentId: string | null;
  preview: PreviewRow[];
  sources: Choice[];
  agents: Choice[];
  errors: Record<string, string[]>;
};

const selectClass = `${inputClass} pr-8`;

/**
 * Step 2, one server-rendered form: a lead field per column (guessed, editable), the first rows
 * under that mapping with each one's problems, the source and the distribution. Update Preview
 * saves the choices and shows the rows again (with JavaScript a changed column does it at once);
 * Import starts the job. A refused choice comes back at its field with everything kept.
 */
export function MappingForm(props: MappingFormProps) {
  const submit = useSubmit();
  const { headers, mapping, errors } = props;
  const sample = props.preview[0]?.cells ?? [];
  const mapped = mapping
    .map((field, index) => (field ? { field, index } : null))
    .filter((entry): entry is { field: LeadImportField; index: number } => entry !== null)
    .sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
  const columns: Column<PreviewRow>[] = [
    { header: "Row", cell: (row) => row.rowNumber, align: "right" },
    ...mapped.map(({ field, index }) => ({
      header: LEAD_IMPORT_FIELD_LABELS[field],
      cell: (row: PreviewRow) => row.cells[index] ?? "",
      className: "sm:[&_.cell-value]:[overflow-wrap:anywhere]",
    })),
    {
      header: "Problems",
      cell: (row) =>
        row.problems.length === 0 ? (
          <span className="text-green-800">Ready</span>
        ) : (
          <span className="text-red-700">{row.problems.join("; ")}</span>
        ),
    },
  ];
  const problemRows = props.preview.filter((row) => row.problems.length > 0).length;
  return (
    <Form
      method="post"
      className="space-y-5"
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (target instanceof HTMLSelectElement && target.name.startsWith("column.")) {
          const form = new FormData(event.currentTarget);
          form.set("intent", "preview");
          submit(form, { method: "post", preventScrollReset: true, replace: true });
        }
      }}
    >
      <Card className="p-4 sm:p-6">
        <h2 className="font-semibold text-slate-900">1. Match the columns to lead fields</h2>
        <p className="mt-1 text-sm text-slate-600">
          Guessed from the column names. First name, last name, phone and state are required; columns left as Not
          imported are not kept.
        </p>
        <FieldErrors id="mapping-error" errors={errors.mapping} />
        <ul className="mt-4 divide-y divide-slate-200" aria-describedby={errors.mapping ? "mapping-error" : undefined}>
          {headers.map((header, index) => (
            <li key={index} className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center">
              <div className="min-w-0">
                <label htmlFor={`column-${index}`} className="block text-sm font-medium break-words text-slate-900">
                  {header}
                </label>
                <p className="truncate text-sm text-slate-600" title={sample[index]}>
                  {sample[index] ? `e.g. ${sample[index]}` : "Empty in the first row"}
                </p>
              </div>
              <select
                id={`column-${index}`}
                name={`column.${index}`}
                defaultValue={mapping[index] ?? ""}
                className={selectClass}
              >
                <option value="">Not imported</option>
                {LEAD_IMPORT_FIELDS.map((field) => (
                  <option key={field.key} value={field.key}>
                    {field.label}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        <SubmitButton intent="preview" pendingLabel="Updating..." variant="secondary">
          Update preview
        </SubmitButton>
      </Card>

      <section
        className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
        aria-labelledby="preview-title"
      >
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 id="preview-title" className="font-semibold text-slate-900">
            2. Preview of the first {props.preview.length} rows
          </h2>
          <p className="text-sm text-slate-600" role="status">
            {problemRows === 0
              ? "No problem in these rows."
              : `${problemRows} of these rows would be rejected; the rejected rows are listed for download after the import.`}
          </p>
        </div>
        <DataTable
          caption="Preview of the first rows"
          columns={columns}
          rows={props.preview}
          rowKey={(row) => String(row.rowNumber)}
          empty="No rows."
        />
      </section>

      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="font-semibold text-slate-900">3. Source and distribution</h2>
        <SelectField
          id="sourceId"
          name="sourceId"
          label="Source"
          defaultValue={props.sourceId ?? ""}
          errors={errors.sourceId}
          className="sm:max-w-md"
        >
          <option value="">Choose a source</option>
          {props.sources.map((source) => (
            <option key={source.id} value={source.id}>
              {source.name}
            </option>
          ))}
        </SelectField>
        <fieldset aria-describedby={errors.distribution ? "distribution-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">Distribution</legend>
          <div className="mt-2 space-y-2">
            {LEAD_IMPORT_DISTRIBUTIONS.map((option) => (
              <label key={option.value} className="flex min-h-10 items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="distribution"
                  value={option.value}
                  defaultChecked={(props.distribution ?? "automatic") === option.value}
                  className="mt-1"
                />
                <span>{option.label}</span>
              </label>
            ))}
          </div>
          <FieldErrors id="distribution-error" errors={errors.distribution} />
        </fieldset>
        <SelectField
          id="agentId"
          name="agentId"
          label="Agent (for All to one agent)"
          defaultValue={props.agentId ?? ""}
          errors={errors.agentId}
          className="sm:max-w-md"
        >
          <option value="">Choose an agent</option>
          {props.agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="start" pendingLabel="Starting...">
            Import {props.total.toLocaleString("en-US")} rows
          </SubmitButton>
        </div>
      </Card>
    </Form>
  );
}

const ORDER = new Map(LEAD_IMPORT_FIELDS.map((field, index) => [field.key, index]));
function fieldOrder(field: LeadImportField) {
  return ORDER.get(field) ?? 0;
}
