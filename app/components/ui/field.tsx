import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

export const inputClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-500 min-h-10";

type Common = { label: ReactNode; errors?: string[] | null; hint?: ReactNode; id: string; className?: string };

/** A label, its control, a hint and the field's errors, wired for screen readers. */
function FieldShell({ label, errors, hint, id, className = "", children }: Common & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600" role="alert">
      {errors[0]}
    </p>
  );
}

function describedBy(id: string, hint: unknown, errors?: string[] | null) {
  return [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

export function Field({ label, errors, hint, className, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} errors={errors} hint={hint} id={input.id} className={className}>
      <input
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(input.id, hint, errors)}
        {...input}
      />
    </FieldShell>
  );
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A filter's day (From Date, To Date) in a GET form. A refused value comes back as typed: one a
 * date box cannot hold (wrong shape) is shown in a text box, so it is not silently emptied.
 */
export function FilterDateField({
  name,
  label,
  value,
  errors,
}: {
  name: string;
  label: string;
  value: string | undefined;
  errors?: string[] | null;
}) {
  return (
    <Field
      id={name}
      name={name}
      label={label}
      type={!value || ISO_DAY.test(value) ? "date" : "text"}
      placeholder="YYYY-MM-DD"
      defaultValue={value}
      errors={errors}
      className="min-w-0"
    />
  );
}

/**
 * A filter's choice in a GET form, its "all" option first among `options`. A refused value is
 * offered once more as typed, so the select shows what its message is about.
 */
export function FilterSelectField({
  name,
  label,
  value,
  options,
  errors,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  errors?: string[] | null;
}) {
  const current = value || "all";
  const known = options.some((option) => option.value === current);
  return (
    <SelectField id={name} name={name} label={label} defaultValue={current} errors={errors} className="min-w-0">
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {known ? null : <option value={current}>{current}</option>}
    </SelectField>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  className,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} errors={errors} hint={hint} id={select.id} className={className}>
      <select
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(select.id, hint, errors)}
        {...select}
      >
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  errors,
  hint,
  className,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} errors={errors} hint={hint} id={area.id} className={className}>
      <textarea
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(area.id, hint, errors)}
        {...area}
      />
    </FieldShell>
  );
}
