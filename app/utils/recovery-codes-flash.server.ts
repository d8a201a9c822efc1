import { z } from "zod";
import { createFlash } from "./flash.server";

// Recovery codes just made (enabling two-factor sign-in, or new ones), carried from the action to
// the one page load that shows them, as a new posting key is: in an encrypted, httpOnly cookie
// read once, never in a URL, a toast or a log (decision 079).

const shownCodes = z.array(z.string()).min(1).max(20);

const recoveryCodesFlash = createFlash<string[]>("__recovery_codes", 300, (value) => {
  const parsed = shownCodes.safeParse(value);
  return parsed.success ? parsed.data : null;
});

export function recoveryCodesHeader(codes: string[]) {
  return recoveryCodesFlash.header(codes);
}

export function readRecoveryCodes(request: Request) {
  return recoveryCodesFlash.read(request);
}
