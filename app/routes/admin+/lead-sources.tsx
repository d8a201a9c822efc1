import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LeadSourceFormDialog, RotateKeyDialog } from "~/components/lead-sources/lead-source-dialogs";
import { LeadSourceTable } from "~/components/lead-sources/lead-source-table";
import { PostingKeyBanner } from "~/components/lead-sources/posting-key-banner";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { INTAKE_PATH, LEAD_SOURCE_TOASTS as T } from "~/domain/lead-sources";
import {
  leadSourceCreateSchema,
  leadSourceEditSchema,
  leadSourceList,
  leadSourceStatusSchema,
} from "~/domain/schemas/lead-sources";
import {
  createLeadSource,
  getLeadSource,
  leadSourceCarrierChoices,
  listLeadSources,
  rotateLeadSourceKey,
  updateLeadSource,
} from "~/services/lead-sources.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { postingKeyHeader, readPostingKey } from "~/utils/shown-once.server";
import { absoluteUrl } from "~/utils/public-url.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Lead Sources", subtitle: "Vendors and lists leads are bought from" };
export const meta: MetaFunction = () => [{ title: "Lead Sources | Agency CRM" }];

const DIALOGS = ["add", "edit", "rotate"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = leadSourceList.fromSearch(url.searchParams);
  const dialog = DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const [list, carriers, shown] = await Promise.all([
    listLeadSources(user, query),
    dialog === "add" || dialog === "edit" ? leadSourceCarrierChoices(user) : Promise.resolve([]),
    readPostingKey(request),
  ]);
  redirectPastLastPage(url, list);
  // ?dialog=edit|rotate&id=: an unknown id is the service's 404, shown inside the shell.
  const id = url.searchParams.get("id") ?? "";
  const selected =
    dialog === "edit" || dialog === "rotate"
      ? (list.rows.find((row) => row.id === id) ?? (await getLeadSource(user, id)))
      : null;
  const headers = new Headers();
  // The key just made is read once: the cookie goes with this answer, which no cache keeps.
  if (shown.clearHeader) headers.append("Set-Cookie", shown.clearHeader);
  if (shown.value) headers.set("Cache-Control", "no-store");
  const shownKey = shown.value
    ? {
        sourceName: shown.value.sourceName,
        postingKey: shown.value.postingKey,
        rotated: shown.value.rotated,
        postingUrl: absoluteUrl(request, INTAKE_PATH),
      }
    : null;
  return data({ list, carriers, dialog, selected, shownKey, timezone: user.timezone }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, id: null });
  const id = (form: FormData) => String(form.get("id") ?? "");
  return runIntent(request, {
    back,
    context,
    failures: {
      create: { title: T.createFailed },
      update: { title: T.updateFailed },
      status: { title: T.statusFailed },
      rotate: { title: T.rotateFailed },
    },
    intents: {
      create: formIntent(leadSourceCreateSchema, async (input) => {
        const { source, postingKey } = await createLeadSource(user, input);
        const headers = {
          "Set-Cookie": await postingKeyHeader({ sourceName: source.name, postingKey, rotated: false }),
        };
        return redirectWithToast(back, { title: T.created, description: `${source.name} is ready.` }, { headers });
      }),
      update: formIntent(leadSourceEditSchema, async (change, form) => {
        await updateLeadSource(user, id(form), change);
        return redirectWithToast(back, { title: T.updated });
      }),
      status: formIntent(leadSourceStatusSchema, async ({ status }, form) => {
        const source = await updateLeadSource(user, id(form), { status });
        return redirectWithToast(back, {
          title: status === "paused" ? T.paused : T.activated,
          description:
            status === "paused"
              ? `${source.name}'s posts are refused until it is activated.`
              : `${source.name} is live.`,
        });
      }),
      rotate: async (form) => {
        const { source, postingKey } = await rotateLeadSourceKey(user, id(form));
        const headers = {
          "Set-Cookie": await postingKeyHeader({ sourceName: source.name, postingKey, rotated: true }),
        };
        return redirectWithToast(back, { title: T.rotated }, { headers });
      },
    },
  });
}

export default function AdminLeadSources() {
  const { list, carriers, dialog, selected, shownKey, timezone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null });
  // With JavaScript the key stays on screen while the admin opens a dialog or turns a page (each
  // a new load that no longer carries it), until Done or another key arrives.
  const [key, setKey] = useState(shownKey);
  useEffect(() => {
    if (shownKey) setKey(shownKey);
  }, [shownKey]);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Each source posts its leads to the intake with its own key. Its cost per lead prices the leads it sends; an
          agent may return a bad lead within its return window; a lead repeating one received within its duplicate
          window is not billed.
        </p>
        <ButtonLink to={hrefWith(here, { dialog: "add", id: null })} preventScrollReset>
          Add Source
        </ButtonLink>
      </div>
      {key ? <PostingKeyBanner {...key} onDismiss={() => setKey(null)} /> : null}
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Sources</h2>
        <LeadSourceTable sources={list.rows} here={here} timezone={timezone} />
      </Card>
      <Pagination page={list} label="Lead source pages" />

      {dialog === "add" ? <LeadSourceFormDialog carriers={carriers} closeTo={closeTo} /> : null}
      {selected && dialog === "edit" ? (
        <LeadSourceFormDialog key={selected.id} source={selected} carriers={carriers} closeTo={closeTo} />
      ) : null}
      {selected && dialog === "rotate" ? <RotateKeyDialog source={selected} closeTo={closeTo} /> : null}
    </div>
  );
}
