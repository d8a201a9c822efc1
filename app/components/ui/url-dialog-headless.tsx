import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@remix-run/react";
import { useCallback, useRef, type ReactNode } from "react";
import { fieldKey, type CarriedFields } from "./url-dialog";

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
  carried: CarriedFields;
  panel: (heading: ReactNode) => ReactNode;
}) {
  const navigate = useNavigate();
  // What was typed into the plain dialog, put into the panel's fields when the panel reaches the
  // page: headlessui mounts it through a portal after its own effects, so a layout effect here ran
  // before it existed and carried nothing.
  const carriedOver = useRef(false);
  const takeOver = useCallback(
    (panel: HTMLDivElement | null) => {
      if (!panel || carriedOver.current) return;
      carriedOver.current = true;
      panel.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]").forEach((field, i) => {
        const value = carried.values[fieldKey(field, i)];
        if (typeof value === "boolean") field.checked = value;
        else if (typeof value === "string") field.value = value;
        // The field being typed into keeps the focus (headlessui leaves focus that is already
        // inside the dialog where it is), so the next key lands where the last one did.
        if (carried.focused === fieldKey(field, i)) field.focus({ preventScroll: true });
      });
    },
    [carried],
  );
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
        <DialogPanel ref={takeOver} className={panelClass}>
          {panel(<DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>)}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
