import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { PortalErrorPanel } from "~/components/shell/portal-error";
import { Card } from "~/components/ui/card";
import { buttonClass } from "~/components/ui/button";

/**
 * Part 1's "Failed to fetch retention data", when a retention screen's data could not be read
 * (a 5xx: the database away, say), inside the shell. Try again is a plain link: a full load is
 * what a failed read needs.
 * @internal Exported for its render test (tests/api/admin-retention.test.ts); pages use RetentionErrorBoundary.
 */
export function RetentionFetchError({ retryTo }: { retryTo: string }) {
  return (
    <Card className="mx-auto max-w-xl px-6 py-10 text-center">
      <h2 className="text-xl font-semibold text-slate-900">Failed to fetch retention data</h2>
      <p className="mt-2 text-sm text-slate-600">Please try again in a moment.</p>
      <a href={retryTo} className={buttonClass("primary", "mt-6")}>
        Try again
      </a>
    </Card>
  );
}

/** Both retention screens' boundary: a refusal or a bad link is the portal's panel, a failed read the spec's text. */
export function RetentionErrorBoundary({ retryTo }: { retryTo: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) return <PortalErrorPanel home="/admin/dashboard" />;
  return <RetentionFetchError retryTo={retryTo} />;
}
