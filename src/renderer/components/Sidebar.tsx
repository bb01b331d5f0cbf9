import { Divider, Menu, NavLink, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconBrandWordpress,
  IconBriefcase,
  IconBuildingStore,
  IconMessageChatbot,
  IconPhoneCall,
  IconReceipt2,
  IconSparkles,
  type Icon,
} from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { es } from '../../shared/i18n/es';
import {
  SIDEBAR,
  activeNav,
  dashboardPath,
  entryTarget,
  isLinkActive,
  openSectionsFor,
  type NavEntry,
  type NavIcon,
} from '../app/navigation';
import { browserStorage, readOpenSections, writeOpenSections } from '../app/sidebar-storage';

const ICONS: Record<NavIcon, Icon> = {
  llamadas: IconPhoneCall,
  whatsapp: IconBrandWhatsapp,
  botDuda: IconMessageChatbot,
  wordpress: IconBrandWordpress,
  shopify: IconBuildingStore,
  agenteMarketing: IconSparkles,
  planes: IconReceipt2,
  proyectos: IconBriefcase,
};

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * The sidebar of part 1 §2.3, rendered from the SIDEBAR data. The entry of the current route opens by itself;
 * the open sections are remembered in localStorage. Collapsed: icons only, sub-links in a hover menu.
 */
/**
 * Every sidebar link: the label keeps the body's text colour whatever the accent (active links show the
 * accent as their background), so it reads at 4.5:1 or better on light and dark.
 */
const NAV_LINK_STYLE = { borderRadius: 'var(--mantine-radius-md)', color: 'var(--mantine-color-text)' } as const;

export function Sidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState<string[]>(() => openSectionsFor(pathname, readOpenSections(browserStorage())));

  // The entry of a newly visited route opens by itself (state adjusted while rendering, not in an effect).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const next = openSectionsFor(pathname, open);
    if (!sameList(open, next)) setOpen(next);
  }

  useEffect(() => {
    writeOpenSections(browserStorage(), open);
  }, [open]);

  const toggle = useCallback((key: string, opened: boolean) => {
    setOpen((prev) => (opened ? [...prev.filter((k) => k !== key), key] : prev.filter((k) => k !== key)));
  }, []);

  const active = activeNav(pathname);

  return (
    <ScrollArea type="scroll" style={{ flex: 1 }} px={collapsed ? 'xs' : 'md'} py="md">
      <Stack gap={collapsed ? 'xs' : 'lg'} component="nav" aria-label={es.shell.navegacionPrincipal}>
        {SIDEBAR.map((group, index) => (
          <Fragment key={group.key}>
            {collapsed ? (
              index > 0 && <Divider />
            ) : (
              <Text
                size="xs"
                fw={700}
                tt="uppercase"
                // The active group is told by weight and colour against the dimmed ones; text in the accent
                // colour would fail contrast for half the accents (axe: 3.4:1 for green on white).
                c={active?.group.key === group.key ? undefined : 'dimmed'}
                style={{ letterSpacing: 0.6 }}
                px="sm"
                mb={-8}
                data-active-group={active?.group.key === group.key ? 'true' : undefined}
              >
                {group.label}
              </Text>
            )}
            <Stack gap={4}>
              {group.entries.map((entry) =>
                collapsed ? (
                  <CollapsedEntry
                    key={entry.key}
                    entry={entry}
                    active={active?.entry.key === entry.key}
                    pathname={pathname}
                    onNavigate={onNavigate}
                  />
                ) : (
                  <ExpandedEntry
                    key={entry.key}
                    entry={entry}
                    active={active?.entry.key === entry.key}
                    opened={open.includes(entry.key)}
                    onToggle={toggle}
                    pathname={pathname}
                    onNavigate={onNavigate}
                  />
                ),
              )}
            </Stack>
          </Fragment>
        ))}
      </Stack>
    </ScrollArea>
  );
}

interface EntryProps {
  entry: NavEntry;
  active: boolean;
  pathname: string;
  onNavigate?: () => void;
}

function ExpandedEntry({
  entry,
  active,
  opened,
  onToggle,
  pathname,
  onNavigate,
}: EntryProps & { opened: boolean; onToggle: (key: string, opened: boolean) => void }) {
  const EntryIcon = ICONS[entry.icon];
  const icon = <EntryIcon size={20} stroke={1.6} />;
  if (!entry.links) {
    return (
      <NavLink
        component={Link}
        to={entryTarget(entry)}
        label={entry.label}
        leftSection={icon}
        active={active}
        variant="light"
        onClick={onNavigate}
        style={NAV_LINK_STYLE}
        fw={500}
      />
    );
  }
  return (
    <NavLink
      label={entry.label}
      leftSection={icon}
      active={active}
      variant="subtle"
      opened={opened}
      onChange={(next) => onToggle(entry.key, next)}
      childrenOffset={28}
      style={NAV_LINK_STYLE}
      fw={500}
      data-entry={entry.key}
    >
      {entry.links.map((link) => (
        <NavLink
          key={link.path}
          component={Link}
          to={dashboardPath(link.path)}
          label={link.label}
          active={isLinkActive(pathname, link.path)}
          variant="light"
          onClick={onNavigate}
          style={NAV_LINK_STYLE}
        />
      ))}
    </NavLink>
  );
}

function CollapsedEntry({ entry, active, pathname, onNavigate }: EntryProps) {
  const EntryIcon = ICONS[entry.icon];
  if (!entry.links) {
    return (
      <Tooltip label={entry.label} position="right" withArrow>
        <UnstyledButton
          component={Link}
          to={entryTarget(entry)}
          onClick={onNavigate}
          aria-label={entry.label}
          className="sidebar-icon-button"
          data-active={active || undefined}
        >
          <EntryIcon size={22} stroke={1.6} />
        </UnstyledButton>
      </Tooltip>
    );
  }
  const button = (
    <UnstyledButton aria-label={entry.label} className="sidebar-icon-button" data-active={active || undefined}>
      <EntryIcon size={22} stroke={1.6} />
    </UnstyledButton>
  );
  return (
    <Menu trigger="click-hover" position="right-start" offset={10} withArrow openDelay={60} closeDelay={120}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{entry.label}</Menu.Label>
        {entry.links.map((link) => (
          <Menu.Item
            key={link.path}
            component={Link}
            to={dashboardPath(link.path)}
            onClick={onNavigate}
            color={isLinkActive(pathname, link.path) ? 'var(--mantine-primary-color-filled)' : undefined}
            fw={isLinkActive(pathname, link.path) ? 600 : undefined}
          >
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
