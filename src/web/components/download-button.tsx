import { Button } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'

/**
 * An export: a plain download link styled as a button, so the browser saves the file as it streams in and
 * the session cookie goes with the request. `hint` says what the file holds.
 */
export function DownloadButton({ href, label, hint }: { href: string; label: string; hint: string }) {
  return (
    <Button
      component="a"
      href={href}
      download
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden />}
      title={hint}
    >
      {label}
    </Button>
  )
}
