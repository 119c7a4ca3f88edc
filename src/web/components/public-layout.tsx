import { Box } from '@mantine/core'
import { Outlet } from 'react-router'
import { FloatingLanguageToggle } from './floating-language-toggle'

/**
 * Public pages: the floating EN/RW toggle lives here, never inside /admin or /vendor. The page keeps room at
 * its foot for the button (48 px at 20 px from the edge), so scrolled to the end nothing lies under it.
 */
export function PublicLayout() {
  return (
    <Box component="main" id="main" mih="100dvh" bg="gray.0" pb={80}>
      <Outlet />
      <FloatingLanguageToggle />
    </Box>
  )
}
