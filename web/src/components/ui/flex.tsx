import type { CSSProperties, HTMLAttributes } from 'react';

// A flex row or column. Plain markup in place of antd Flex, which loads antd's style runtime for a
// few lines of layout.

/** The gaps, from the spacing tokens (web/src/theme/tokens.css): 4, 8, 16 and 24 px. */
const GAPS = {
  xsmall: 'var(--space-1)',
  small: 'var(--space-2)',
  middle: 'var(--space-4)',
  large: 'var(--space-5)',
} as const;

export type FlexProps = HTMLAttributes<HTMLDivElement> & {
  /** A column rather than a row. */
  vertical?: boolean;
  wrap?: boolean;
  gap?: keyof typeof GAPS;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
};

export function Flex({ vertical = false, wrap = false, gap, align, justify, style, ...props }: FlexProps) {
  return (
    <div
      {...props}
      style={{
        display: 'flex',
        flexDirection: vertical ? 'column' : 'row',
        flexWrap: wrap ? 'wrap' : undefined,
        gap: gap && GAPS[gap],
        alignItems: align,
        justifyContent: justify,
        ...style,
      }}
    />
  );
}
