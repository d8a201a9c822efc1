import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ApiTokenBanner } from "~/components/account/api-token-banner";
import { ApiTokenForm } from "~/components/account/api-token-form";
import { ApiTokenTable } from "~/components/account/api-token-table";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { API_TOKEN_MESSAGES as M, API_TOKEN_TOASTS as T } from "~/domain/api-tokens";
import { apiTokenCreateSchema } from "~/domain/schemas/api-tokens";
import { createApiToken, listApiTokens, revokeApiToken } from "~/services/api-tokens.server";
import { notFound } from "~/services/errors.server";
import { apiTokenHeader, readApiToken } from "~/utils/shown-once.server";
import { requirePortalUser } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { absoluteUrl } from "~/utils/public-url.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "API Tokens | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const url = new URL(request.url);
  const [tokens, shown] = await Promise.all([listApiTokens(user), readApiToken(request)]);
  const now = Date.now();
  const rows = tokens.map((token) => ({
    ...token,
    expired: token.expiresAt !== null && new Date(token.expiresAt).getTime() <= now,
  }));
  // ?dialog=revoke&id=: a token that is not the caller's (or is gone) is a 404, shown in the shell.
  const revoking = url.searchParams.get("dialog") === "revoke";
  const selected = revoking ? rows.find((row) => row.id === url.searchParams.get("id")) : null;
  if (revoking && !selected) throw notFound(M.notFound);
  const headers = new Headers();
  // The token just made is read once: the cookie goes with this answer, which no cache keeps.
  if (shown.clearHeader) headers.append("Set-Cookie", shown.clearHeader);
  headers.set("Cache-Control", "no-store");
  const shownToken = shown.value ? { ...shown.value, exampleUrl: absoluteUrl(request, "/api/auth/me") } : null;
  return data({ tokens: rows, selected: selected ?? null, shownToken, timezone: user.timezone }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, id: null });
  return runIntent(request, {
    back,
    context,
    failures: { create: { title: T.createFailed }, revoke: { title: T.revokeFailed } },
    intents: {
      create: formIntent(apiTokenCreateSchema, async (input) => {
        const { token, secret } = await createApiToken(user, input);
        const headers = { "Set-Cookie": await apiTokenHeader({ name: token.name, token: secret }) };
        return redirectWithToast(back, { title: T.created, description: `${token.name} is ready.` }, { headers });
      }),
      revoke: async (form) => {
        await revokeApiToken(user, String(form.get("id") ?? ""));
        return redirectWithToast(back, { title: T.revoked, description: "It stopped working at once." });
      },
    },
  });
}

export default function AccountApiTokens() {
  const { tokens, selected, shownToken, timezone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null });
  // With JavaScript the token stays on screen while the user opens a dialog (a new load that no
  // longer carries it), until Done or another token arrives.
  const [shown, setShown] = useState(shownToken);
  useEffect(() => {
    if (shownToken) setShown(shownToken);
  }, [shownToken]);
  return (
    <div className="space-y-5">
      <p className="max-w-2xl text-sm text-slate-600">
        Personal API tokens let a tool (a dialer, a spreadsheet, Zapier) use the API as you, with
        <code className="mx-1 rounded bg-slate-100 px-1 text-xs">Authorization: Bearer</code>
        and your permissions. Revoke a token as soon as the tool no longer needs it.
      </p>
      {shown ? <ApiTokenBanner {...shown} onDismiss={() => setShown(null)} /> : null}
      <Card>
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Create a token</h2>
        <ApiTokenForm />
      </Card>
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Your tokens</h2>
        <ApiTokenTable tokens={tokens} here={here} timezone={timezone} />
      </Card>
      {selected ? (
        <ConfirmDialog
          title="Revoke API Token"
          closeTo={closeTo}
          intent="revoke"
          fields={{ id: selected.id }}
          confirmLabel="Revoke Token"
          pendingLabel="Revoking..."
          danger
        >
          <p>
            Revoke <strong className="[overflow-wrap:anywhere]">{selected.name}</strong> (
            <span className="font-mono">{selected.prefix}…</span>)?
          </p>
          <p className="text-slate-600">Anything using it stops working at once. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
