import { useNavigate, useRouteLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * The application page's 404 (part 2, "Missing application"): the same for a lead that does not
 * exist and for one that is not the viewer's. Go Back returns to the page before; without
 * JavaScript (or with no page before) it goes to the viewer's own lead list.
 */
export function ApplicationNotFound() {
  const navigate = useNavigate();
  const layout = useRouteLoaderData<{ role: "admin" | "agent" }>("routes/_portal+/_layout");
  const fallback = layout?.role === "admin" ? "/admin/dashboard" : "/agent/leads";
  return (
    <Card className="mx-auto max-w-xl px-6 py-10 text-center">
      <p className="text-4xl font-bold text-brand-700">404</p>
      <h2 className="mt-3 text-xl font-semibold text-slate-900">Application Not Found</h2>
      <p className="mt-2 text-sm text-slate-600">
        This application does not exist, or it is not one of yours. The link may be out of date.
      </p>
      <a
        href={fallback}
        className={buttonClass("primary", "mt-6")}
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            navigate(-1);
          }
        }}
      >
        Go Back
      </a>
    </Card>
  );
}
