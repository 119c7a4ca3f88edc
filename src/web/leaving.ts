/**
 * Whether the app is on its way to another screen. The router's own state says so the moment a link is followed;
 * the screens learn it only at their next render, which React may put off (the router's updates are transitions)
 * for hundreds of milliseconds on a busy phone. Work that would write this screen's address (a search sent after
 * its pause) asks here first.
 */
type NavigationSource = {
  state: { navigation: { state: string; location?: { pathname: string } } }
}

let source: NavigationSource | undefined

/** Called once, by the router's module, with the router the app runs on. */
export function watchNavigations(router: NavigationSource): void {
  source = router
}

/** True while a navigation to a path other than `pathname` is under way. */
export function isLeaving(pathname: string): boolean {
  const navigation = source?.state.navigation
  if (!navigation || navigation.state === 'idle') return false
  return navigation.location !== undefined && navigation.location.pathname !== pathname
}
