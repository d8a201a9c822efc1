import { isRouteErrorResponse, Link, useLocation, useMatches, useRouteError } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

const PANELS: Record<number, { title: string; text: string }> = {
  400: {
    title: "That request could not be read",
    text: "Something in the link or form was not valid. Go back and try again.",
  },
  403: { title: "You do not have access to this", text: "This page belongs to another part of the portal." },
  404: {
    title: "Not found",
    text: "What you are looking for does not exist, or is not yours to see. The link may be out of date.",
  },
};

/**
 * The spec's "Failed to fetch ..." of each page (part 1 and part 2, section 8), by route: what a
 * page says when its read fails for a reason of ours (a 5xx: the database away, say), inside the
 * shell. A service's refusal (404, 403) keeps its own panel. One catalogue for every portal page,
 * read by the portal layouts' one error panel.
 * @internal Exported for the test that checks each id names a route.
 */
export const PAGE_FETCH_FAILURES: Record<string, string> = {
  "routes/admin+/dashboard": "Failed to fetch dashboard data",
  "routes/agent+/dashboard": "Failed to fetch dashboard data",
  "routes/admin+/leads": "Failed to fetch applications",
  "routes/agent+/leads": "Failed to fetch applications",
  "routes/agent+/profile._index": "Failed to fetch agent profile",
  "routes/agent+/profile.edit": "Failed to fetch agent profile",
  "routes/admin+/reports": "Failed to fetch reports data",
  "routes/agent+/reports": "Failed to fetch report data",
  "routes/admin+/agents": "Failed to fetch agents",
  "routes/admin+/agent-approval": "Failed to fetch agents",
  "routes/admin+/agent-management": "Failed to fetch agents",
  "routes/agent+/carrier-setup": "Failed to fetch carriers",
  "routes/admin+/orders": "Failed to fetch orders",
  "routes/admin+/premiums": "Failed to fetch premium data",
  "routes/admin+/form-submissions": "Failed to fetch submissions",
  "routes/admin+/jobs": "Failed to fetch jobs",
  "routes/agent+/commissions": "Failed to fetch commissions",
  "routes/agent+/retention": "Failed to fetch sales data",
  "routes/admin+/retention": "Failed to fetch retention data",
  "routes/admin+/retention-detailed": "Failed to fetch retention data",
  // The calculator's rates are the agent's products.
  "routes/agent+/commission-calculator": "Failed to fetch products",
};

/** The failing page's own message: the deepest matched route with one. */
function usePageFetchFailure() {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const message = PAGE_FETCH_FAILURES[matches[i]!.id];
    if (message) return message;
  }
  return null;
}

/** What a route's 4xx answer said (`{ message }` from a service), if anything. */
function messageOf(data: unknown) {
  if (typeof data === "string") return data;
  if (data && typeof data === "object" && typeof (data as { message?: unknown }).message === "string") {
    return (data as { message: string }).message;
  }
  return null;
}

/**
 * The portals' error panel, shown inside the shell by each portal layout's error boundary: a
 * clear 404/403/500 and a way back. A 5xx never shows its details (they may hold personal data;
 * the server log has the message).
 */
export function PortalErrorPanel({ home }: { home: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const fetchFailure = usePageFetchFailure();
  const location = useLocation();
  if (status >= 500 && fetchFailure) {
    return (
      <Card className="mx-auto max-w-xl px-6 py-10 text-center">
        <h2 className="text-xl font-semibold text-slate-900">{fetchFailure}</h2>
        <p className="mt-2 text-sm text-slate-600">Please try again in a moment.</p>
        {/* A plain link: a full load is what a failed read needs. */}
        <a href={location.pathname + location.search} className={buttonClass("primary", "mt-6")}>
          Try again
        </a>
      </Card>
    );
  }
  const known = PANELS[status];
  const title = known?.title ?? (status >= 500 ? "Something went wrong on our side" : "We could not do that");
  const detail = status < 500 && isRouteErrorResponse(error) ? messageOf(error.data) : null;
  const text =
    status >= 500
      ? "Please try again in a moment. If it keeps happening, tell your administrator."
      : (known?.text ?? "");
  return (
    <Card className="mx-auto max-w-xl px-6 py-10 text-center">
      <p className="text-4xl font-bold text-brand-700">{status}</p>
      <h2 className="mt-3 text-xl font-semibold text-slate-900">{title}</h2>
      {detail && detail !== title ? <p className="mt-2 text-slate-700">{detail}</p> : null}
      {text ? <p className="mt-2 text-sm text-slate-600">{text}</p> : null}
      <Link
        to={home}
        className="mt-6 inline-flex min-h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Back to the dashboard
      </Link>
    </Card>
  );
}
