import type { TicketCategoryIcon } from '@domain';
import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  CalendarOutlined,
  CarOutlined,
  ClockCircleOutlined,
  EuroOutlined,
  HomeOutlined,
  SkinOutlined,
  ToolOutlined,
  WalletOutlined,
} from '../../components/ui/icons';
import './new-ticket-pages.css';

const ICONS: Record<TicketCategoryIcon, ComponentType> = {
  wallet: WalletOutlined,
  calendar: CalendarOutlined,
  skin: SkinOutlined,
  tool: ToolOutlined,
  receipt: AccountBookOutlined,
  car: CarOutlined,
  home: HomeOutlined,
  euro: EuroOutlined,
  clock: ClockCircleOutlined,
};

/** The icon the domain names for a category. */
export function CategoryIcon({ icon }: { icon: TicketCategoryIcon }) {
  const Icon = ICONS[icon];
  return (
    <span aria-hidden="true" className="category-tile-icon">
      <Icon />
    </span>
  );
}
