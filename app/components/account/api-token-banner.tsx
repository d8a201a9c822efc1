import { CodeExample, CopyField, SecretOnceBanner } from "~/components/ui/secret-once";

/**
 * A new API token, shown once after Create token (issue 27 item 4): the token and a first request
 * to try it with. It came in a cookie read once (app/utils/shown-once.server.ts), so a reload
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
    <SecretOnceBanner
      id="api-token"
      title={
        <>
          New API token <span className="[overflow-wrap:anywhere]">{name}</span>
        </>
      }
      notice="Copy it now and keep it like a password: it is shown only this once and cannot be shown again."
      onDismiss={onDismiss}
    >
      <CopyField id="api-token" label="API token" value={token} />
      <CodeExample title="Try it" code={`curl -H "Authorization: Bearer ${token}" \\\n  ${exampleUrl}`}>
        It works on every /api address with your permissions, never on pages.
      </CodeExample>
    </SecretOnceBanner>
  );
}
