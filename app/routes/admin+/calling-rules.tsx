import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CallingRulesPage } from "~/components/calling-rules/calling-rules-page";
import type { PageHandle } from "~/components/shell/app-shell";
import { callingRuleFormSchema } from "~/domain/schemas/calling";
import { listCallingRules, removeCallingRule, saveCallingRule } from "~/services/calling-rules.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { redirectWithToast } from "~/utils/toast.server";

// Calling Rules (issue 25 item 3, decision 071): the federal window and each state's stricter
// window and daily limit. ?edit=FL opens a state's form; the add form is always on the page.

export const handle: PageHandle = { title: "Calling Rules", subtitle: "Calling hours and daily limits by state" };
export const meta: MetaFunction = () => [{ title: "Calling Rules | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const rules = await listCallingRules(user);
  const editing = new URL(request.url).searchParams.get("edit")?.toUpperCase() ?? null;
  return { rules, editing: rules.find((rule) => rule.state === editing) ?? null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = "/admin/calling-rules";
  return runIntent(request, {
    context,
    back,
    failures: {
      save: { title: "Failed to save the calling rule" },
      remove: { title: "Failed to remove the calling rule" },
    },
    intents: {
      save: formIntent(callingRuleFormSchema, async ({ state, ...rule }) => {
        const saved = await saveCallingRule(user, state, rule);
        return redirectWithToast(back, { title: `Calling rule saved: ${saved.stateName}` });
      }),
      remove: async (form) => {
        await removeCallingRule(user, String(form.get("state") ?? ""));
        return redirectWithToast(back, { title: "Calling rule removed" });
      },
    },
  });
}

export default function CallingRulesRoute() {
  return <CallingRulesPage {...useLoaderData<typeof loader>()} />;
}
