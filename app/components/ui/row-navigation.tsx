import { useNavigate, useSubmit } from "@remix-run/react";
import type { AnchorHTMLAttributes, FormEvent, FormHTMLAttributes, MouseEvent, ReactNode } from "react";

// A long list's rows carry many links and small forms (a lead list: 80 per page). Remix's <Link>
// and <Form> each resolve their path against the route tree and set up their own handlers, which
// was a good part of what rendering such a page cost the server (docs/performance.md, "Server
// cost"). The rows' hrefs are already whole URLs (hrefWith), so here they are plain <a> and
// <form> elements, and one handler around the table sends their clicks and posts through the
// router as <Link preventScrollReset> and <Form preventScrollReset> would. Without JavaScript they
// are ordinary links and forms.

/** A link inside RowNavigation: `to` is a whole path and query, as hrefWith makes it. */
export function RowLink({
  to,
  children,
  ...props
}: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return (
    <a href={to} data-row-link="" {...props}>
      {children}
    </a>
  );
}

/** A post inside RowNavigation to `action` (the page's own URL), sent through the router. */
export function RowForm({ action, ...props }: { action: string } & FormHTMLAttributes<HTMLFormElement>) {
  return <form method="post" action={action} data-row-form="" {...props} />;
}

/** One click and one submit handler for the RowLinks and RowForms inside. */
export function RowNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const onClick = (event: MouseEvent) => {
    // A modified click (new tab, new window, download) is the browser's.
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest("a[data-row-link]");
    if (!(link instanceof HTMLAnchorElement) || link.target) return;
    event.preventDefault();
    navigate(link.getAttribute("href")!, { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-row-form")) return;
    event.preventDefault();
    const { submitter } = event.nativeEvent as SubmitEvent;
    submit(submitter instanceof HTMLButtonElement ? submitter : form, {
      method: "post",
      action: form.getAttribute("action")!,
      preventScrollReset: true,
    });
  };
  return (
    // Delegation, not a control: the clicks come from the links inside, which Enter activates too.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="contents" onClick={onClick} onSubmit={onSubmit}>
      {children}
    </div>
  );
}
