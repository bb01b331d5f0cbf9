import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';

/** The centred card the sign-in screens share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box className="auth-backdrop">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="xl" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={440}>
          <Stack gap="xl">
            <Stack gap={6} align="center">
              <BrandMark compact size={48} />
              <Title order={1} fz={28} ta="center" mt="sm">
                {title}
              </Title>
              <Text c="dimmed" ta="center" size="sm">
                {subtitle}
              </Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
