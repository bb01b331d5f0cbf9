import { Box, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { es } from '../../shared/i18n/es';
import { BrandMark } from '../components/BrandMark';
import { PageLoader } from '../components/PageLoader';

/** Minimal layout of the company access area (part 3 §2.10): a slim top bar and the page. */
export function PortalLayout() {
  return (
    <Box className="auth-backdrop">
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: 'var(--mantine-color-body)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <BrandMark />
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main" aria-label={es.portal.accesoEmpresa}>
        <Suspense fallback={<PageLoader label={es.app.cargandoPantalla} />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
