import { Form } from "@remix-run/react";
import { useState } from "react";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { LEAD_IMPORT_LIMITS, LEAD_IMPORT_MESSAGES } from "~/domain/lead-import";

/**
 * Step 1: the CSV, as a plain multipart form (it works without JavaScript; the server refuses a
 * file past 20 MB or 50,000 rows at the field). With JavaScript a file past 20 MB is refused
 * before it is sent.
 */
export function UploadForm({ errors }: { errors: string[] | null }) {
  const [tooLarge, setTooLarge] = useState(false);
  const shown = tooLarge ? [LEAD_IMPORT_MESSAGES.tooLarge] : errors;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-4"
      onSubmit={(event) => {
        if (tooLarge) event.preventDefault();
      }}
    >
      <div>
        <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
          CSV file
        </label>
        <p id="import-file-hint" className="mt-1 text-sm text-slate-600">
          One lead per row, the column names in the first row. Up to 50,000 rows and 20 MB.
        </p>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,.txt,text/csv"
          required
          aria-invalid={shown?.length ? true : undefined}
          aria-describedby={["import-file-hint", shown?.length ? "import-file-error" : null].filter(Boolean).join(" ")}
          className={`${inputClass} mt-2 file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium`}
          onChange={(event) => setTooLarge((event.currentTarget.files?.[0]?.size ?? 0) > LEAD_IMPORT_LIMITS.bytes)}
        />
        <FieldErrors id="import-file-error" errors={shown} />
      </div>
      <SubmitButton intent="upload" pendingLabel="Uploading...">
        Upload and map columns
      </SubmitButton>
    </Form>
  );
}
