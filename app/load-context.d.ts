import "@remix-run/node";
import type { SessionUser } from "~/services/sessions.server";
import type { Toast } from "~/utils/toast.server";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /**
     * Made fresh for every request by server/start.ts and shared by that request's loaders, so
     * the session is looked up once (app/utils/auth.server.ts).
     */
    requestCache?: { sessionUser?: Promise<SessionUser | null> };
    /** The toast of this request's action, for the page rendered in the same request (dataWithToast). */
    actionToast?: Toast;
  }
}
