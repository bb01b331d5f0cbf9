import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconBell,
  IconBellOff,
  IconChecks,
  IconCircleCheck,
  IconInfoCircle,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePreferencias } from '../features/configuracion/preferencias-store';
import { unreadCount, type AppNotification, type NotificationType } from '../../shared/areas/shell/rules';
import { es } from '../../shared/i18n/es';
import { api, consultas } from '../api/client';
import { formatDateTime } from '../lib/format';
import { notifyError } from './toast';
import { mensajeDe } from '../lib/mensaje-error';

/** The list is refreshed every minute and whenever the menu opens. */
export const NOTIFICATIONS_REFETCH_MS = 60_000;

const TYPE_STYLE: Record<NotificationType, { icon: Icon; color: string }> = {
  warning: { icon: IconAlertTriangle, color: 'yellow' },
  info: { icon: IconInfoCircle, color: 'blue' },
  success: { icon: IconCircleCheck, color: 'green' },
  error: { icon: IconAlertCircle, color: 'red' },
};

/**
 * Header notifications, unless the operator turned them off in Configuración (part 3 §2.5): then only a
 * muted bell remains, nothing is fetched and no badge is shown.
 */
export function NotificationsMenu() {
  const { notificaciones } = usePreferencias();
  return notificaciones ? <NotificationsMenuOn /> : <NotificationsOff />;
}

/** The bell's button looks the same whether notifications are on or off. */
const BOTON_CAMPANA = { variant: 'subtle', color: 'gray', size: 'lg', radius: 'xl' } as const;

function NotificationsOff() {
  return (
    <Tooltip label={es.configuracion.notificacionesDesactivadas}>
      <ActionIcon
        component={Link}
        to="/dashboard/configuracion"
        {...BOTON_CAMPANA}
        aria-label={es.configuracion.notificacionesDesactivadas}
        data-testid="notificaciones-desactivadas"
      >
        <IconBellOff size={21} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Header notifications: unread badge, list, mark read (one / all), delete. */
function NotificationsMenuOn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);

  const consulta = consultas.shell.notificaciones({});
  const list = useQuery({ ...consulta, refetchInterval: NOTIFICATIONS_REFETCH_MS });
  const items = list.data ?? [];
  const unread = unreadCount(items);

  const patch = (fn: (items: AppNotification[]) => AppNotification[]) =>
    queryClient.setQueryData<AppNotification[]>(consulta.queryKey, (old) => (old ? fn(old) : old));

  const onSettled = () => queryClient.invalidateQueries({ queryKey: consulta.queryKey });

  const markRead = useMutation({
    mutationFn: (id: string) => api.shell.marcarLeida({ id }),
    onMutate: (id) => patch((all) => all.map((n) => (n.id === id ? { ...n, read: true } : n))),
    onError: (error) => notifyError(mensajeDe(error, es.shell.errorNotificacion)),
    onSettled,
  });
  const markAll = useMutation({
    mutationFn: () => api.shell.marcarTodasLeidas({}),
    onMutate: () => patch((all) => all.map((n) => ({ ...n, read: true }))),
    onError: (error) => notifyError(mensajeDe(error, es.shell.errorNotificacion)),
    onSettled,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.shell.eliminarNotificacion({ id }),
    onMutate: (id) => patch((all) => all.filter((n) => n.id !== id)),
    onError: (error) => notifyError(mensajeDe(error, es.shell.errorEliminarNotificacion)),
    onSettled,
  });

  const onOpenChange = (next: boolean) => {
    setOpened(next);
    if (next) void list.refetch();
  };

  const onItem = (item: AppNotification) => {
    if (!item.read) markRead.mutate(item.id);
    if (item.link) {
      setOpened(false);
      navigate(item.link);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={onOpenChange}
      withRoles={false}
      width="min(380px, calc(100vw - 24px))"
      position="bottom-end"
      shadow="lg"
      radius="md"
      withArrow
      arrowPosition="center"
    >
      {/* The roles go on the button itself (a div may not carry aria-expanded). */}
      <Popover.Target>
        <Box pos="relative">
          <Tooltip label={es.shell.notificaciones} disabled={opened}>
            <ActionIcon
              {...BOTON_CAMPANA}
              aria-label={es.shell.notificaciones}
              aria-haspopup="dialog"
              aria-expanded={opened}
              onClick={() => onOpenChange(!opened)}
            >
              <IconBell size={21} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
          {unread > 0 && (
            <Badge
              data-testid="notificaciones-badge"
              size="xs"
              circle={unread < 10}
              color="red"
              variant="filled"
              pos="absolute"
              top={-2}
              right={-4}
              style={{ pointerEvents: 'none', boxShadow: '0 0 0 2px var(--mantine-color-body)' }}
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </Box>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-label={es.shell.notificaciones}>
        <Group justify="space-between" px="md" py="sm">
          <Box>
            <Text fw={700}>{es.shell.notificaciones}</Text>
            <Text size="xs" c="dimmed">
              {unread > 0 ? es.shell.noLeidas(unread) : es.shell.todasLeidas}
            </Text>
          </Box>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconChecks size={14} />}
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {es.shell.marcarTodasLeidas}
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={420} type="auto">
          {list.isPending ? (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          ) : list.isError && items.length === 0 ? (
            <Stack align="center" gap={4} py="xl" px="md">
              <IconAlertCircle size={28} stroke={1.4} color="var(--mantine-color-red-6)" />
              <Text size="sm" c="dimmed" ta="center">
                {mensajeDe(list.error, es.notificaciones.errorCargar)}
              </Text>
            </Stack>
          ) : items.length === 0 ? (
            <Stack align="center" gap={4} py="xl">
              <IconBellOff size={28} stroke={1.4} color="var(--mantine-color-gray-5)" />
              <Text size="sm" c="dimmed">
                {es.shell.sinNotificaciones}
              </Text>
            </Stack>
          ) : (
            <Stack gap={0} role="list" aria-label={es.shell.notificaciones}>
              {items.map((item) => (
                <NotificationRow
                  key={item.id}
                  item={item}
                  onOpen={() => onItem(item)}
                  onDelete={() => remove.mutate(item.id)}
                />
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}

function NotificationRow({ item, onOpen, onDelete }: { item: AppNotification; onOpen: () => void; onDelete: () => void }) {
  const { icon: TypeIcon, color } = TYPE_STYLE[item.type] ?? TYPE_STYLE.info;
  return (
    <Group
      role="listitem"
      className="notification-item"
      data-unread={!item.read || undefined}
      data-type={item.type}
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      px="md"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Indicator disabled={item.read} size={8} offset={3} position="top-end">
        <ThemeIcon variant="light" color={color} radius="xl" size={36}>
          <TypeIcon size={19} stroke={1.7} />
        </ThemeIcon>
      </Indicator>
      <UnstyledButton onClick={onOpen} data-testid="notificacion" style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={item.read ? 500 : 700} lineClamp={1}>
          {item.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={3}>
          {item.message}
        </Text>
        <Text size="xs" c="gray.6" mt={4}>
          {formatDateTime(item.time)}
        </Text>
      </UnstyledButton>
      <Tooltip label={es.shell.eliminarNotificacion}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={es.shell.eliminarNotificacion}
          onClick={(event) => {
            event.stopPropagation();
            onDelete();
          }}
        >
          <IconTrash size={15} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
