import { ConfigProvider, Modal } from 'antd';
import type { ReactNode } from 'react';

export type DialogProps = {
  isOpen: boolean;
  title: ReactNode;
  /** Closing by Esc or the close icon; without it the dialog stays until a footer button acts. */
  onClose?: () => void;
  /** The buttons under the body. */
  footer: ReactNode;
  width?: number;
  isCentered?: boolean;
  /** Blurs the page behind, for a warning that must be answered. */
  isBackdropBlurred?: boolean;
  children: ReactNode;
};

/**
 * The app's one modal dialog (antd Modal): focus kept inside, the page behind inert, nearly full
 * width on a phone. A click on the backdrop never closes it, so nothing typed is lost.
 */
export function Dialog({
  isOpen,
  title,
  onClose,
  footer,
  width = 520,
  isCentered = false,
  isBackdropBlurred = false,
  children,
}: DialogProps) {
  const isClosable = onClose !== undefined;
  return (
    <Modal
      open={isOpen}
      title={title}
      centered={isCentered}
      onCancel={onClose}
      closable={isClosable}
      keyboard={isClosable}
      mask={{ closable: false, blur: isBackdropBlurred }}
      // An explicit blur as well, so the backdrop looks the same whatever the theme's mask settings are.
      styles={
        isBackdropBlurred
          ? { mask: { backdropFilter: 'blur(6px)', WebkitBackdropFilter: 'blur(6px)' } }
          : undefined
      }
      width={width}
      footer={footer}
    >
      {children}
    </Modal>
  );
}

export type DialogHostProps = { getContainer: () => HTMLElement; children: ReactNode };

/** Renders the dialogs below it into `getContainer()` rather than the page body (one per test "tab"). */
export function DialogHost({ getContainer, children }: DialogHostProps) {
  return <ConfigProvider getPopupContainer={getContainer}>{children}</ConfigProvider>;
}
