import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
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
