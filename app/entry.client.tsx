import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdEventsUntilHydrated } from "./utils/held-events";

// Until the hydration commits, the events that would force it synchronously are kept from React
// (decision 086); root.tsx lets them through.
holdEventsUntilHydrated();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
