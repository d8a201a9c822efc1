import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { AddWebhookDialog, DeleteWebhookDialog, EditWebhookDialog } from "~/components/webhooks/webhook-dialogs";
import { WebhookSecretBanner, WebhookSignatureHelp } from "~/components/webhooks/webhook-secret";
import { WebhookTable } from "~/components/webhooks/webhook-tables";
import { webhookCreateSchema, webhookList } from "~/domain/schemas/webhooks";
import { WEBHOOK_TOASTS as T } from "~/domain/webhooks";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "~/services/webhooks.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { redirectPastLastPage } from "~/utils/list.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readWebhookSecret, webhookSecretHeader } from "~/utils/shown-once.server";

export const handle: PageHandle = { title: "Webhooks", subtitle: "Signed events sent to other systems" };
export const meta: MetaFunction = () => [{ title: "Webhooks | Agency CRM" }];

const DIALOGS = ["add", "edit", "delete"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const dialog = DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const [list, shown] = await Promise.all([
    listWebhooks(user, webhookList.fromSearch(url.searchParams)),
    readWebhookSecret(request),
  ]);
  redirectPastLastPage(url, list);
  // ?dialog=edit|delete&id=: an unknown id is the service's 404, shown inside the shell.
  const id = url.searchParams.get("id") ?? "";
  const selected =
    dialog === "edit" || dialog === "delete"
      ? (list.rows.find((row) => row.id === id) ?? (await getWebhook(user, id)))
      : null;
  const headers = new Headers();
  // The secret just made is read once: the cookie goes with this answer, which no cache keeps.
  if (shown.clearHeader) headers.append("Set-Cookie", shown.clearHeader);
  if (shown.value) headers.set("Cache-Control", "no-store");
  return data({ list, dialog, selected, shownSecret: shown.value, timezone: user.timezone }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, id: null });
  const endpointId = (form: FormData) => String(form.get("id") ?? "");
  // A row's Pause or Resume: the endpoint's `active`, then back to the list with its toast.
  const switchEndpoint = (active: boolean, title: string) => async (form: FormData) => {
    await updateWebhook(user, endpointId(form), { active });
    return redirectWithToast(back, { title });
  };
  return runIntent(request, {
    back,
    context,
    failures: {
      create: { title: T.createFailed },
      update: { title: T.updateFailed },
      pause: { title: T.activeFailed },
      resume: { title: T.activeFailed },
      delete: { title: T.deleteFailed },
    },
    intents: {
      create: formIntent(webhookCreateSchema, async (input) => {
        const { webhook, secret } = await createWebhook(user, input);
        const headers = { "Set-Cookie": await webhookSecretHeader({ url: webhook.url, secret }) };
        return redirectWithToast(back, { title: T.created }, { headers });
      }),
      update: formIntent(webhookCreateSchema, async (input, form) => {
        await updateWebhook(user, endpointId(form), input);
        return redirectWithToast(back, { title: T.updated });
      }),
      pause: switchEndpoint(false, T.paused),
      resume: switchEndpoint(true, T.resumed),
      delete: async (form) => {
        await deleteWebhook(user, endpointId(form));
        return redirectWithToast(back, { title: T.deleted });
      },
    },
  });
}

export default function AdminWebhooks() {
  const { list, dialog, selected, shownSecret, timezone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null });
  // With JavaScript the secret stays on screen while the admin opens a dialog or turns a page
  // (each a new load that no longer carries it), until Done or another secret arrives.
  const [secret, setSecret] = useState(shownSecret);
  useEffect(() => {
    if (shownSecret) setSecret(shownSecret);
  }, [shownSecret]);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          An endpoint receives the events it listens to as signed JSON posts: new leads, assignments, status changes,
          sales, payments, policies, returns, imports and approvals. Each carries ids and statuses, never a
          person&apos;s numbers. A paused endpoint gets no events; what was already waiting for it is sent when it is
          resumed.
        </p>
        <ButtonLink to={hrefWith(here, { dialog: "add", id: null })} preventScrollReset>
          Add Endpoint
        </ButtonLink>
      </div>
      {secret ? <WebhookSecretBanner {...secret} onDismiss={() => setSecret(null)} /> : null}
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Endpoints</h2>
        <WebhookTable webhooks={list.rows} here={here} timezone={timezone} />
      </Card>
      <Pagination page={list} label="Endpoint pages" />
      <WebhookSignatureHelp />

      {dialog === "add" ? <AddWebhookDialog closeTo={closeTo} /> : null}
      {selected && dialog === "edit" ? <EditWebhookDialog webhook={selected} closeTo={closeTo} /> : null}
      {selected && dialog === "delete" ? <DeleteWebhookDialog webhook={selected} closeTo={closeTo} /> : null}
    </div>
  );
}
