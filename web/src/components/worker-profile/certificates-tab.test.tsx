import type { WorkerProfile } from '@domain';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { CertificatesTab } from './certificates-tab';

const TODAY = '2025-03-01';
/** 2025-03-01 plus `days` (all within March). */
const inDays = (days: number) => `2025-03-${String(1 + days).padStart(2, '0')}`;

const worker = (greenCardExpiry: string): WorkerProfile => ({
  id: 'w-1',
  name: 'Piotr Kowalczyk',
  email: 'worker@example.com',
  greenCardExpiry,
});

describe('CertificatesTab: days left before expiry', () => {
  afterEach(async () => {
    await changeLanguage('pl');
  });

  it.each([
    ['pl', 1, 'Wygasa za 1 dzień'],
    ['pl', 2, 'Wygasa za 2 dni'],
    ['pl', 5, 'Wygasa za 5 dni'],
    ['pl', 22, 'Wygasa za 22 dni'],
    ['ru', 1, 'Истекает через 1 день'],
    ['ru', 2, 'Истекает через 2 дня'],
    ['ru', 5, 'Истекает через 5 дней'],
    ['ru', 21, 'Истекает через 21 день'],
    ['ru', 22, 'Истекает через 22 дня'],
    ['en', 1, 'Expires in 1 day'],
    ['en', 22, 'Expires in 22 days'],
  ] as const)('%s, %i days: %s', async (language, days, text) => {
    await changeLanguage(language);
    render(<CertificatesTab worker={worker(inDays(days))} today={TODAY} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
