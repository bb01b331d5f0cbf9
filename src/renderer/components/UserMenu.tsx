import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { avatarInitial, displayName } from '../../shared/ports/operador';
import { es } from '../../shared/i18n/es';
import { useAuth } from '../app/auth';

/** Appearance preferences are not session data: they outlive a failed logout. */
const KEPT_ON_CLEAR = ['consola.preferencias'];

/** Clears what the browser keeps for this app; used when the logout call fails (part 1 §8). */
export function clearBrowserStorage(): void {
  try {
    const kept = KEPT_ON_CLEAR.map((nombre) => [nombre, window.localStorage.getItem(nombre)] as const);
    window.localStorage.clear();
    for (const [nombre, valor] of kept) if (valor !== null) window.localStorage.setItem(nombre, valor);
  } catch {
    // Blocked storage: nothing to clear.
  }
  try {
    window.sessionStorage.clear();
  } catch {
    // See above.
  }
}

/** Header user menu: initial, name, email, role label; Mi Perfil, Configuración, Cerrar Sesión (confirmed). */
export function UserMenu() {
  const { operator, signOut } = useAuth();
  const navigate = useNavigate();
  const name = displayName(operator);
  // The real role, read from the profile: 'Administrador' for administrators only.
  const role = es.operadores.roles[operator?.rol ?? 'operador'];

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: es.shell.confirmarLogoutTitulo,
      centered: true,
      radius: 'lg',
      labels: { confirm: es.shell.confirmarLogoutSi, cancel: es.shell.cancelar },
      confirmProps: { color: 'red', leftSection: <IconLogout size={16} /> },
      cancelProps: { variant: 'default' },
      onConfirm: async () => {
        try {
          await signOut();
        } catch {
          clearBrowserStorage();
        }
        navigate('/', { replace: true });
      },
    });

  return (
    <Menu position="bottom-end" width={260} shadow="lg" radius="md" withArrow arrowPosition="center">
      <Menu.Target>
        <UnstyledButton aria-label={es.shell.menuUsuario} data-testid="menu-usuario" px={6} py={4} style={{ borderRadius: 999 }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar variant="filled" radius="xl" size={36}>
              {avatarInitial(operator)}
            </Avatar>
            <Box visibleFrom="md" style={{ lineHeight: 1.15, maxWidth: 180 }}>
              <Text size="sm" fw={600} truncate>
                {name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {role}
              </Text>
            </Box>
            <IconChevronDown size={14} stroke={1.8} color="var(--mantine-color-gray-6)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" px="sm" py="xs" wrap="nowrap">
          <Avatar variant="light" radius="xl" size={40}>
            {avatarInitial(operator)}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {operator?.email}
            </Text>
            <Text size="xs" c="green.8" fw={600}>
              {role}
            </Text>
          </Box>
        </Group>
        <Menu.Divider />
        <Menu.Item leftSection={<IconUserCircle size={16} />} onClick={() => navigate('/dashboard/configuracion')}>
          {es.shell.miPerfil}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/dashboard/configuracion')}>
          {es.shell.configuracion}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={confirmLogout}>
          {es.shell.cerrarSesion}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
