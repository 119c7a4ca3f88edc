import { useState } from 'react'
import { Group, Image, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export type LogoSize = 'sm' | 'md' | 'lg' | 'xl'

const dimensions: Record<LogoSize, { image: number; text: string }> = {
  sm: { image: 24, text: 'lg' },
  md: { image: 32, text: 'xl' },
  lg: { image: 40, text: '1.75rem' },
  xl: { image: 56, text: '2.25rem' },
}

/**
 * The Isoko mark and wordmark. The image comes from /logo.png and is dropped if it fails to load
 * (spec §9), so a missing file never shows a broken-image icon; the wordmark alone still reads "Isoko".
 */
export function Logo({ size = 'md', withText = true }: { size?: LogoSize; withText?: boolean }) {
  const { t } = useTranslation()
  const [hasImage, setHasImage] = useState(true)
  const { image, text } = dimensions[size]
  const name = t('common.appName')
  // Without its image the mark would vanish entirely, so the wordmark then shows regardless.
  const showText = withText || !hasImage
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {hasImage && (
        <Image
          src="/logo.png"
          // Decorative beside the wordmark; it carries the name only when it stands alone.
          alt={showText ? '' : name}
          h={image}
          w="auto"
          fit="contain"
          onError={() => setHasImage(false)}
        />
      )}
      {showText && (
        <Text component="span" fw={800} fz={text} lh={1} c="cyan.9">
          {name}
        </Text>
      )}
    </Group>
  )
}
