import { useId, useRef, useState, type MouseEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import {
  AppShell,
  Badge,
  Box,
  Burger,
  Group,
  NavLink,
  Stack,
  Text,
  VisuallyHidden,
  em,
  px,
  useMantineTheme,
} from '@mantine/core'
import { useMediaQuery, useWindowEvent } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { NavLink as RouterNavLink, Outlet, useLocation, useMatch } from 'react-router'
import { useMe } from '../api/account'
import { useMenuCounts } from '../api/menu-counts'
import { LanguageToggle } from '../components/language-toggle'
import { Logo } from '../components/logo'
import type { MenuCounts } from '../../shared/schemas/dashboard'
import type { NavItem } from './nav-items'
import { SignOutButton } from './sign-out-button'
import classes from './area-shell.module.css'

const mainId = 'main-content'

/**
 * The frame of the vendor and admin areas: header (menu button, logo, language, user, sign-out),
 * a fixed sidebar from 768 px up and a drawer below it, and the screen in <main>.
 */
export function AreaShell({
  items,
  areaLabelKey,
  headerActions,
}: {
  items: NavItem[]
  areaLabelKey: 'nav.vendorArea' | 'nav.adminArea'
  /** An area's own controls in the header, beside the language (the admin area's payout bell); shown on phones too. */
  headerActions?: ReactNode
}) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const theme = useMantineTheme()
  // Mantine's own mobile query for `breakpoint: 'sm'`: the drawer is in use exactly when this matches.
  const isMobile = useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints.sm)) - 0.1)})`, false, {
    getInitialValueInEffect: false,
  })
  // The drawer belongs to the screen it was opened on, so any navigation (a link, the back button) closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null)
  const isDrawerOpen = openedOn === pathname
  const navId = useId()
  const waitingId = useId()
  const counts = useMenuCounts().data
  const isAnythingWaiting = items.some((item) => (countOf(item, counts) ?? 0) > 0)
  const burgerRef = useRef<HTMLButtonElement>(null)
  const mainRef = useRef<HTMLElement>(null)

  const closeDrawer = () => flushSync(() => setOpenedOn(null))

  const handleNavigate = () => {
    if (!isDrawerOpen) return
    // The link about to be hidden holds focus; hand it to the screen it opens instead of losing it.
    closeDrawer()
    mainRef.current?.focus()
  }

  // Escape closes the open drawer wherever focus is (the header's controls stay reachable beside it).
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !isDrawerOpen) return
    closeDrawer()
    burgerRef.current?.focus()
  })

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus directly: a bare #hash would be a history entry the router treats as navigation.
    event.preventDefault()
    mainRef.current?.focus()
  }

  return (
    <>
      <a href={`#${mainId}`} className={classes.skipLink} onClick={skipToMain}>
        {t('common.skipToContent')}
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isDrawerOpen } }}
        padding="md"
      >
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              {/* On a phone the counts are in the drawer: a dot on its button says something waits there. */}
              <Box pos="relative" hiddenFrom="sm" className={classes.burger}>
                <Burger
                  ref={burgerRef}
                  size="sm"
                  opened={isDrawerOpen}
                  onClick={() => setOpenedOn(isDrawerOpen ? null : pathname)}
                  aria-label={isDrawerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
                  aria-expanded={isDrawerOpen}
                  aria-controls={navId}
                  aria-describedby={isAnythingWaiting && !isDrawerOpen ? waitingId : undefined}
                />
                {isAnythingWaiting && !isDrawerOpen && (
                  <>
                    <span className={classes.dot} aria-hidden />
                    <VisuallyHidden id={waitingId}>{t('nav.somethingWaiting')}</VisuallyHidden>
                  </>
                )}
              </Box>
              <Logo size="sm" />
              <Badge variant="light" visibleFrom="sm">
                {t(areaLabelKey)}
              </Badge>
            </Group>
            <Group gap="sm" wrap="nowrap">
              {headerActions}
              <LanguageToggle />
              <Account visibleFrom="sm" />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar
          id={navId}
          aria-label={t('nav.mainNavigation')}
          p="sm"
          // Slid off-screen but still in the page: keep its links out of the Tab order and the reading order.
          inert={isMobile && !isDrawerOpen}
        >
          <AppShell.Section grow>
            <ul className={classes.navList}>
              {items.map((item) => (
                <li key={item.to}>
                  <AreaNavLink item={item} count={countOf(item, counts)} onNavigate={handleNavigate} />
                </li>
              ))}
            </ul>
          </AppShell.Section>
          {/* On a phone the header has no room for the user and sign-out: they sit at the foot of the drawer. */}
          <AppShell.Section
            hiddenFrom="sm"
            pt="sm"
            style={{ borderTop: '1px solid var(--app-shell-border-color)' }}
          >
            <Account direction="column" />
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main
          id={mainId}
          ref={mainRef}
          tabIndex={-1}
          className={classes.main}
          // The open drawer covers the screen: what is underneath must not take focus either.
          inert={isMobile && isDrawerOpen}
        >
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  )
}

/** What waits on an entry's screen (undefined: the entry counts nothing, or the counts are not in yet). */
const countOf = (item: NavItem, counts: MenuCounts | undefined) =>
  item.counted === undefined ? undefined : counts?.[item.counted]

/** Past this, the badge says "99+" (the screen reader still hears the number). */
const mostShown = 99

function AreaNavLink({
  item,
  count,
  onNavigate,
}: {
  item: NavItem
  count: number | undefined
  onNavigate: () => void
}) {
  const { t } = useTranslation()
  const label = t(item.labelKey)
  const isCounted = item.counted !== undefined && count !== undefined && count > 0
  // RouterNavLink sets aria-current="page"; Mantine needs the same answer for its active style.
  const isActive = useMatch({ path: item.to, end: item.end ?? false }) !== null
  const Icon = item.icon
  return (
    <NavLink
      component={RouterNavLink}
      to={item.to}
      end={item.end}
      label={
        isCounted ? (
          // The link reads "Messages, 3 unread", in one piece (no reader inserts a pause inside it); the label
          // and the badge beside it are for the eye.
          <>
            <span aria-hidden>{label}</span>
            <VisuallyHidden component="span">
              {`${label}, ${t(`nav.counts.${item.counted!}`, { count })}`}
            </VisuallyHidden>
          </>
        ) : (
          label
        )
      }
      rightSection={
        isCounted ? (
          <Badge size="sm" variant="filled" color="red.8" aria-hidden>
            {count > mostShown ? `${mostShown}+` : count}
          </Badge>
        ) : undefined
      }
      leftSection={<Icon size={20} stroke={1.5} aria-hidden />}
      active={isActive}
      // The darkest shade: the light variant's own text colour is too pale on its tint (WCAG AA contrast).
      color="cyan.9"
      onClick={onNavigate}
    />
  )
}

/** The signed-in user's name beside the sign-out button. */
function Account({ direction = 'row', visibleFrom }: { direction?: 'row' | 'column'; visibleFrom?: 'sm' }) {
  const { t } = useTranslation()
  const fullName = useMe().data?.user.fullName ?? ''
  const name = (
    <Text size="sm" fw={500} truncate="end" maw={direction === 'row' ? 200 : undefined}>
      <VisuallyHidden>{t('nav.signedInAs')} </VisuallyHidden>
      {fullName}
    </Text>
  )
  return direction === 'row' ? (
    <Group gap="sm" wrap="nowrap" visibleFrom={visibleFrom}>
      {name}
      <SignOutButton />
    </Group>
  ) : (
    <Stack gap="xs" align="flex-start" visibleFrom={visibleFrom}>
      {name}
      <SignOutButton />
    </Stack>
  )
}
