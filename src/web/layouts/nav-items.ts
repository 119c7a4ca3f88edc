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

export type NavItem = {
  to: string
  /** i18n key of the label; the not-built screen names itself with the same key. */
  labelKey: `nav.${string}`
  icon: TablerIcon
  /** Match the path exactly: the area's home must not stay active on every screen below it. */
  end?: boolean
}

export const vendorNav: NavItem[] = [
  { to: '/vendor', labelKey: 'nav.dashboard', icon: IconLayoutDashboard, end: true },
  { to: '/vendor/products', labelKey: 'nav.products', icon: IconPackage },
  { to: '/vendor/orders', labelKey: 'nav.orders', icon: IconShoppingCart },
  { to: '/vendor/payouts', labelKey: 'nav.payouts', icon: IconCash },
  { to: '/vendor/messages', labelKey: 'nav.messages', icon: IconMessages },
  { to: '/vendor/subscription', labelKey: 'nav.subscription', icon: IconCreditCard },
  { to: '/vendor/profile', labelKey: 'nav.profile', icon: IconUserCircle },
]

export const adminNav: NavItem[] = [
  { to: '/admin', labelKey: 'nav.dashboard', icon: IconLayoutDashboard, end: true },
  { to: '/admin/vendors', labelKey: 'nav.vendors', icon: IconBuildingStore },
  { to: '/admin/products', labelKey: 'nav.products', icon: IconPackage },
  { to: '/admin/orders', labelKey: 'nav.orders', icon: IconShoppingCart },
  { to: '/admin/payouts', labelKey: 'nav.payouts', icon: IconCash },
  { to: '/admin/reports', labelKey: 'nav.reports', icon: IconChartBar },
  { to: '/admin/messages', labelKey: 'nav.messages', icon: IconMessages },
  { to: '/admin/audit-logs', labelKey: 'nav.auditLogs', icon: IconHistory },
]

/** The menu entry for a path ('/vendor/products/' included), or undefined off the menus. */
export function findNavItem(pathname: string): NavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return [...vendorNav, ...adminNav].find((item) => item.to === path)
}
