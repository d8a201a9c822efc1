import { Form, useNavigation } from "@remix-run/react";
import { CarrierPicker } from "~/components/setup/carrier-picker";
import { CarrierProducts } from "~/components/setup/carrier-products";
import { SetupNotice, errorsFor, noticeFor, type FieldErrorMap } from "~/components/setup/setup-parts";
import { StatesPicker } from "~/components/setup/states-picker";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PROFILE_RATE_LIMITS } from "~/domain/commission-rate-limits";
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
  const fieldNotice = (field: string) => noticeFor(notice, field);
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

      <Card className="p-4 sm:p-6">
        <h2 id="carriers" className="mb-4 scroll-mt-20 text-lg font-semibold text-slate-900">
          Carrier and Product Management
        </h2>
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

      <section aria-label="Products and commission" className="space-y-4">
        {draft.carriers.length === 0 ? (
          <p className="text-sm text-slate-600">Add a carrier above to enter its products.</p>
        ) : (
          draft.carriers.map((carrier, i) => (
            <CarrierProducts
              key={`${i}-${carrier.name}`}
              index={i}
              carrier={carrier}
              errors={errors}
              addMode="inline"
              removable
              rateLimits={PROFILE_RATE_LIMITS}
              newProduct={inputs.newProducts[i]}
              newProductErrors={fieldNotice(`newProducts[${i}]`)}
            />
          ))
        )}
      </section>

      <Card className="p-4 sm:p-6">
        <h2 id="states" className="mb-4 scroll-mt-20 text-lg font-semibold text-slate-900">
          Licensed States Management
        </h2>
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
