import { CopyField } from "~/components/lead-sources/posting-key-banner";

/**
 * A new API token, shown once after Create token (issue 27 item 4): the token and a first request
 * to try it with. It came in a cookie read once (app/utils/api-token-flash.server.ts), so a reload
 * no longer shows it; a lost token can only be revoked and made again.
 */
export function ApiTokenBanner({
  name,
  token,
  exampleUrl,
  onDismiss,
}: {
  name: string;
  token: string;
  exampleUrl: string;
  onDismiss?: () => void;
}) {
  return (
    <section
      aria-labelledby="api-token-title"
      className="space-y-3 rounded-md border-l-4 border-green-600 bg-green-50 p-4 ring-1 ring-green-200"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="api-token-title" className="font-semibold text-slate-900">
            New API token <span className="[overflow-wrap:anywhere]">{name}</span>
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Copy it now and keep it like a password: it is shown only this once and cannot be shown again.
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
      <CopyField id="api-token" label="API token" value={token} />
      <div>
        <h3 className="text-sm font-medium text-slate-800">Try it</h3>
        <pre className="mt-1 rounded bg-slate-900 p-3 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-100">
          <code>{`curl -H "Authorization: Bearer ${token}" \\\n  ${exampleUrl}`}</code>
        </pre>
        <p className="mt-1 text-xs text-slate-600">
          It works on every /api address with your permissions, never on pages.
        </p>
      </div>
    </section>
  );
}
