import { catalogSection } from './catalog';
import { communitySection } from './community';
import { dashboardSection } from './dashboard';
import { paymentsSection } from './payments';
import { playersSection } from './players';
import { promotionsSection } from './promotions';
import { reportsSection } from './reports';
import { tenantSection } from './tenant';
import type { ConsoleSection } from './types';

/** The console's sections in sider order. */
export const SECTIONS: ConsoleSection[] = [
  dashboardSection,
  playersSection,
  paymentsSection,
  promotionsSection,
  catalogSection,
  communitySection,
  tenantSection,
  reportsSection,
];
