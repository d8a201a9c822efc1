import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ProfileEditForm, type ProfileEditView } from "~/components/profile/profile-edit-form";
import type { PageHandle } from "~/components/shell/app-shell";
import { PROFILE_MESSAGES, profileEditFormSchema } from "~/domain/schemas/profile";
import { SETUP_MESSAGES, SETUP_NOTICES } from "~/domain/schemas/setup";
import {
  EMPTY_SIDE_INPUTS,
  applyDraftIntent,
  draftFromPayload,
  draftFromSetup,
  sideInputsAfter,
} from "~/domain/setup-draft";
import { listPublicCarriers } from "~/services/carriers.server";
import { ServiceError } from "~/services/errors.server";
import { getAgentProfile, updateAgentProfile } from "~/services/profile.server";
import { requireAgent } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = {
  title: "Edit Profile",
  subtitle: "Basic info, carriers and products, licensed states",
};
export const meta: MetaFunction = () => [{ title: "Edit Profile | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const [profile, carriers] = await Promise.all([getAgentProfile(agent), listPublicCarriers()]);
  const view: ProfileEditView = {
    values: { firstName: profile.user.firstName, lastName: profile.user.lastName, phone: profile.user.phone ?? "" },
    draft: draftFromSetup({
      carriers: profile.carrierProducts,
      licensedStateCodes: profile.licensedStateCodes,
    }),
    inputs: EMPTY_SIDE_INPUTS,
    errors: {},
    rev: "loader",
  };
  return {
    view,
    carrierOptions: carriers.map((c) => c.name),
    email: profile.user.email,
    licenseNumber: profile.licenseNumber,
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A service's dotted field names ("carriers.0.name", "basicInfo.phone") as the form names its inputs. */
function formFieldErrors(fieldErrors: Record<string, string[]> = {}) {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([key, messages]) => [
      key.replace(/^basicInfo\./, "").replace(/\.(\d+)/g, "[$1]"),
      messages,
    ]),
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "apply");
  const submission = parseWithZod(formData, { schema: intent === "save" ? profileEditFormSchema : z.any() });
  const payload = (submission.payload ?? {}) as Record<string, unknown>;
  const base = {
    values: { firstName: text(payload.firstName), lastName: text(payload.lastName), phone: text(payload.phone) },
    draft: draftFromPayload(payload),
    errors: {} as ProfileEditView["errors"],
    rev: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  };
  const view = (extra: Partial<ProfileEditView> = {}): ProfileEditView => ({
    ...base,
    inputs: sideInputsAfter(payload, extra.notice),
    ...extra,
  });
  // The states' own title (Validation Error) when they are what failed; otherwise the catalogue's Update failed.
  const failed = (reason: string) => ({
    tone: "error" as const,
    title: reason === SETUP_MESSAGES.noStateProfile ? SETUP_NOTICES.licensedStateRequired.title : "Update failed",
    text: reason,
  });

  if (intent === "save") {
    if (submission.status !== "success") {
      const errors = submission.error ?? {};
      const first = Object.values(errors).find((e) => e?.length)?.[0];
      return data(view({ errors, notice: failed(first ?? "Failed to update profile") }), { status: 400 });
    }
    const { firstName, lastName, phone, carriers, licensedStates } = submission.value;
    try {
      await updateAgentProfile(agent, { basicInfo: { firstName, lastName, phone }, carriers, licensedStates });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return data(
        view({
          errors: formFieldErrors(error.fieldErrors),
          notice: failed(error.message || "Failed to update profile"),
        }),
        { status: error.status },
      );
    }
    return redirectWithToast("/agent/profile", { title: PROFILE_MESSAGES.updated });
  }

  let effective = intent;
  if (intent === "apply") {
    if (text(payload.newCarrier).trim()) effective = "add-carrier";
    else if (text(payload.stateEntry).trim()) effective = "add-state";
  }
  const edit = applyDraftIntent(base.draft, effective, payload, "no-rows");
  if (!edit) return view();
  base.draft = edit.draft;
  return data(view({ notice: edit.notice }), { status: edit.notice?.tone === "error" ? 400 : 200 });
}

export default function ProfileEditPage() {
  const { view: loaded, carrierOptions, email, licenseNumber } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = (actionData ?? loaded) as ProfileEditView;
  return (
    <div className="mx-auto max-w-4xl">
      <ProfileEditForm
        key={view.rev}
        view={view}
        carrierOptions={carrierOptions}
        email={email}
        licenseNumber={licenseNumber}
      />
    </div>
  );
}
