import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AddNumberForm, RemoveNumberDialog, UploadNumbersForm } from "~/components/dnc/dnc-forms";
import { DncImportList, DncTable } from "~/components/dnc/dnc-list";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { FilterBar } from "~/components/ui/filter-bar";
import { Pagination } from "~/components/ui/pagination";
import { DNC_TOASTS as T, dncAddSchema, dncList, dncRemoveSchema } from "~/domain/dnc";
import { addDncNumber, listDncNumbers, removeDncNumber } from "~/services/dnc.server";
import { listDncImports } from "~/services/dnc-import.server";
import { notFound } from "~/services/errors.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { hrefWith, totalText } from "~/utils/list";
import { redirectPastLastPage } from "~/utils/list.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Do Not Call", subtitle: "Numbers no agent may call" };
export const meta: MetaFunction = () => [{ title: "Do Not Call | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = dncList.fromSearch(url.searchParams);
  const [list, uploads] = await Promise.all([
    listDncNumbers(user, query),
    listDncImports(user, { page: 1, pageSize: 5 }),
  ]);
  redirectPastLastPage(url, list);
  // ?dialog=remove&phone=: a number not listed (any more) is a 404 in the shell.
  const phone = url.searchParams.get("phone") ?? "";
  let removing = null;
  if (url.searchParams.get("dialog") === "remove") {
    removing =
      list.rows.find((row) => row.phone === phone) ??
      (await listDncNumbers(user, { search: phone, page: 1, pageSize: 1 })).rows.find((row) => row.phone === phone);
    if (!removing) throw notFound("This number is not on the do-not-call list.");
  }
  return { list, uploads: uploads.rows, search: query.search ?? "", removing, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, phone: null });
  return runIntent(request, {
    back,
    context,
    failures: { add: { title: T.addFailed }, remove: { title: T.removeFailed } },
    intents: {
      add: formIntent(dncAddSchema, async (input) => {
        const { created } = await addDncNumber(user, input);
        return redirectWithToast(back, { title: created ? T.added : T.alreadyListed });
      }),
      remove: formIntent(dncRemoveSchema, async (input, form) => {
        await removeDncNumber(user, String(form.get("phone") ?? ""), input);
        return redirectWithToast(back, { title: T.removed });
      }),
    },
  });
}

export default function AdminDoNotCall() {
  const { list, uploads, search, removing, timezone } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const closeTo = hrefWith(here, { dialog: null, phone: null });
  return (
    <div className="space-y-5">
      <p className="max-w-3xl text-sm text-slate-600">
        A number on this list is never called, by any agent: every lead with it shows DNC. A lead who asks not to be
        called is listed from their page; registry extracts are uploaded below.
      </p>
      <Card className="p-4 sm:p-6">
        <h2 className="mb-3 font-semibold text-slate-900">Add a number</h2>
        <AddNumberForm />
      </Card>
      <Card className="overflow-hidden">
        <div className="space-y-3 border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">
            Listed numbers <span className="font-normal text-slate-600">({totalText(list)})</span>
          </h2>
          <FilterBar
            search={search}
            searchLabel="Search by number"
            placeholder="(305) 555-0142 or 305 555"
            applyLabel="Search"
          />
        </div>
        <DncTable
          rows={list.rows}
          timezone={timezone}
          removeHref={(entry) => hrefWith(here, { dialog: "remove", phone: entry.phone })}
        />
      </Card>
      <Pagination page={list} label="Do-not-call list pages" />
      <Card className="p-4 sm:p-6">
        <h2 className="mb-3 font-semibold text-slate-900">Upload a registry file</h2>
        <UploadNumbersForm errors={null} />
      </Card>
      {uploads.length > 0 ? (
        <Card className="overflow-hidden">
          <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Recent uploads</h2>
          <DncImportList rows={uploads} timezone={timezone} />
        </Card>
      ) : null}
      {removing ? <RemoveNumberDialog key={removing.phone} entry={removing} closeTo={closeTo} /> : null}
    </div>
  );
}
