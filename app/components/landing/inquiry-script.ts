/**
 * All the JavaScript the landing page runs: the page is not hydrated (its route handle), so this
 * is rendered inline, with the CSP nonce, in place of React's 90 KB. Without it the inquiry form
 * is a plain post and the server's answer is the whole page; with it the same post goes by fetch,
 * the button says "Submitting...", the answer replaces only the form's section, and after a
 * successful inquiry the mail draft opens in a new tab (within the click's user activation, so
 * popup blockers let it through), as the hydrated page did.
 *
 * It is serialised with Function.prototype.toString, so it must stay self-contained: no imports,
 * nothing from the enclosing module, browser APIs only.
 */
function enhanceInquiryForm() {
  // The phone keeps only digits, as typed (part 1: the contact form's phone input keeps only
  // digits); without this the server keeps the digits of whatever was sent.
  document.addEventListener("input", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || field.name !== "phone" || !field.closest("#get-started")) return;
    const digits = field.value.replace(/\D/g, "");
    if (digits !== field.value) field.value = digits;
  });
  document.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.closest("#get-started")) return;
    event.preventDefault();
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) {
      button.disabled = true;
      button.textContent = "Submitting...";
    }
    let html: string;
    try {
      const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      html = await (await fetch(form.action, { method: "POST", body })).text();
    } catch {
      // The request failed on the way: the browser's own post shows what happened.
      form.submit();
      return;
    }
    const answer = new DOMParser().parseFromString(html, "text/html");
    const section = answer.getElementById("get-started");
    const current = document.getElementById("get-started");
    if (!section || !current) {
      // Not the landing page (an error page): show it whole, as the plain post would.
      document.documentElement.replaceWith(document.adoptNode(answer.documentElement));
      return;
    }
    current.replaceWith(document.adoptNode(section));
    // The address the plain post ends on, so "Send another inquiry" (/#get-started) loads a fresh page.
    history.replaceState(null, "", form.action);
    const draft = section.querySelector<HTMLAnchorElement>('a[href^="mailto:"]');
    if (draft) window.open(draft.href, "_blank");
    section.querySelector<HTMLElement>('h3[tabindex="-1"], [aria-invalid="true"]')?.focus();
  });
}

export const inquiryScript = `(${enhanceInquiryForm.toString()})();`;
