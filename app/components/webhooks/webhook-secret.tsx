import { CopyField, SecretOnceBanner } from "~/components/ui/secret-once";
import { SIGNATURE_HEADER, WEBHOOK_VERIFY_SNIPPET } from "~/domain/webhooks";

/**
 * A new endpoint's signing secret, shown once after Add Endpoint (issue 27 item 6). It came in a
 * cookie read once (app/utils/shown-once.server.ts), so a reload no longer shows it.
 */
export function WebhookSecretBanner({
  url,
  secret,
  onDismiss,
}: {
  url: string;
  secret: string;
  onDismiss?: () => void;
}) {
  return (
    <SecretOnceBanner
      id="webhook-secret"
      title={
        <>
          Signing secret for <span className="font-mono text-sm [overflow-wrap:anywhere]">{url}</span>
        </>
      }
      notice="Copy it now into the receiving system: it is shown only this once and cannot be shown again (delete the endpoint and add it again to get a new one)."
      onDismiss={onDismiss}
    >
      <CopyField id="webhook-secret" label="Signing secret" value={secret} />
    </SecretOnceBanner>
  );
}

/** How deliveries are signed and sent, with a verification snippet for Node. */
export function WebhookSignatureHelp() {
  return (
    <details className="rounded-md bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
      <summary className="min-h-10 cursor-pointer font-semibold text-slate-900">How deliveries are signed</summary>
      <div className="mt-2 space-y-2">
        <p>
          Each event is a JSON <code>POST</code> with <code>{`{ id, type, createdAt, data }`}</code>, the headers{" "}
          <code>X-Agency-Event-Id</code> and <code>X-Agency-Event-Type</code>, and{" "}
          <code>{SIGNATURE_HEADER}: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>, where <code>v1</code> is the
          HMAC-SHA256 of <code>&lt;t&gt;.&lt;body&gt;</code> with the endpoint&apos;s secret. Answer with a 2xx within
          10 seconds; anything else is retried after 1, 2, 4 ... minutes (at most 4 hours apart) for 24 hours. An
          endpoint&apos;s events arrive in order; the same event may arrive twice, so ignore an event id already
          handled.
        </p>
        <pre className="rounded bg-slate-900 p-3 font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-100">
          <code>{WEBHOOK_VERIFY_SNIPPET}</code>
        </pre>
      </div>
    </details>
  );
}
