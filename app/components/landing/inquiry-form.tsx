import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Alert } from "~/components/ui/card";
import { Button, buttonClass } from "~/components/ui/button";
import { Field, SelectField, TextAreaField } from "~/components/ui/field";
import { INQUIRY_MESSAGE_MAX, INQUIRY_SERVICES } from "~/domain/inquiries";

export type InquiryValues = Partial<
  Record<"fullName" | "companyName" | "email" | "phone" | "service" | "message", string>
>;

export type InquiryResult =
  | { status: "sent"; fullName: string; mailto: string }
  | {
      status: "error";
      values: InquiryValues;
      fieldErrors: Record<string, string[]>;
      formError: string;
      detail: string | null;
    };

/**
 * The inquiry form, or the thank-you panel once it is sent. It is a plain HTML form: the server
 * validates, and the browser's required/type checks are only a first pass. The action URL
 * carries #get-started so that, with or without JavaScript, the answer opens at this section.
 */
export function InquirySection({ result, busy }: { result: InquiryResult | undefined; busy: boolean }) {
  return (
    <section id="get-started" aria-labelledby="get-started-title" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="get-started-title" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Get started with Agency CRM
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Tell us about your agency and we will get back to you with a setup plan.
        </p>
        <div className="mt-10 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          {result?.status === "sent" ? <ThankYou result={result} /> : <InquiryForm result={result} busy={busy} />}
        </div>
      </div>
    </section>
  );
}

function ThankYou({ result }: { result: Extract<InquiryResult, { status: "sent" }> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript the mail draft opens by itself in a new tab, as the original product does;
  // the link below stays for browsers that block it and for visitors without JavaScript.
  useEffect(() => {
    heading.current?.focus();
    window.open(result.mailto, "_blank");
  }, [result]);
  return (
    <div className="text-center" role="status">
      <h3 ref={heading} tabIndex={-1} className="text-xl font-semibold [overflow-wrap:anywhere] text-slate-900">
        Thank you, {result.fullName}!
      </h3>
      <p className="mt-3 text-slate-600">Your inquiry has been received. Our team will contact you shortly.</p>
      <p className="mt-2 text-sm text-slate-600">You can also send us the details by email from your own mail app.</p>
      <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <a href={result.mailto} target="_blank" rel="noreferrer" className={buttonClass("primary")}>
          Open email draft
        </a>
        <Link to="/#get-started" className={buttonClass("secondary")}>
          Send another inquiry
        </Link>
      </div>
    </div>
  );
}

function Required({ children }: { children: string }) {
  return (
    <>
      {children}{" "}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
    </>
  );
}

function InquiryForm({
  result,
  busy,
}: {
  result: Extract<InquiryResult, { status: "error" }> | undefined;
  busy: boolean;
}) {
  const values = result?.values ?? {};
  const errors = result?.fieldErrors ?? {};
  return (
    <Form
      method="post"
      action="/?index#get-started"
      className="grid gap-5 sm:grid-cols-2"
      aria-describedby={result ? "inquiry-alert" : undefined}
    >
      {result ? (
        <div id="inquiry-alert" className="sm:col-span-2">
          <Alert>
            <p>{result.formError}</p>
            {result.detail ? <p className="mt-1 font-semibold">{result.detail}</p> : null}
          </Alert>
        </div>
      ) : null}
      <Field
        id="inquiry-fullName"
        name="fullName"
        label={<Required>Full Name</Required>}
        type="text"
        required
        autoComplete="name"
        maxLength={200}
        defaultValue={values.fullName}
        errors={errors.fullName}
      />
      <Field
        id="inquiry-companyName"
        name="companyName"
        label="Company Name"
        type="text"
        autoComplete="organization"
        maxLength={200}
        defaultValue={values.companyName}
        errors={errors.companyName}
      />
      <Field
        id="inquiry-email"
        name="email"
        label={<Required>Email</Required>}
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        defaultValue={values.email}
        errors={errors.email}
      />
      <Field
        id="inquiry-phone"
        name="phone"
        label={<Required>Phone</Required>}
        type="tel"
        required
        autoComplete="tel"
        inputMode="tel"
        maxLength={32}
        hint="Numbers only"
        defaultValue={values.phone}
        errors={errors.phone}
      />
      <SelectField
        id="inquiry-service"
        name="service"
        label={<Required>Service Interest</Required>}
        required
        className="sm:col-span-2"
        defaultValue={values.service ?? ""}
        errors={errors.service}
      >
        <option value="" disabled>
          Select a service
        </option>
        {INQUIRY_SERVICES.map((service) => (
          <option key={service} value={service}>
            {service}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id="inquiry-message"
        name="message"
        label="Message"
        rows={4}
        className="sm:col-span-2"
        maxLength={INQUIRY_MESSAGE_MAX}
        placeholder="Tell us about your agency: number of agents, lead volume, questions"
        defaultValue={values.message}
        errors={errors.message}
      />
      {/* Honeypot: invisible and unreachable for people, so only bots fill it in. */}
      <div className="sr-only" aria-hidden="true">
        <label htmlFor="inquiry-website">Website</label>
        <input id="inquiry-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
          {busy ? "Submitting..." : "Submit Inquiry"}
        </Button>
        <p className="mt-3 text-xs text-slate-600">Fields marked * are required.</p>
      </div>
    </Form>
  );
}
