import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/utils/hydrated";

/**
 * A password input with a Show/Hide toggle. The toggle needs JavaScript (only a script can
 * change an input's type), so without it the field is a plain password input and no dead
 * button is shown.
 */
export function PasswordField({
  label,
  errors,
  hint,
  id,
  className = "",
  ...input
}: {
  label: ReactNode;
  errors?: string[] | null;
  hint?: ReactNode;
  id: string;
  className?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  const describedBy =
    [hint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          id={id}
          type={hydrated && visible ? "text" : "password"}
          className={`${inputClass} ${hydrated ? "pr-16" : ""}`}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex min-w-14 items-center justify-center rounded-r-md px-3 text-xs font-semibold text-brand-700 hover:bg-slate-50"
          >
            {visible ? "Hide" : "Show"}
            <span className="sr-only"> {typeof label === "string" ? label.toLowerCase() : "password"}</span>
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** One line of a requirements checklist: met or not, said in words for screen readers too. */
export function CheckItem({ met, children }: { met: boolean; children: ReactNode }) {
  return (
    <li className={`flex items-center gap-2 ${met ? "text-green-700" : "text-slate-600"}`}>
      <span
        aria-hidden="true"
        className={`inline-flex size-5 items-center justify-center rounded-full text-xs font-bold ${met ? "bg-green-100" : "bg-slate-100"}`}
      >
        {met ? "✓" : "•"}
      </span>
      <span>{children}</span>
      <span className="sr-only">{met ? "(met)" : "(not met)"}</span>
    </li>
  );
}
