import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { SessionTable } from "~/components/account/session-table";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { endAccountSession, endOtherAccountSessions, listAccountSessions } from "~/services/account-sessions.server";
import { requirePortalUser } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { readSessionToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Sessions | Agency CRM" }];

const SIGN_OUT_OTHERS = "sign-out-others";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const sessions = await listAccountSessions(user, await readSessionToken(request));
  const confirmOthers = new URL(request.url).searchParams.get("dialog") === SIGN_OUT_OTHERS;
  return { sessions, confirmOthers, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null });
  return runIntent(request, {
    back,
    context,
    failures: {
      end: { title: "Failed to sign out the session" },
      [SIGN_OUT_OTHERS]: { title: "Failed to sign out other sessions" },
    },
    intents: {
      end: async (form) => {
        await endAccountSession(user, String(form.get("id") ?? ""));
        return redirectWithToast(back, { title: "Session signed out" });
      },
      [SIGN_OUT_OTHERS]: async () => {
        const ended = await endOtherAccountSessions(user, await readSessionToken(request));
        return redirectWithToast(back, {
          title: "Signed out everywhere else",
          description: `${ended} other session${ended === 1 ? "" : "s"} signed out.`,
        });
      },
    },
  });
}

export default function AccountSessions() {
  const { sessions, confirmOthers, timezone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Every browser signed in to your account. Sign out one you do not recognise, or every one but this device; then
          change your password if you think someone else knows it.
        </p>
        {others ? (
          <ButtonLink to={hrefWith(here, { dialog: SIGN_OUT_OTHERS })} variant="secondary" preventScrollReset>
            Sign out everywhere else
          </ButtonLink>
        ) : null}
      </div>
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Sessions</h2>
        <SessionTable sessions={sessions} timezone={timezone} />
      </Card>
      {confirmOthers && others ? (
        <ConfirmDialog
          title="Sign out everywhere else?"
          closeTo={hrefWith(here, { dialog: null })}
          intent={SIGN_OUT_OTHERS}
          fields={{}}
          confirmLabel="Sign out everywhere else"
          pendingLabel="Signing out..."
          danger
        >
          <p>
            {others} other session{others === 1 ? "" : "s"} will be signed out. This device stays signed in.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
