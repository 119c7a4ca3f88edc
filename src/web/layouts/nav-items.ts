import {
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconCreditCard,
  IconHistory,
  IconLayoutDashboard,
  IconMessages,
  IconPackage,
  IconShoppingCart,
  IconUserCircle,
  type TablerIcon,
} from '@tabler/icons-react'
import type { KeysUnder } from '../i18n/keys'
import { paths } from '../paths'

export type NavItem = {
  to: string
  /** i18n key of the label. */
  labelKey: KeysUnder<'nav'>
  icon: TablerIcon
  /** Match the path exactly: the area's home must not stay active on every screen below it. */
  end?: boolean
}

export const vendorNav: NavItem[] = [
  { to: paths.vendor.dashboard, labelKey: 'nav.dashboard', icon: IconLayoutDashboard, end: true },
  { to: paths.vendor.products, labelKey: 'nav.products', icon: IconPackage },
  { to: paths.vendor.orders, labelKey: 'nav.orders', icon: IconShoppingCart },
  { to: paths.vendor.payouts, labelKey: 'nav.payouts', icon: IconCash },
  { to: paths.vendor.messages, labelKey: 'nav.messages', icon: IconMessages },
  { to: paths.vendor.subscription, labelKey: 'nav.subscription', icon: IconCreditCard },
  { to: paths.vendor.profile, labelKey: 'nav.profile', icon: IconUserCircle },
]

export const adminNav: NavItem[] = [
  { to: paths.admin.dashboard, labelKey: 'nav.dashboard', icon: IconLayoutDashboard, end: true },
  { to: paths.admin.vendors, labelKey: 'nav.vendors', icon: IconBuildingStore },
  { to: paths.admin.products, labelKey: 'nav.products', icon: IconPackage },
  { to: paths.admin.orders, labelKey: 'nav.orders', icon: IconShoppingCart },
  { to: paths.admin.payouts, labelKey: 'nav.payouts', icon: IconCash },
  { to: paths.admin.reports, labelKey: 'nav.reports', icon: IconChartBar },
  { to: paths.admin.messages, labelKey: 'nav.messages', icon: IconMessages },
  { to: paths.admin.auditLogs, labelKey: 'nav.auditLogs', icon: IconHistory },
]

/** The menu entry for a path ('/vendor/products/' included), or undefined off the menus. */
export function findNavItem(pathname: string): NavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return [...vendorNav, ...adminNav].find((item) => item.to === path)
}
