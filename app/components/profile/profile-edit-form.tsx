import { Form, useNavigation } from "@remix-run/react";
import { SetupPanels } from "~/components/setup/setup-panels";
import { SetupNotice, errorsFor, type FieldErrorMap } from "~/components/setup/setup-parts";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { DraftNotice, SetupDraft, SideInputs } from "~/domain/setup-draft";
import { PersonalInfoFields, type PersonalInfoValues } from "./personal-info";
import { Detail } from "./profile-panels";

/** What the edit form shows: the saved profile at first, then whatever the last post carried. */
export type ProfileEditView = {
  values: PersonalInfoValues;
  draft: SetupDraft;
  inputs: SideInputs;
  errors: FieldErrorMap;
  notice?: DraftNotice;
  rev: string;
};

/**
 * Basic info, carriers and products, and licensed states in one form. Every button posts (the
 * panel buttons edit the unsaved draft and come back, Save Changes saves it all), so the page
 * works the same without JavaScript; the panels are the setup screens' own components.
 */
export function ProfileEditForm({
  view,
  carrierOptions,
  email,
  licenseNumber,
}: {
  view: ProfileEditView;
  carrierOptions: string[];
  email: string;
  licenseNumber: string;
}) {
  const { draft, inputs, notice, errors, values } = view;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" noValidate className="space-y-6">
      {/* Enter in a text box presses the first button: "apply" does what that box is for. */}
      <button type="submit" name="intent" value="apply" className="sr-only" tabIndex={-1} aria-hidden="true">
        Apply
      </button>
      <SetupNotice notice={notice} />

      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Basic information</h2>
        <PersonalInfoFields
          values={values}
          errors={{
            firstName: errorsFor(errors, "firstName"),
            lastName: errorsFor(errors, "lastName"),
            phone: errorsFor(errors, "phone"),
          }}
        />
        <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Detail label="Email">
            {email}
            <span className="mt-0.5 block text-xs text-slate-500">Email cannot be changed</span>
          </Detail>
          <Detail label="License Number">{licenseNumber}</Detail>
        </dl>
      </Card>

      <SetupPanels
        draft={draft}
        inputs={inputs}
        errors={errors}
        notice={notice}
        carrierOptions={carrierOptions}
        titles={{ level: "h2", carriers: "Carrier and Product Management", states: "Licensed States Management" }}
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <ButtonLink variant="secondary" to="/agent/profile">
          Cancel
        </ButtonLink>
        <Button name="intent" value="save" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}
