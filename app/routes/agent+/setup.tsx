import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CarrierPicker } from "~/components/setup/carrier-picker";
import { CarrierProducts } from "~/components/setup/carrier-products";
import {
  DraftHiddenInputs,
  SetupNotice,
  SetupReview,
  WizardSteps,
  WIZARD_STEPS,
  errorsFor,
  noticeFor,
  type FieldErrorMap,
} from "~/components/setup/setup-parts";
import { StatesPicker } from "~/components/setup/states-picker";
import type { PageHandle } from "~/components/shell/app-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { setupSchema, wizardStepSchemas, type WizardStep } from "~/domain/schemas/setup";
import {
  EMPTY_SIDE_INPUTS,
  applyDraftIntent,
  draftFromPayload,
  draftFromSetup,
  firstIncompleteStep,
  selectCarriers,
  sideInputsAfter,
  type DraftNotice,
  type SetupDraft,
  type SideInputs,
} from "~/domain/setup-draft";
import { completeSetup, getAgentSetup, listPublicCarriers, skipSetup } from "~/services/carriers.server";
import { ServiceError } from "~/services/errors.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Account Setup", subtitle: "Your carriers, products and licensed states" };
export const meta: MetaFunction = () => [{ title: "Account Setup | Agency CRM" }];

function stepFrom(value: unknown): WizardStep {
  const n = Number(value);
  return n === 2 || n === 3 || n === 4 ? n : 1;
}

type WizardView = {
  step: WizardStep;
  draft: SetupDraft;
  inputs: SideInputs;
  result?: SubmissionResult<string[]>;
  notice?: DraftNotice;
  /** Changes with every answer so the form's fields start again from the answer's draft. */
  rev: string;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const [setup, carriers] = await Promise.all([getAgentSetup(agent), listPublicCarriers()]);
  const draft = draftFromSetup(setup);
  // ?step=N opens that step, but never past the first step the saved choices do not satisfy.
  const step = Math.min(
    stepFrom(new URL(request.url).searchParams.get("step")),
    firstIncompleteStep(draft),
  ) as WizardStep;
  const view: WizardView = { step, draft, inputs: EMPTY_SIDE_INPUTS, rev: `loader-${step}` };
  return { view, carrierOptions: carriers.map((c) => c.name), setupComplete: setup.setupComplete };
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value ? [value] : [];
}

export async function action({ request, context }: ActionFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "apply");
  const from = stepFrom(formData.get("currentStep"));
  const rev = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

  if (intent === "skip") {
    await skipSetup(agent);
    return redirectWithToast("/agent/dashboard", {
      type: "info",
      title: "Setup skipped",
      description: "You can add carriers, products and licensed states later from your profile.",
    });
  }

  const submission = parseWithZod(formData, { schema: intent === "finish" ? setupSchema : wizardStepSchemas[from] });
  const payload = submission.payload as Record<string, unknown>;
  let draft = draftFromPayload(payload);
  // On the Carriers step the ticked boxes are the selection; products of kept carriers stay.
  if (from === 1) draft = selectCarriers(draft, list(payload.selectedCarriers), "one-row");
  const view = (step: WizardStep, extra: Partial<WizardView> = {}): WizardView => ({
    step,
    draft,
    inputs: sideInputsAfter(payload, extra.notice),
    rev,
    ...extra,
  });

  if (intent === "previous") return view(Math.max(1, from - 1) as WizardStep);

  if (intent === "next") {
    if (submission.status !== "success") return data(view(from, { result: submission.reply() }), { status: 400 });
    return view(Math.min(4, from + 1) as WizardStep);
  }

  if (intent === "finish") {
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).find((e) => e?.length)?.[0];
      return data(
        view(firstIncompleteStep(draft), {
          result: submission.reply(),
          notice: { tone: "error", title: "Setup failed", text: first ?? "Failed to complete setup" },
        }),
        { status: 400 },
      );
    }
    try {
      await completeSetup(agent, submission.value);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return data(
        view(4, {
          result: submission.reply({ fieldErrors: error.fieldErrors }),
          notice: { tone: "error", title: "Setup failed", text: error.message || "Failed to complete setup" },
        }),
        { status: error.status },
      );
    }
    return redirectWithToast("/agent/dashboard", {
      title: "Setup completed successfully",
      description: "Welcome to the product",
    });
  }

  // Enter in a text box presses the hidden first button ("apply"): do what that box is for.
  let effective = intent;
  if (intent === "apply") {
    if (from === 1 && String(formData.get("newCarrier") ?? "").trim()) effective = "add-carrier";
    else if (from === 3 && String(formData.get("stateEntry") ?? "").trim()) effective = "add-state";
  }
  const edit = applyDraftIntent(draft, effective, payload, "one-row");
  if (!edit) return view(from);
  draft = edit.draft;
  return data(view(from, { notice: edit.notice }), { status: edit.notice?.tone === "error" ? 400 : 200 });
}

export default function SetupWizard() {
  const { view: loaded, carrierOptions, setupComplete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = (actionData ?? loaded) as WizardView;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h2 className="text-xl font-bold text-slate-900">Set up your account</h2>
        <p className="mt-1 text-sm text-slate-600">
          Tell us which carriers you write for, your commission rates, and where you are licensed. You can change these
          later.
        </p>
      </div>
      <WizardSteps step={view.step} />
      <WizardForm
        key={`${view.rev}-${view.step}`}
        view={view}
        carrierOptions={carrierOptions}
        setupComplete={setupComplete}
      />
    </div>
  );
}

function WizardForm({
  view,
  carrierOptions,
  setupComplete,
}: {
  view: WizardView;
  carrierOptions: string[];
  setupComplete: boolean;
}) {
  const { step, draft, inputs, notice } = view;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : null;
  // The server checks Next and Confirm & Finish and answers each field's message (with JavaScript
  // as without): the page ships no validation library (decision 053's budget).
  const errors: FieldErrorMap = view.result?.error ?? {};
  const heading = WIZARD_STEPS[step - 1];

  return (
    <Form method="post" action={`/agent/setup?step=${step}`} id="setup-wizard" noValidate className="space-y-4">
      {/* First in the form, so Enter in a text box applies that box instead of leaving the step. */}
      <button type="submit" name="intent" value="apply" className="sr-only" tabIndex={-1} aria-hidden="true">
        Apply
      </button>
      <input type="hidden" name="currentStep" value={step} />
      <DraftHiddenInputs draft={draft} carriers={step !== 2} states={step !== 3} />

      <Card className="p-4 sm:p-6">
        <h3 className="mb-1 text-lg font-semibold text-slate-900">
          Step {step} of 4: {heading}
        </h3>
        <p className="mb-4 text-sm text-slate-600">
          {step === 1 && "Choose every carrier you are appointed with. Missing one? Type its name and add it."}
          {step === 2 && "Enter each product you sell and the commission percentage you earn on it."}
          {step === 3 && "Select the states you are licensed in."}
          {step === 4 && "Check your choices, then confirm."}
        </p>
        <div className="mb-4 space-y-2">
          <SetupNotice notice={notice} />
        </div>

        {step === 1 ? (
          <CarrierPicker
            mode="select"
            options={carrierOptions}
            chosen={draft.carriers.map((c) => c.name)}
            search={inputs.carrierSearch}
            newCarrier={inputs.newCarrier}
            errors={errorsFor(errors, "selectedCarriers")}
            newCarrierErrors={noticeFor(notice, "newCarrier")}
          />
        ) : null}

        {step === 2 ? (
          <div className="space-y-4">
            {draft.carriers.map((carrier, i) => (
              <CarrierProducts key={`${i}-${carrier.name}`} index={i} carrier={carrier} errors={errors} addMode="row" />
            ))}
            <p className="text-xs text-slate-500">Rates may be above 100%. Use steps of 0.1, up to 999.</p>
          </div>
        ) : null}

        {step === 3 ? (
          <StatesPicker
            selected={draft.licensedStates}
            errors={errorsFor(errors, "licensedStates")}
            stateEntry={inputs.stateEntry}
            bulkStates={inputs.bulkStates}
            stateEntryErrors={noticeFor(notice, "stateEntry")}
            bulkErrors={noticeFor(notice, "bulkStates")}
          />
        ) : null}

        {step === 4 ? <SetupReview draft={draft} /> : null}
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {step > 1 ? (
            <Button variant="secondary" name="intent" value="previous" formAction={`/agent/setup?step=${step - 1}`}>
              Previous
            </Button>
          ) : null}
          {/* Skipping is for a setup not yet done; a finished one is only revised. */}
          {setupComplete ? null : (
            <Button variant="ghost" name="intent" value="skip" disabled={busy === "skip"}>
              Skip for Now
            </Button>
          )}
        </div>
        {step < 4 ? (
          // The answer's URL is the one posted to, and the server may answer with this step's
          // errors: the URL names no step rather than the wrong one.
          <Button name="intent" value="next" formAction="/agent/setup">
            Next
          </Button>
        ) : (
          // A refused finish opens the first step it fails, whichever that is.
          <Button name="intent" value="finish" formAction="/agent/setup" disabled={busy === "finish"}>
            {busy === "finish" ? "Saving..." : "Confirm & Finish"}
          </Button>
        )}
      </div>
    </Form>
  );
}
