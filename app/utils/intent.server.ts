import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { ServiceError } from "~/services/errors.server";
import { dataWithToast, redirectWithToast } from "./toast.server";

/** What a page action answers when a form must show its field errors (read by useIntentResult). */
type IntentFailure = { intent: string; result: SubmissionResult<string[]> };

type IntentAnswer = Response | ReturnType<typeof data<IntentFailure>>;
export type IntentHandler = (formData: FormData, intent: string) => Promise<IntentAnswer>;

/** The spec's error toast for an intent: its title, and the text put before the service's reason. */
export type IntentFailureToast = { title: string; description?: string };

/**
 * A service's refusal that names fields (see `formIntent`): the form's answer with the messages at
 * the fields, which `runIntent` sends with the intent's error toast.
 */
class RefusedAtFields extends Error {
  constructor(
    readonly answer: IntentFailure,
    readonly refusal: ServiceError,
  ) {
    super(refusal.message);
  }
}

/**
 * Runs the intent a page's form posted (`intent` in the form). Each handler calls its service and
 * answers (usually a redirect with a toast). A service's refusal becomes an error toast on `back`
 * from the spec's catalogue (`failures[intent]`: "Title" and "Failed to …: <the service's
 * reason>"); when the refusal names fields, the form also comes back with the messages there. A
 * form's own bad input only gets the messages at its fields (see `formIntent`): the catalogue's
 * "Failed to …" is for a refusal, not for a field to fix. An unknown intent is refused with a
 * toast. Pass the action's `context` so that the toast of a form answered in place also shows
 * without JavaScript (see `dataWithToast`).
 */
export async function runIntent(
  request: Request,
  options: {
    intents: Record<string, IntentHandler>;
    back: string;
    failures?: Record<string, IntentFailureToast>;
    context?: AppLoadContext;
  },
): Promise<IntentAnswer> {
  const formData = await request.formData().catch(() => null);
  if (!formData) throw new Response("The form could not be read.", { status: 400 });
  const intent = String(formData.get("intent") ?? "");
  const handler = Object.hasOwn(options.intents, intent) ? options.intents[intent] : undefined;
  if (!handler) {
    return redirectWithToast(options.back, {
      type: "error",
      title: "Unknown action",
      description: "That action is not available here.",
    });
  }
  try {
    return await handler(formData, intent);
  } catch (error) {
    const refusal = error instanceof RefusedAtFields ? error.refusal : error;
    if (!(refusal instanceof ServiceError)) throw error;
    const failure = options.failures?.[intent] ?? { title: "Something went wrong" };
    const toast = {
      type: "error" as const,
      title: failure.title,
      description: failure.description ? `${failure.description}: ${refusal.message}` : refusal.message,
    };
    if (error instanceof RefusedAtFields) {
      return dataWithToast({ request, context: options.context }, error.answer, toast, { status: refusal.status });
    }
    return redirectWithToast(options.back, toast);
  }
}

/**
 * An intent whose form has a schema: bad input, or a service error that names fields, answers
 * 400 with conform's result so the dialog stays open with the messages at the fields and every
 * value typed kept (a service's refusal also with `runIntent`'s error toast); valid input goes
 * to `run`.
 */
export function formIntent<S extends z.ZodTypeAny>(
  schema: S,
  run: (value: z.output<S>, formData: FormData) => Promise<Response>,
): IntentHandler {
  return async (formData, intent) => {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    try {
      return await run(submission.value, formData);
    } catch (error) {
      if (error instanceof ServiceError && error.fieldErrors) {
        throw new RefusedAtFields({ intent, result: submission.reply({ fieldErrors: error.fieldErrors }) }, error);
      }
      throw error;
    }
  };
}
