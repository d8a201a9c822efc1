import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { SetupNotice, type FieldErrorMap } from "~/components/setup/setup-parts";
import { SetupPanels } from "~/components/setup/setup-panels";
import type { PageHandle } from "~/components/shell/app-shell";
import { Button } from "~/components/ui/button";
import { setupSchema } from "~/domain/schemas/setup";
import {
  EMPTY_SIDE_INPUTS,
  applyDraftIntent,
  draftFromPayload,
  draftFromSetup,
  sideInputsAfter,
  type DraftNotice,
  type SetupDraft,
  type SideInputs,
} from "~/domain/setup-draft";
import { completeSetup, getAgentSetup, listPublicCarriers, skipSetup } from "~/services/carriers.server";
import { ServiceError } from "~/services/errors.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

// The alternative, single-page setup screen (part 2, section 2). It shares its pieces and its
// rules with the wizard at /agent/setup, and also serves an agent revising a finished setup.

export const handle: PageHandle = { title: "Carrier Setup", subtitle: "Carriers, products and licensed states" };
export const meta: MetaFunction = () => [{ title: "Carrier Setup | Agency CRM" }];

type ScreenView = {
  draft: SetupDraft;
  inputs: SideInputs;
  result?: SubmissionResult<string[]>;
  notice?: DraftNotice;
  rev: string;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const [setup, carriers] = await Promise.all([getAgentSetup(agent), listPublicCarriers()]);
  const view: ScreenView = { draft: draftFromSetup(setup), inputs: EMPTY_SIDE_INPUTS, rev: "loader" };
  return { view, carrierOptions: carriers.map((c) => c.name), setupComplete: setup.setupComplete };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "apply");
  const rev = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

  if (intent === "skip") {
    await skipSetup(agent);
    return redirectWithToast("/agent", {
      type: "info",
      title: "Setup skipped",
      description: "You can add carriers, products and licensed states later from your profile.",
    });
  }

  const submission = parseWithZod(formData, { schema: intent === "complete" ? setupSchema : z.any() });
  const payload = submission.payload as Record<string, unknown>;
  let draft = draftFromPayload(payload);
  const view = (extra: Partial<ScreenView> = {}): ScreenView => ({
    draft,
    inputs: sideInputsAfter(payload, extra.notice),
    rev,
    ...extra,
  });
  const failed = (text: string) => ({ tone: "error" as const, title: "Setup Failed", text });

  if (intent === "complete") {
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).find((e) => e?.length)?.[0];
      return data(view({ result: submission.reply(), notice: failed(first ?? "Failed to save carrier setup.") }), {
        status: 400,
      });
    }
    try {
      await completeSetup(agent, submission.value);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return data(
        view({
          result: submission.reply({ fieldErrors: error.fieldErrors }),
          notice: failed(error.message || "Failed to save carrier setup."),
        }),
        { status: error.status },
      );
    }
    return redirectWithToast("/agent", {
      title: "Setup Complete",
      description: "Your carriers, products and licensed states are saved.",
    });
  }

  // Enter in a text box presses the hidden first button ("apply"): do what that box is for.
  let effective = intent;
  if (intent === "apply") {
    if (String(formData.get("newCarrier") ?? "").trim()) effective = "add-carrier";
    else if (String(formData.get("stateEntry") ?? "").trim()) effective = "add-state";
  }
  const edit = applyDraftIntent(draft, effective, payload, "no-rows");
  if (!edit) return view();
  draft = edit.draft;
  return data(view({ notice: edit.notice }), { status: edit.notice?.tone === "error" ? 400 : 200 });
}

export default function CarrierSetupPage() {
  const { view: loaded, carrierOptions, setupComplete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = (actionData ?? loaded) as ScreenView;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h2 className="text-xl font-bold text-slate-900">
          {setupComplete ? "Update your carrier setup" : "Complete your carrier setup"}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Add the carriers you write for, the products you sell with your commission percentage, and the states you are
          licensed in.
        </p>
      </div>
      <CarrierSetupForm key={view.rev} view={view} carrierOptions={carrierOptions} setupComplete={setupComplete} />
    </div>
  );
}

function CarrierSetupForm({
  view,
  carrierOptions,
  setupComplete,
}: {
  view: ScreenView;
  carrierOptions: string[];
  setupComplete: boolean;
}) {
  const { draft, inputs, notice } = view;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : null;
  // The server checks Complete Setup and answers each field's message (with JavaScript as
  // without): the page ships no validation library (decision 053's budget).
  const errors: FieldErrorMap = view.result?.error ?? {};

  return (
    <Form method="post" id="carrier-setup" noValidate className="space-y-6">
      <button type="submit" name="intent" value="apply" className="sr-only" tabIndex={-1} aria-hidden="true">
        Apply
      </button>
      <SetupNotice notice={notice} />

      <SetupPanels
        draft={draft}
        inputs={inputs}
        errors={errors}
        notice={notice}
        carrierOptions={carrierOptions}
        titles={{ level: "h3", carriers: "Carriers", products: "Products and commission", states: "Licensed states" }}
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* Skipping is for a setup not yet done; a finished one is only ever updated. */}
        {setupComplete ? null : (
          <Button variant="secondary" name="intent" value="skip" disabled={busy === "skip"}>
            Skip Setup
          </Button>
        )}
        <Button name="intent" value="complete" disabled={busy === "complete"}>
          {busy === "complete" ? "Saving..." : "Complete Setup"}
        </Button>
      </div>
    </Form>
  );
}
