import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type ButtonVariant = 'primary' | 'default' | 'link' | 'text';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** A destructive action (delete, disable, sign out): drawn in the error colour. */
  isDanger?: boolean;
  isLoading?: boolean;
  /** Full width of its container. */
  isBlock?: boolean;
  /** No fill, for a dark panel such as the sidebar. */
  isGhost?: boolean;
  size?: 'small' | 'middle';
  /** An icon before the text (or alone, with an aria-label). */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

/** The classes of a button, for a router link that looks like one. */
export function buttonClassName({
  variant = 'default',
  isDanger = false,
  isBlock = false,
  isGhost = false,
  size = 'middle',
  isIconOnly = false,
}: Pick<ButtonProps, 'variant' | 'isDanger' | 'isBlock' | 'isGhost' | 'size'> & {
  isIconOnly?: boolean;
}): string {
  return [
    'plain-button',
    `plain-button-${variant}`,
    isBlock && 'is-block',
    isDanger && 'is-danger',
    isGhost && 'is-ghost',
    size === 'small' && 'is-small',
    isIconOnly && 'is-icon-only',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The app's one button, on every screen from /login on: a native button styled like antd's,
 * without antd's wave effect and style runtime, which /login cannot afford.
 */
export function Button({
  variant = 'default',
  isDanger = false,
  isLoading = false,
  isBlock = false,
  isGhost = false,
  size = 'middle',
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  const isIconOnly = icon !== undefined && (children === undefined || children === null);
  const classes = buttonClassName({ variant, isDanger, isBlock, isGhost, size, isIconOnly });
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={className ? `${classes} ${className}` : classes}
    >
      {isLoading ? <span className="plain-spinner is-small" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
