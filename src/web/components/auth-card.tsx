import type { ReactNode } from 'react'
import { Center, Paper, Stack, Text, Title } from '@mantine/core'
import { Logo } from './logo'

/** The centred card every public screen uses, readable on a 375 px phone. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string
  subtitle?: string
  children: ReactNode
  width?: number
}) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={width}>
        <Stack gap="md">
          <Logo size="md" />
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  )
}
