import { Form, useNavigation } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { formatPhone } from "~/domain/format";
import { Detail, memberSince, type ProfileView } from "./profile-panels";

export type PersonalInfoValues = { firstName: string; lastName: string; phone: string };
export type PersonalInfoErrors = Partial<Record<keyof PersonalInfoValues, string[]>>;

/** First name, last name and phone: the Personal Info form's and the edit page's Basic information. */
export function PersonalInfoFields({
  values,
  errors,
  required,
}: {
  values: PersonalInfoValues;
  errors?: PersonalInfoErrors;
  required?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        id="firstName"
        name="firstName"
        label="First Name"
        autoComplete="given-name"
        required={required}
        defaultValue={values.firstName}
        errors={errors?.firstName}
      />
      <Field
        id="lastName"
        name="lastName"
        label="Last Name"
        autoComplete="family-name"
        required={required}
        defaultValue={values.lastName}
        errors={errors?.lastName}
      />
      <Field
        id="phone"
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        required={required}
        defaultValue={values.phone}
        errors={errors?.phone}
      />
    </div>
  );
}

const EDIT_HREF = "/agent/profile?tab=personal&edit=1";

/**
 * Personal Info: read mode with Edit Profile, and edit mode (a link, ?edit=1, so it opens without
 * JavaScript) with Cancel and Save Changes. Email, license number and member since stay read-only.
 */
export function PersonalInfo({
  profile,
  timeZone,
  editing,
  values,
  errors,
}: {
  profile: ProfileView;
  timeZone: string;
  editing: boolean;
  values?: PersonalInfoValues;
  errors?: PersonalInfoErrors;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "personal";
  const { user } = profile;
  const readOnly = (
    <>
      <Detail label="Email">
        {user.email}
        <span className="mt-0.5 block text-xs text-slate-500">Email cannot be changed</span>
      </Detail>
      <Detail label="License Number">{profile.licenseNumber}</Detail>
      <Detail label="Member Since">{memberSince(profile, timeZone)}</Detail>
    </>
  );

  if (!editing) {
    return (
      <Card className="p-4 sm:p-6">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Personal Info</h2>
          <ButtonLink variant="secondary" to={EDIT_HREF} preventScrollReset>
            Edit Profile
          </ButtonLink>
        </div>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Detail label="First Name">{user.firstName}</Detail>
          <Detail label="Last Name">{user.lastName}</Detail>
          <Detail label="Phone">{user.phone ? formatPhone(user.phone) : "Not set"}</Detail>
          {readOnly}
        </dl>
      </Card>
    );
  }

  const shown = values ?? { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? "" };
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Edit Personal Info</h2>
      <Form method="post" action="/agent/profile?tab=personal&edit=1" noValidate className="space-y-4">
        <PersonalInfoFields values={shown} errors={errors} required />
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">{readOnly}</dl>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink variant="secondary" to="/agent/profile?tab=personal" preventScrollReset>
            Cancel
          </ButtonLink>
          <Button name="intent" value="personal" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
