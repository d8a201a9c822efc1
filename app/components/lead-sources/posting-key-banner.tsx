import { CodeExample, CopyField, SecretOnceBanner } from "~/components/ui/secret-once";

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
 * key, where to post and how. It came in a cookie read once (app/utils/shown-once.server.ts),
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
    <SecretOnceBanner
      id="posting-key"
      title={
        <>
          {rotated ? "New posting key" : "Posting key"} for{" "}
          <span className="[overflow-wrap:anywhere]">{sourceName}</span>
        </>
      }
      notice={
        <>
          Copy it now and give it to the vendor: it is shown only this once and cannot be shown again (a lost key can
          only be rotated).
          {rotated ? " The previous key has stopped working." : null}
        </>
      }
      onDismiss={onDismiss}
    >
      <div className="grid gap-3 lg:grid-cols-2">
        <CopyField id="posting-key" label="Posting key" value={postingKey} />
        <CopyField id="posting-url" label="Posting URL" value={postingUrl} />
      </div>
      <CodeExample title="Example post" code={curlExample(postingUrl, postingKey)}>
        Required: firstName, lastName, phone, state (two letters). The answer is 201 with the lead&apos;s id, or 200
        when the lead is a duplicate.
      </CodeExample>
    </SecretOnceBanner>
  );
}
