import { Skeleton, Stack } from '@mantine/core'

/** Grey bars in the shape of a list's rows while it loads (hidden from screen readers: see LoadingStatus). */
export function SkeletonList({
  count,
  height,
  radius = 'sm',
}: {
  count: number
  height: number
  radius?: string
}) {
  return (
    <Stack gap="xs" aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} h={height} radius={radius} />
      ))}
    </Stack>
  )
}
