import { Box } from '@mantine/core'
import { Outlet } from 'react-router'
import { FloatingLanguageToggle } from './language-toggle'

/** Public pages: the floating EN/RW toggle lives here, never inside /admin or /vendor. */
export function PublicLayout() {
  return (
    <Box component="main" id="main" mih="100dvh" bg="gray.0">
      <Outlet />
      <FloatingLanguageToggle />
    </Box>
  )
}
