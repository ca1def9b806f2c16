import type { HTMLAttributes, ReactNode, Ref } from 'react';
import './typography.css';

// Headings, text runs, paragraphs and links in the theme's type scale. Plain elements: antd's
// Typography brings its tooltip, resize observer and editable TextArea (about 20 KB gzip) to every
// screen for what is, here, only text. `ant-typography` stays on the elements while feature styles
// still select it.

type TextType = 'secondary' | 'danger' | 'success' | 'warning';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export type TextProps = Omit<HTMLAttributes<HTMLSpanElement>, 'type'> & {
  type?: TextType;
  strong?: boolean;
  /** One line, cut with "…" where it does not fit. */
  ellipsis?: boolean;
};

function Text({ type, strong = false, ellipsis = false, className, children, ...props }: TextProps) {
  return (
    <span
      {...props}
      className={classes(
        'typography ant-typography',
        type && `typography-${type}`,
        ellipsis && 'typography-ellipsis',
        className,
      )}
    >
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

export type TitleProps = HTMLAttributes<HTMLHeadingElement> & {
  level?: 1 | 2 | 3 | 4 | 5;
  ref?: Ref<HTMLHeadingElement>;
};

function Title({ level = 1, className, ...props }: TitleProps) {
  const Heading = `h${level}` as const;
  return <Heading {...props} className={classes('typography ant-typography typography-title', className)} />;
}

export type ParagraphProps = Omit<HTMLAttributes<HTMLDivElement>, 'type'> & { type?: TextType };

function Paragraph({ type, className, ...props }: ParagraphProps) {
  return (
    <div
      {...props}
      className={classes(
        'typography ant-typography typography-paragraph',
        type && `typography-${type}`,
        className,
      )}
    />
  );
}

export type LinkProps = HTMLAttributes<HTMLAnchorElement> & {
  href: string;
  target?: string;
  rel?: string;
  children: ReactNode;
};

function Link({ className, ...props }: LinkProps) {
  return <a {...props} className={classes('typography ant-typography typography-link', className)} />;
}

export const Typography = { Text, Title, Paragraph, Link };
