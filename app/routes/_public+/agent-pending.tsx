import type { MetaFunction } from "@remix-run/node";
import { ButtonLink } from "~/components/ui/button";

export const meta: MetaFunction = () => [{ title: "Account Pending Approval | Agency CRM" }];

export default function AgentPending() {
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-16">
      <div className="w-full max-w-lg rounded-lg bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">Account Pending Approval</h1>
        <p className="mt-3 text-slate-600">
          Thanks for registering. An administrator reviews every new agent account. You can sign in as soon as your
          account is approved; if it has been more than one business day, contact your agency.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <ButtonLink to="/login">Back to Login</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Back to Website
          </ButtonLink>
        </div>
      </div>
    </main>
  );
}
