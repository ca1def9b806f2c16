import { useState } from 'react';
import { maskValue } from './mask';
import { Button } from '../ui/button';
import { Flex } from '../ui/flex';
import { EyeInvisibleOutlined, EyeOutlined } from '../ui/icons';
import { Typography } from '../ui/typography';
import './sensitive-value.css';

export type SensitiveValueProps = {
  value: string;
  /** Accessible names of the toggle, e.g. "Show PESEL" / "Hide PESEL". */
  showLabel: string;
  hideLabel: string;
};

/** A personal number kept masked until asked for, so it is not read over the worker's shoulder. */
export function SensitiveValue({ value, showLabel, hideLabel }: SensitiveValueProps) {
  const [isRevealed, setIsRevealed] = useState(false);
  return (
    <Flex align="center" gap="xsmall" wrap>
      <Typography.Text className="sensitive-value-text">
        {isRevealed ? value : maskValue(value)}
      </Typography.Text>
      <Button
        variant="text"
        size="small"
        aria-label={isRevealed ? hideLabel : showLabel}
        title={isRevealed ? hideLabel : showLabel}
        icon={isRevealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={() => setIsRevealed((revealed) => !revealed)}
      />
    </Flex>
  );
}
