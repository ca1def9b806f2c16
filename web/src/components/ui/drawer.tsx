// A native modal <dialog> gives a side panel what antd's Drawer did (the page behind inert, Escape
// to close, focus back after) without rc-drawer, its motion and antd's form context.
import { type CSSProperties, type MouseEvent, type ReactNode, useEffect, useRef } from 'react';

export type DrawerProps = {
  isOpen: boolean;
  /** Names the panel for screen readers. */
  label: string;
  onClose: () => void;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
};

/** A modal panel sliding in from the side (its look: `className`); a tap beside it closes it. */
export function Drawer({ isOpen, label, onClose, className, style, children }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen === dialog.open) return;
    // Without showModal (jsdom, browsers before 2022) the panel still opens, just not modal.
    if (typeof dialog.showModal !== 'function') dialog.toggleAttribute('open', isOpen);
    else if (isOpen) dialog.showModal();
    else dialog.close();
  }, [isOpen]);
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the backdrop targets the dialog itself, outside its box.
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const isInside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!isInside) onClose();
  };
  return (
    <dialog
      ref={ref}
      className={className}
      aria-label={label}
      style={style}
      onClose={onClose}
      onClick={closeOnBackdrop}
    >
      {children}
    </dialog>
  );
}
