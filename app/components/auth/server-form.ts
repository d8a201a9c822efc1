import type { SubmissionResult } from "@conform-to/react";
import { useState, type FormEvent } from "react";

/**
 * The sign-in pages' forms without a form library in the browser (docs/decisions/053): the server
 * validates with the page's zod schema and answers with conform's reply (the field messages and
 * what was typed, never a password); the page shows it, with JavaScript and without. The browser
 * checks only what its own attributes say (a required email), so a page of one to three fields
 * does not download 25 KB of validation code.
 *
 * With JavaScript a field's message goes as soon as that field is edited, never on blur (a message
 * leaving on blur moved the button from under the pointer between press and release).
 */
export function useServerForm(formId: string, result: SubmissionResult<string[]> | undefined) {
  const [edited, setEdited] = useState<{ of: typeof result; names: string[] }>({ of: result, names: [] });
  // A new answer from the server shows all of its messages again.
  const names = edited.of === result ? edited.names : [];
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && !names.includes(name)) setEdited({ of: result, names: [...names, name] });
  };
  const field = (name: string) => {
    const typed = result?.initialValue?.[name];
    return {
      id: `${formId}-${name}`,
      name,
      defaultValue: typeof typed === "string" ? typed : undefined,
      errors: names.includes(name) ? undefined : (result?.error?.[name] ?? undefined),
    };
  };
  return { form: { id: formId, onInput }, field };
}
