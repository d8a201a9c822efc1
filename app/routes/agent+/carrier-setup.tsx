import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { CarrierPicker } from "~/components/setup/carrier-picker";
import { CarrierProducts } from "~/components/setup/carrier-products";
import { SetupNotice, errorsFor, noticeFor, type FieldErrorMap } from "~/components/setup/setup-parts";
import { StatesPicker } from "~/components/setup/states-picker";
import type { PageHandle } from "~/components/shell/app-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
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
      <CarrierSetupForm key={view.rev} view={view} carrierOptions={carrierOptions} />
    </div>
  );
}

const NO_CHECK = z.any();

function CarrierSetupForm({ view, carrierOptions }: { view: ScreenView; carrierOptions: string[] }) {
  const { draft, inputs, notice } = view;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : null;
  const [form] = useForm({
    id: "carrier-setup",
    lastResult: view.result,
    onValidate: ({ formData, submitter }) => {
      const intent = submitter && "value" in submitter ? String((submitter as HTMLButtonElement).value) : "";
      return parseWithZod(formData, { schema: intent === "complete" ? setupSchema : NO_CHECK });
    },
    shouldValidate: "onSubmit",
  });
  const errors = form.allErrors as FieldErrorMap;
  const fieldNotice = (field: string) => noticeFor(notice, field);

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-6">
      <button type="submit" name="intent" value="apply" className="sr-only" tabIndex={-1} aria-hidden="true">
        Apply
      </button>
      <SetupNotice notice={notice} />

      <Card className="p-4 sm:p-6">
        <h3 className="mb-4 text-lg font-semibold text-slate-900">Carriers</h3>
        <CarrierPicker
          mode="add"
          options={carrierOptions}
          chosen={draft.carriers.map((c) => c.name)}
          search={inputs.carrierSearch}
          newCarrier={inputs.newCarrier}
          errors={errorsFor(errors, "carriers")}
          searchErrors={fieldNotice("carrierSearch")}
          newCarrierErrors={fieldNotice("newCarrier")}
        />
      </Card>

      <section aria-labelledby="products-heading" className="space-y-4">
        <h3 id="products-heading" className="text-lg font-semibold text-slate-900">
          Products and commission
        </h3>
        {draft.carriers.length === 0 ? (
          <p className="text-sm text-slate-500">Add a carrier above to enter its products.</p>
        ) : (
          draft.carriers.map((carrier, i) => (
            <CarrierProducts
              key={`${i}-${carrier.name}`}
              index={i}
              carrier={carrier}
              errors={errors}
              addMode="inline"
              removable
              newProduct={inputs.newProducts[i]}
              newProductErrors={fieldNotice(`newProducts[${i}]`)}
            />
          ))
        )}
      </section>

      <Card className="p-4 sm:p-6">
        <h3 className="mb-4 text-lg font-semibold text-slate-900">Licensed states</h3>
        <StatesPicker
          selected={draft.licensedStates}
          errors={errorsFor(errors, "licensedStates")}
          stateEntry={inputs.stateEntry}
          bulkStates={inputs.bulkStates}
          stateEntryErrors={fieldNotice("stateEntry")}
          bulkErrors={fieldNotice("bulkStates")}
        />
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" name="intent" value="skip" disabled={busy === "skip"}>
          Skip Setup
        </Button>
        <Button name="intent" value="complete" disabled={busy === "complete"}>
          {busy === "complete" ? "Saving..." : "Complete Setup"}
        </Button>
      </div>
    </Form>
  );
}
