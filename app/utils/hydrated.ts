import { useEffect, useState } from "react";

let hydratedOnce = false;

/** False during the server render and the first client render, true once React has hydrated. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
