import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { apiReference, type ReferenceField, type ReferenceOperation } from "~/openapi/reference.server";
import type { RouteHandle } from "~/utils/route-handle";

/**
 * /api/docs: the API's reference, read from the OpenAPI document (GET /api/openapi.json, decision
 * 082) on the server. Plain HTML: no React in the browser, no outside network; each operation is a
 * <details> that opens without JavaScript. Public, like the document.
 */
export const handle: RouteHandle = { hydrate: false };

export const meta: MetaFunction = () => [{ title: "API Reference | Agency CRM" }];

export function loader() {
  return apiReference();
}

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  PATCH: "bg-violet-100 text-violet-900",
  DELETE: "bg-rose-100 text-rose-900",
};

function Fields({ fields, label }: { fields: ReferenceField[]; label: string }) {
  if (fields.length === 0) return null;
  return (
    // The look is set once on the list, not on each of its hundreds of fields: the page stays small.
    <ul
      aria-label={label}
      className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200 bg-white text-sm text-slate-600 [&_a]:ml-2 [&_a]:text-xs [&_a]:text-brand-700 [&_a]:underline [&_b]:ml-1 [&_b]:text-xs [&_b]:text-rose-800 [&_code]:font-semibold [&_code]:break-all [&_code]:text-slate-900 [&>li]:px-3 [&>li]:py-2 [&>li]:break-words"
    >
      {fields.map((field) => (
        <li key={field.name}>
          <code>{field.name}</code> {field.type}
          {field.required ? <b>required</b> : null}
          {field.shapes.map((shape) => (
            <a key={shape} href={`#shape-${shape}`}>
              {shape}
            </a>
          ))}
          {field.description ? (
            <p>
              <Prose text={field.description} />
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Operation({ operation }: { operation: ReferenceOperation }) {
  return (
    <details id={operation.id} className="group rounded-lg border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-3">
        <span
          className={`w-16 shrink-0 rounded px-2 py-0.5 text-center font-mono text-xs font-bold ${METHOD_STYLES[operation.method] ?? ""}`}
        >
          {operation.method}
        </span>
        <code className="font-mono text-sm break-all text-slate-900" data-testid="operation-path">
          {operation.path}
        </code>
        <span className="basis-full text-sm text-slate-700 sm:basis-auto">{operation.summary}</span>
      </summary>
      <div className="space-y-4 border-t border-slate-200 bg-slate-50 px-4 py-4 text-sm">
        {operation.description ? (
          <p className="text-slate-700">
            <Prose text={operation.description} />
          </p>
        ) : null}
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900">Who may call it:</span> {operation.access}
        </p>
        {operation.parameters.length ? (
          <div>
            <h3 className="font-semibold text-slate-900">Parameters</h3>
            <Fields
              label={`Parameters of ${operation.method} ${operation.path}`}
              fields={operation.parameters.map((parameter) => ({
                ...parameter,
                type: `${parameter.type}, in ${parameter.in}`,
              }))}
            />
          </div>
        ) : null}
        {operation.body ? (
          <div>
            <h3 className="font-semibold text-slate-900">Request body ({operation.body.mediaTypes.join(" or ")})</h3>
            <Fields label={`Request body of ${operation.method} ${operation.path}`} fields={operation.body.fields} />
          </div>
        ) : null}
        <div>
          <h3 className="font-semibold text-slate-900">Answers</h3>
          <ul className="mt-1 space-y-3">
            {operation.answers.map((answer) => (
              <li key={answer.status}>
                <p className="text-slate-800">
                  <span className="font-mono font-bold">{answer.status}</span> <Prose text={answer.description} />
                  {answer.headers.length ? ` Headers: ${answer.headers.join(", ")}.` : ""}
                  {answer.mediaType && answer.mediaType !== "application/json" ? ` (${answer.mediaType})` : ""}
                </p>
                <Fields
                  label={`Answer ${answer.status} of ${operation.method} ${operation.path}`}
                  fields={answer.fields}
                />
              </li>
            ))}
          </ul>
          {operation.refusals.length ? (
            <p className="mt-2 text-slate-800">
              Refusals (the{" "}
              <a className="text-brand-700 underline" href="#errors">
                Error
              </a>{" "}
              shape): <span className="font-mono">{operation.refusals.join(", ")}</span>
            </p>
          ) : null}
        </div>
      </div>
    </details>
  );
}

export default function ApiDocs() {
  const reference = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{reference.title} reference</h1>
      <p className="mt-1 text-sm text-slate-600">
        Version {reference.version}. The same contract as a file:{" "}
        <a className="font-medium text-brand-700 underline" href="/api/openapi.json">
          /api/openapi.json
        </a>{" "}
        (OpenAPI 3.1).
      </p>
      <p className="mt-4 max-w-3xl text-slate-700">
        <Prose text={reference.description} />
      </p>

      <section aria-labelledby="errors" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <h2 id="errors" className="text-lg font-semibold text-slate-900">
          Errors
        </h2>
        <p className="mt-1 text-slate-700">
          Every refusal (4xx, 5xx) answers the <strong>Error</strong> shape: <code>error</code>, a message a person can
          read, and for bad input <code>fieldErrors</code>, each field at fault with its messages. Each status means the
          same on every operation:
        </p>
        <ul className="mt-2 space-y-1 text-slate-700">
          {reference.refusals.map((refusal) => (
            <li key={refusal.status}>
              <span className="font-mono font-bold text-slate-900">{refusal.status}</span>{" "}
              <Prose text={refusal.description} />
            </li>
          ))}
        </ul>
      </section>

      <nav aria-label="Areas" className="mt-6">
        <h2 className="text-lg font-semibold text-slate-900">Areas</h2>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {reference.tags.map((tag) => (
            <li key={tag.slug}>
              <a className="text-brand-700 underline" href={`#${tag.slug}`}>
                {tag.name}
              </a>{" "}
              <span className="text-sm text-slate-600">({tag.operations.length})</span>
            </li>
          ))}
        </ul>
      </nav>

      {reference.tags.map((tag) => (
        <section key={tag.slug} aria-labelledby={tag.slug} className="mt-10">
          <h2 id={tag.slug} className="text-xl font-semibold text-slate-900">
            {tag.name}
          </h2>
          {tag.description ? (
            <p className="mt-1 text-sm text-slate-700">
              <Prose text={tag.description} />
            </p>
          ) : null}
          <div className="mt-3 space-y-2">
            {tag.operations.map((operation) => (
              <Operation key={operation.id} operation={operation} />
            ))}
          </div>
        </section>
      ))}

      <section aria-labelledby="shapes" className="mt-10">
        <h2 id="shapes" className="text-xl font-semibold text-slate-900">
          Shapes
        </h2>
        <p className="mt-1 text-sm text-slate-700">The named objects the operations above take and answer.</p>
        <div className="mt-3 space-y-6">
          {reference.shapes.map((shape) => (
            <div key={shape.name} id={`shape-${shape.name}`}>
              <h3 className="font-mono text-base font-semibold text-slate-900">{shape.name}</h3>
              {shape.description ? (
                <p className="text-sm text-slate-700">
                  <Prose text={shape.description} />
                </p>
              ) : null}
              <Fields label={`Fields of ${shape.name}`} fields={shape.fields} />
            </div>
          ))}
        </div>
      </section>
    </main>
  );
}

/** A description's text with its `inline code` (the one piece of CommonMark the document's texts use) set as code. */
function Prose({ text }: { text: string }) {
  return text.split("`").map((part, index) =>
    index % 2 ? (
      <code key={index} className="font-mono text-[0.92em]">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
