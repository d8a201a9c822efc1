import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { data } from "@remix-run/node";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useLayoutEffect, useMemo, type ReactNode } from "react";
import stylesheet from "./tailwind.css?url";
import { NotFoundPage } from "./components/not-found-page";
import { Toaster } from "./components/ui/toaster";
import { readToast } from "./utils/toast.server";
import { getOptionalUser } from "./utils/auth.server";
import { useNonce } from "./utils/nonce";
import { releaseHeldEvents } from "./utils/held-events";
import { routeHandle } from "./utils/route-handle";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Agency CRM" },
  {
    name: "description",
    content: "Lead management, commissions and retention for final-expense life-insurance agencies.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [{ toast, clearHeader }, user] = await Promise.all([readToast(request), getOptionalUser({ request, context })]);
  // A browser's own post renders in the action's request: its toast comes on the load context.
  const shown = context.actionToast ?? toast;
  const headers = new Headers();
  if (clearHeader) headers.append("Set-Cookie", clearHeader);
  return data(
    {
      user,
      nonce: context.cspNonce ?? "",
      // A fresh key per delivery so the same message twice still shows twice.
      toast: shown ? { ...shown, key: `${Date.now()}-${Math.random()}` } : null,
    },
    { headers },
  );
}

/**
 * After a refused post (4xx) Remix runs no loader, but the refusal may come with a toast in a
 * cookie (dataWithToast): this loader reads it. It is the only one that runs again then.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? true : defaultShouldRevalidate;

/**
 * The document's first component: its layout effect is the first effect of the hydrated page (a
 * parent's effects run after its children's, and siblings' in order), and lets the events held
 * since the page's scripts started reach React (decision 086). Nothing to do on the server.
 */
function ReleaseHeldEvents() {
  (typeof document === "undefined" ? useEffect : useLayoutEffect)(releaseHeldEvents, []);
  return null;
}

/** Marks the document as run by JavaScript before anything is painted (see Layout). */
const JS_CLASS_SCRIPT = 'document.documentElement.classList.add("js")';

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Tells the end-to-end tests that React has taken over the page, so what they type is kept.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // A route whose handle says `hydrate: false` is served without React's scripts (see
  // utils/route-handle.ts). Decided on the server only: once React runs in the browser (a
  // client-side navigation from another page), the scripts stay.
  const handles = useMatches().map((match) => routeHandle(match.handle));
  const hydrate = typeof document !== "undefined" || handles.every((handle) => handle.hydrate !== false);
  return (
    // Without React nothing will replace what a visitor types, so the page is marked ready at once
    // for the end-to-end tests' hydration wait (html[data-hydrated]).
    // The `js` class is set by the head's first script, before the first paint, and React leaves it
    // (suppressHydrationWarning): controls that exist only with or only without JavaScript are
    // shown or hidden by CSS from the first frame (`[.js_&]:hidden`), never at hydration, which
    // moved the page under the reader (docs/decisions/053).
    <html lang="en" className="h-full" data-hydrated={hydrate ? undefined : "static"} suppressHydrationWarning>
      <ReleaseHeldEvents />
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {hydrate ? (
          <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: JS_CLASS_SCRIPT }} />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          handles.map((handle, i) =>
            handle.script ? <script key={i} nonce={nonce} dangerouslySetInnerHTML={{ __html: handle.script }} /> : null,
          )
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  const memoToast = useMemo(() => toast, [toast?.key]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      <Toaster toast={memoToast} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${typeof error.data === "string" ? error.data : error.statusText}`
    : "Something went wrong on our side.";
  return (
    <main className="flex min-h-full flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">We could not show this page</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to="/" className="mt-6 text-brand-600 underline">
        Go back home
      </Link>
    </main>
  );
}

export type RootLoader = typeof loader;
export function useOptionalRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
