import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { ApplicationForm } from "~/components/application-form/application-form";
import { SEALED_FIELD, SENSITIVE_FIELDS, draftDateBounds } from "~/domain/schemas/application-fields";
import { HONEYPOT_FIELD, publicApplicationSchema } from "~/domain/schemas/public-application";
import type { RootLoader } from "~/root";
import { createPublicApplication, discardSpamSubmission, listPublicAgents } from "~/services/applications.server";
import { listPublicCarriers } from "~/services/carriers.server";
import { ServiceError } from "~/services/errors.server";
import {
  PUBLIC_APPLICATION_ANY_AGENT,
  keepSensitiveNumbers,
  publicApplicationBinding,
  publicApplicationBindings,
  restoreSealedFields,
} from "~/utils/sealed-fields.server";
import { requestMeta } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [
  { title: "Insurance Application Form | Agency CRM" },
  { name: "description", content: "Apply for a final-expense life-insurance policy with a licensed agent." },
];

const SUCCESS_TOAST = {
  title: "Application submitted successfully",
  description: "Your application has been sent to the selected agent",
};

// The spec's "Loading form..." state is not needed: the agents and carriers are in the
// server-rendered page, so the form is complete on arrival, with or without JavaScript.
export async function loader() {
  const [agents, carriers] = await Promise.all([listPublicAgents(), listPublicCarriers()]);
  return { agents, carriers, ...draftDateBounds(), formKey: crypto.randomUUID() };
}

/** A refused submission keeps the form as typed; only a success (a redirect) starts a new one. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate;

/**
 * Post/redirect/get on success, so the emptied form and the toast are what a reload shows. On
 * failure, and on the Add/Remove row buttons without JavaScript, the form comes back as typed.
 * The SSN, bank and card numbers are never written back into the page (SENSITIVE_FIELDS): they
 * come back sealed in one hidden field, and a box left empty keeps its sealed number (decision 015).
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const meta = requestMeta(request);
  const hideFields = [...SENSITIVE_FIELDS];

  if (String(formData.get(HONEYPOT_FIELD) ?? "").trim()) {
    try {
      await discardSpamSubmission(meta);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
    }
    return redirectWithToast("/submitapplication", SUCCESS_TOAST);
  }

  // Sealed numbers come back only into a post to the agent they were sealed for, once (decision 015).
  const { forgotten } = await restoreSealedFields(
    formData,
    SEALED_FIELD,
    SENSITIVE_FIELDS,
    publicApplicationBindings(formData),
  );
  const submission = parseWithZod(formData, { schema: publicApplicationSchema });
  if (submission.status !== "success") {
    // Add/Remove row buttons without JavaScript arrive here as intents with no status.
    const refused = submission.status === "error";
    return data(
      {
        result: submission.reply({ hideFields }),
        formMessage: refused ? forgotten : null,
        kept: keepSensitiveNumbers(formData, publicApplicationBinding(formData)),
      },
      { status: refused ? 400 : 200 },
    );
  }

  try {
    await createPublicApplication(submission.value, meta);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // A refused agent is one the prospect will change: the numbers are kept for the next agent named.
    const binding = error.fieldErrors?.agentId ? PUBLIC_APPLICATION_ANY_AGENT : publicApplicationBinding(formData);
    return data(
      {
        result: submission.reply({ formErrors: [error.message], fieldErrors: error.fieldErrors, hideFields }),
        formMessage: error.message,
        kept: keepSensitiveNumbers(formData, binding),
      },
      { status: error.status },
    );
  }
  return redirectWithToast("/submitapplication", SUCCESS_TOAST);
}

export default function SubmitApplicationPage() {
  const { agents, carriers, today, tomorrow, formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const rootToast = useRouteLoaderData<RootLoader>("root")?.toast;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";

  return (
    <div className="min-h-full">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="text-lg font-bold text-brand-700">
            Agency CRM
          </Link>
          <Link to="/login" className="text-sm font-medium text-brand-600 hover:underline">
            Agent Login
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        <div className="mb-6">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Insurance Application Form</h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-600">
            Fill in the applicant&apos;s details and send them to your licensed agent, who will contact you about your
            policy. Fields marked <span className="text-red-600">*</span> are required.
          </p>
        </div>
        {/* A new key after each successful submission empties the form (part 2, section 4). */}
        <ApplicationForm
          key={formKey}
          agents={agents}
          carriers={carriers}
          today={today}
          tomorrow={tomorrow}
          lastResult={actionData?.result}
          formMessage={actionData?.formMessage}
          kept={actionData?.kept}
          submitting={submitting}
          justSubmitted={rootToast?.title === SUCCESS_TOAST.title}
        />
      </main>
    </div>
  );
}
