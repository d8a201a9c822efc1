import { cleanFormData, cleanInput, cleanText } from "../app/utils/clean-input";

/**
 * What every loader and action gets instead of the raw Request's body readers (see
 * service-errors.ts, which applies it to every route): a body that cannot be read as the route
 * asks — JSON or text posted to a page action, a broken multipart or urlencoded body — is the
 * client's mistake and answers 415 or 400 with a clear message (JSON `{ error }` under /api), never
 * a 500; and what is read is cleaned of NUL bytes and lone surrogates (app/utils/clean-input.ts).
 * The readers are replaced on the Request itself, so its identity, headers and signal stay; a
 * clone (remix-auth's FormStrategy and the sign-in page read one) is guarded the same way.
 */
const guarded = new WeakSet<Request>();

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function refusal(request: Request, status: number, message: string) {
  if (isApiPath(new URL(request.url).pathname)) {
    return Response.json(
      { error: message },
      { status, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } },
    );
  }
  // Text, which the error boundaries show as the reason (app/root.tsx, portal-error.tsx).
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function unreadableForm(request: Request) {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!FORM_TYPES.some((form) => type.startsWith(form))) {
    return refusal(
      request,
      415,
      "This address takes a form: send it as application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  return refusal(request, 400, "The form could not be read.");
}

/**
 * Reads with `read`, turning a failure into `refuse()`'s answer. A body already read is a mistake
 * in our code, not the client's, so that error is left as it is.
 */
async function reading<T>(request: Request, read: () => Promise<T>, refuse: () => Response): Promise<T> {
  if (request.bodyUsed) return read();
  try {
    return await read();
  } catch {
    throw refuse();
  }
}

/**
 * Forms name list rows `phones[0].phoneNumber`, and the form parser (conform) makes a list as long
 * as the largest index: `carriers[4294967294].name` is a list of four billion rows from a few
 * bytes, which any code that walks it never finishes (the server blocked meanwhile). No list on
 * our forms comes near this many rows.
 */
const MAX_LIST_INDEX = 1000;

function hasHugeListIndex(form: FormData) {
  for (const name of form.keys()) {
    for (const match of name.matchAll(/\[(\d+)\]/g)) if (Number(match[1]) > MAX_LIST_INDEX) return true;
  }
  return false;
}

export function guardBody(request: Request): Request {
  if (guarded.has(request)) return request;
  guarded.add(request);
  const original = {
    formData: request.formData.bind(request),
    json: request.json.bind(request),
    text: request.text.bind(request),
    clone: request.clone.bind(request),
  };
  Object.defineProperties(request, {
    formData: {
      value: async () => {
        const form = cleanFormData(await reading(request, original.formData, () => unreadableForm(request)));
        if (hasHugeListIndex(form))
          throw refusal(request, 400, "The form could not be read: a list index is too large.");
        return form;
      },
    },
    json: {
      value: async () =>
        cleanInput(
          await reading(request, original.json, () => refusal(request, 400, "Request body must be valid JSON")),
        ),
    },
    text: {
      value: async () =>
        cleanText(
          await reading(request, original.text, () => refusal(request, 400, "The request body could not be read.")),
        ),
    },
    clone: { value: () => guardBody(original.clone()) },
  });
  return request;
}
