import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useNavigation } from "@remix-run/react";
import { ClosingCta } from "~/components/landing/closing-cta";
import { Features } from "~/components/landing/features";
import { Footer } from "~/components/landing/footer";
import { Hero } from "~/components/landing/hero";
import { inquiryScript } from "~/components/landing/inquiry-script";
import { InquirySection, type InquiryResult, type InquiryValues } from "~/components/landing/inquiry-form";
import { Pricing } from "~/components/landing/pricing";
import { TopBar } from "~/components/landing/top-bar";
import { WhyChooseUs } from "~/components/landing/why-choose-us";
import { INFO_EMAIL } from "~/domain/contact";
import { inquiryMailto } from "~/domain/inquiries";
import { inquirySchema } from "~/domain/schemas/form-submissions";
import { createFormSubmission } from "~/services/form-submissions.server";
import { ServiceError } from "~/services/errors.server";
import { fieldErrorsOf } from "~/utils/api.server";
import { getOptionalUser, sendAgentInSetupToSetup } from "~/utils/auth.server";
import { log } from "~/utils/logger.server";
import type { RouteHandle } from "~/utils/route-handle";
import { requestMeta } from "~/utils/session.server";

export const meta: MetaFunction = () => [
  { title: "Agency CRM | The CRM for Final Expense Insurance Agencies" },
  {
    name: "description",
    content:
      "Lead management, performance analytics, commission tracking and a 9-month payment tracker for final expense life-insurance agencies. Plans from $99 per agent per month.",
  },
];

/**
 * Plain HTML: the page reads and submits without JavaScript, so it ships none of React's; a few
 * inline lines add "Submitting..." and the mail draft (components/landing/inquiry-script.ts).
 */
export const handle: RouteHandle = { hydrate: false, script: inquiryScript };

/**
 * "A signed-in agent whose setup is not complete sees the carrier setup screen on every path"
 * (part 1, section 2): the landing page is one of them. Everyone else gets the static page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  sendAgentInSetupToSetup(await getOptionalUser({ request, context }));
  return null;
}

/** Part 1, section 8, with the info address the page shows. */
const FAILURE_ALERT = `There was an error submitting your form. Please try again or contact us directly at ${INFO_EMAIL}.`;

const ECHOED_FIELDS = ["fullName", "companyName", "email", "phone", "service", "message"] as const;

/**
 * The inquiry. The answer is the page itself, not a redirect: the thank-you view needs the
 * visitor's details for the mail draft, and those must not travel in a URL (history, logs,
 * referrers) or a cookie. Without JavaScript the thank-you panel is this response; with it the
 * page's inline script fetches the same response, shows its panel and opens the draft in a new tab
 * (or, reached by a client-side navigation, React does so from action data). A reload of a no-JS answer
 * asks the browser's "resubmit?" question, and repeats are capped by the per-address limit.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const values: InquiryValues = {};
  for (const name of ECHOED_FIELDS) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  const fail = (
    status: number,
    fieldErrors: Record<string, string[]>,
    detail: string | null,
    formError = FAILURE_ALERT,
  ) => data<InquiryResult>({ status: "error", values, fieldErrors, formError, detail }, { status });

  const parsed = inquirySchema.safeParse(Object.fromEntries(formData));
  // Fields to fix are not a failure: the catalogue's alert is for a submission that did not go through.
  if (!parsed.success) return fail(400, fieldErrorsOf(parsed.error), null, "Please correct the fields marked below.");
  try {
    await createFormSubmission(parsed.data, requestMeta(request));
  } catch (error) {
    if (error instanceof ServiceError) return fail(error.status, error.fieldErrors ?? {}, error.message);
    log().error({ err: error }, "inquiry not saved");
    return fail(500, {}, null);
  }
  return data<InquiryResult>({
    status: "sent",
    fullName: parsed.data.fullName,
    mailto: inquiryMailto(INFO_EMAIL, parsed.data),
  });
}

export default function LandingPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main">
        <Hero />
        <Features />
        <WhyChooseUs />
        <Pricing />
        <InquirySection result={result} busy={busy} />
        <ClosingCta />
      </main>
      <Footer />
    </>
  );
}
