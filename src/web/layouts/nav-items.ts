import {
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconCreditCard,
  IconHistory,
  IconLayoutDashboard,
  IconMessages,
  IconPackage,
  IconReceiptTax,
  IconShoppingCart,
  IconUserCircle,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react'
import type { MenuCounts } from '../../shared/schemas/dashboard'
import type { KeysUnder } from '../i18n/keys'
import { paths } from '../paths'

/** The screens whose menu entry shows a count (GET /api/menu-counts): what waits there for the reader. */
export type CountedScreen = keyof MenuCounts
const countedScreens: readonly string[] = ['messages', 'vendors', 'payouts'] satisfies CountedScreen[]

export type NavItem = {
  to: string
  /** The count shown beside the label, when the screen has one. */
  counted?: CountedScreen
  /** i18n key of the label. */
  labelKey: KeysUnder<'nav'>
  icon: TablerIcon
  /** Match the path exactly: the area's home must not stay active on every screen below it. */
  end?: boolean
}

/** Each screen's icon in the menus; the label is `nav.<screen>`. */
const icons = {
  dashboard: IconLayoutDashboard,
  vendors: IconBuildingStore,
  products: IconPackage,
  orders: IconShoppingCart,
  payouts: IconCash,
  reports: IconChartBar,
  messages: IconMessages,
  subscription: IconCreditCard,
  profile: IconUserCircle,
  auditLogs: IconHistory,
  money: IconReceiptTax,
  team: IconUsersGroup,
} as const

/** An area's menu in the order of `screens`; its dashboard, the area's home, first. */
const navOf = <Area extends 'vendor' | 'admin'>(
  area: Area,
  screens: readonly (keyof (typeof paths)[Area] & keyof typeof icons)[],
): NavItem[] =>
  screens.map((screen) => ({
    to: (paths[area] as Record<typeof screen, string>)[screen],
    labelKey: `nav.${screen}`,
    icon: icons[screen],
    ...(screen === 'dashboard' && { end: true }),
    ...(countedScreens.includes(screen) && { counted: screen as CountedScreen }),
  }))

export const vendorNav = navOf('vendor', [
  'dashboard',
  'products',
  'orders',
  'payouts',
  'messages',
  'subscription',
  'profile',
])

export const adminNav = navOf('admin', [
  'dashboard',
  'vendors',
  'products',
  'orders',
  'payouts',
  'reports',
  'messages',
  'auditLogs',
  'money',
  'team',
])
