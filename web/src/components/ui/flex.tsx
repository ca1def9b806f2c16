import type { CSSProperties, HTMLAttributes } from 'react';

// A flex row or column. Plain markup in place of antd Flex, which loads antd's style runtime for a
// few lines of layout.

const GAPS = { small: 8, middle: 16, large: 24 } as const;

export type FlexProps = HTMLAttributes<HTMLDivElement> & {
  /** A column rather than a row. */
  vertical?: boolean;
  wrap?: boolean;
  gap?: keyof typeof GAPS | number;
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
        gap: typeof gap === 'string' ? GAPS[gap] : gap,
        alignItems: align,
        justifyContent: justify,
        ...style,
      }}
    />
  );
}
