import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@remix-run/react";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import type { FieldValues } from "./url-dialog";

/**
 * headlessui's dialog (focus trap, Escape and outside-click closing) around UrlDialog's panel.
 * Its own module, loaded by UrlDialog only while a dialog is open, so pages keep headlessui out
 * of their first load. What the visitor typed into the plain dialog before it arrived is carried over.
 */
export default function HeadlessUrlDialog({
  title,
  closeTo,
  frame,
  backdrop,
  panelClass,
  carried,
  panel,
}: {
  title: string;
  closeTo: string;
  frame: string;
  backdrop: string;
  panelClass: string;
  carried: FieldValues;
  panel: (heading: ReactNode) => ReactNode;
}) {
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const fields = panelRef.current?.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]");
    fields?.forEach((field, i) => {
      const value = carried[`${field.name}#${i}`];
      if (typeof value === "boolean") field.checked = value;
      else if (typeof value === "string") field.value = value;
    });
    // Only the first render's fields came from the plain dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Dialog
      open
      onClose={() => navigate(closeTo, { preventScrollReset: true, replace: true })}
      // Named by its title (aria-labelledby) once headlessui has seen it; named from the start.
      aria-label={title}
      className="fixed inset-0 z-[60]"
    >
      <div className={backdrop} aria-hidden="true" />
      <div className={frame}>
        <DialogPanel ref={panelRef} className={panelClass}>
          {panel(<DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>)}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
