import { useState, type ReactNode } from "react";
import { useHydrated } from "~/utils/hydrated";

/** A value to copy: a read-only field (select and copy without script) and, with script, a Copy button. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          className="min-h-10 min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        {/* Only script can reach the clipboard; without it the field is there to select and copy. */}
        {hydrated ? (
          <button
            type="button"
            className="min-h-10 rounded bg-slate-800 px-3 py-1 text-sm font-semibold text-white hover:bg-slate-900"
            aria-label={`Copy ${label.toLowerCase()}`}
            onClick={() => navigator.clipboard?.writeText(value).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy"}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A secret shown once (a posting key, an API token, a webhook's signing secret): it comes in a
 * cookie read once, so a reload no longer shows it. The banner names it, says it will not be shown
 * again, and holds the secret's fields (`children`); Done hides it (with JavaScript only).
 */
export function SecretOnceBanner({
  id,
  title,
  notice,
  onDismiss,
  children,
}: {
  id: string;
  title: ReactNode;
  notice: ReactNode;
  onDismiss?: () => void;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-md border-l-4 border-green-600 bg-green-50 p-4 ring-1 ring-green-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{notice}</p>
        </div>
        {onDismiss ? (
          <button
            type="button"
            onClick={onDismiss}
            // Only with JavaScript, decided by CSS before the first paint (decision 053).
            className="min-h-10 rounded px-2 text-sm font-medium text-slate-700 hover:bg-green-100 [html:not(.js)_&]:hidden"
          >
            Done
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A request to try the secret with, as a dark code block. */
export function CodeExample({ title, code, children }: { title: string; code: string; children?: ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-800">{title}</h3>
      <pre className="mt-1 rounded bg-slate-900 p-3 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-100">
        <code>{code}</code>
      </pre>
      {children ? <p className="mt-1 text-xs text-slate-600">{children}</p> : null}
    </div>
  );
}
