import type { ServerBuild } from "@remix-run/node";
import { refusalHeaders } from "../app/services/errors.server";
import { guardBody } from "./request-body";

/**
 * A service's refusal (not found, forbidden, conflict...) is part of the contract, not a crash:
 * thrown in a page loader or action it becomes that status, and the nearest error boundary shows
 * it inside the portal's shell. Done here once for every route, so no loader catches by hand.
 * The class is recognised by name and shape because the build bundles its own copy of it.
 */
type ServiceErrorLike = Error & { name: "ServiceError"; status: number; code: string; retryAfterSeconds?: number };

function isServiceError(error: unknown): error is ServiceErrorLike {
  return (
    error instanceof Error && error.name === "ServiceError" && typeof (error as ServiceErrorLike).status === "number"
  );
}

function serviceErrorResponse(error: ServiceErrorLike) {
  return Response.json(
    { message: error.message, code: error.code },
    { status: error.status, headers: refusalHeaders(error) },
  );
}

type RouteFunction = (args: never) => unknown;

/**
 * A loader or action as every route runs it: its request's body readers guarded (a body that
 * cannot be read is a 4xx, and text is cleaned: ./request-body.ts), and a service's refusal
 * answered with its status.
 * @internal
 */
export function answeringServiceErrors<F extends RouteFunction>(fn: F): F {
  return (async (args: never) => {
    const { request } = args as { request?: Request };
    if (request) guardBody(request);
    try {
      return await fn(args);
    } catch (error) {
      if (isServiceError(error)) throw serviceErrorResponse(error);
      throw error;
    }
  }) as F;
}

/** The same build with every route's loader and action wrapped. */
export function withServiceErrorResponses(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: answeringServiceErrors(loader) } : {}),
        ...(action ? { action: answeringServiceErrors(action) } : {}),
      },
    };
  }
  return { ...build, routes };
}
