// The reset page's password rules without zod, so the page's live checklist costs the browser a
// few lines instead of the schema library (docs/decisions/053). The schemas
// (app/domain/schemas/password-reset.ts) use the same minimum.

export const MIN_RESET_PASSWORD = 8;

/** The live checklist of the reset page, computed the same way in the browser and on the server. */
export function resetChecklist(password: string, confirmPassword: string) {
  const a = password.trim();
  const b = confirmPassword.trim();
  return { longEnough: a.length >= MIN_RESET_PASSWORD, matches: a.length > 0 && a === b };
}
