import { useState } from "react";
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

/** A post a vendor could send, with the fields the intake requires and the TCPA evidence. */
function curlExample(postingUrl: string, postingKey: string) {
  const body = JSON.stringify({
    firstName: "Jane",
    lastName: "Doe",
    phone: "(813) 555-0142",
    state: "FL",
    externalId: "vendor-123",
    consent: {
      timestamp: "2026-11-27T15:04:05Z",
      ipAddress: "203.0.113.7",
      pageUrl: "https://vendor.example/quote",
      text: "I agree to be contacted about final expense insurance.",
    },
  });
  return [
    `curl -X POST ${postingUrl} \\`,
    `  -H "Authorization: Bearer ${postingKey}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '${body}'`,
  ].join("\n");
}

/**
 * A source's new posting key, shown once after Add Source or Rotate key (issue 24 item 1): the
 * key, where to post and how. It came in a cookie read once (app/utils/posting-key-flash.server.ts),
 * so a reload no longer shows it; the admin hands it to the vendor now or rotates again later.
 */
export function PostingKeyBanner({
  sourceName,
  postingKey,
  postingUrl,
  rotated,
  onDismiss,
}: {
  sourceName: string;
  postingKey: string;
  postingUrl: string;
  rotated: boolean;
  onDismiss?: () => void;
}) {
  return (
    <section
      aria-labelledby="posting-key-title"
      className="space-y-3 rounded-md border-l-4 border-green-600 bg-green-50 p-4 ring-1 ring-green-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="posting-key-title" className="font-semibold text-slate-900">
            {rotated ? "New posting key" : "Posting key"} for{" "}
            <span className="[overflow-wrap:anywhere]">{sourceName}</span>
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Copy it now and give it to the vendor: it is shown only this once and cannot be shown again (a lost key can
            only be rotated).
            {rotated ? " The previous key has stopped working." : null}
          </p>
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
      <div className="grid gap-3 lg:grid-cols-2">
        <CopyField id="posting-key" label="Posting key" value={postingKey} />
        <CopyField id="posting-url" label="Posting URL" value={postingUrl} />
      </div>
      <div>
        <h3 className="text-sm font-medium text-slate-800">Example post</h3>
        <pre className="mt-1 rounded bg-slate-900 p-3 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-100">
          <code>{curlExample(postingUrl, postingKey)}</code>
        </pre>
        <p className="mt-1 text-xs text-slate-600">
          Required: firstName, lastName, phone, state (two letters). The answer is 201 with the lead&apos;s id, or 200
          when the lead is a duplicate.
        </p>
      </div>
    </section>
  );
}
