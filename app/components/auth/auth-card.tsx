import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert } from "~/components/ui/card";

/** The centred card the sign-in pages share, narrow enough for a 360 px phone. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <Link to="/" className="text-2xl font-bold text-brand-700">
            Agency CRM
          </Link>
          <h1 className="mt-2 text-xl font-semibold text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>
      </div>
    </main>
  );
}

/** A failure in the catalogue's "Title: description" form, above the form it concerns. */
export function FailureAlert({
  failure,
  tone = "error",
}: {
  failure: { title: string; description?: string } | null | undefined;
  tone?: "error" | "warning";
}) {
  if (!failure) return null;
  return (
    <div className="mb-4">
      <Alert tone={tone}>
        <p className="font-semibold">{failure.title}</p>
        {failure.description ? <p>{failure.description}</p> : null}
      </Alert>
    </div>
  );
}

export function BackToLoginLink() {
  return (
    <p className="mt-6 border-t border-slate-200 pt-6 text-center text-sm">
      <Link to="/login" className="font-medium text-brand-600 hover:underline">
        Back to Login
      </Link>
    </p>
  );
}
