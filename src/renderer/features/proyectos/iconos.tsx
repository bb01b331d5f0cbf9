/** The catalogue's 20 icon names (part 2 §3) as Tabler icons, and a service's icon badge. */
import { ThemeIcon } from '@mantine/core';
import {
  IconApi,
  IconBrandWhatsapp,
  IconBrandWordpress,
  IconBuildingStore,
  IconChartBar,
  IconCloud,
  IconCreditCard,
  IconDatabase,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconHeadset,
  IconMessageCircle,
  IconPhone,
  IconPlugConnected,
  IconRobot,
  IconSettings,
  IconShieldLock,
  IconShoppingCart,
  IconSpeakerphone,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';

export const ICONOS: Record<string, Icon> = {
  shopping_cart: IconShoppingCart,
  store: IconBuildingStore,
  wordpress: IconBrandWordpress,
  chat_bubble: IconMessageCircle,
  phone: IconPhone,
  whatsapp: IconBrandWhatsapp,
  settings: IconSettings,
  integration: IconPlugConnected,
  analytics: IconChartBar,
  campaign: IconSpeakerphone,
  support: IconHeadset,
  automation: IconRobot,
  webhook: IconWebhook,
  database: IconDatabase,
  api: IconApi,
  cloud: IconCloud,
  mobile: IconDeviceMobile,
  desktop: IconDeviceDesktop,
  security: IconShieldLock,
  payment: IconCreditCard,
};

const POR_TIPO: Record<string, { icono: string; color: string }> = {
  bot_wordpress: { icono: 'wordpress', color: 'blue' },
  bot_shopify: { icono: 'shopping_cart', color: 'lime' },
  bot_duda: { icono: 'chat_bubble', color: 'violet' },
  whatsapp: { icono: 'whatsapp', color: 'green' },
  llamadas: { icono: 'phone', color: 'orange' },
};

export function IconoServicio({ tipo, icono, size = 38 }: { tipo: string; icono?: string; size?: number }) {
  const def = POR_TIPO[tipo];
  const Componente = ICONOS[icono ?? def?.icono ?? 'settings'] ?? IconSettings;
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={def?.color ?? 'gray'}>
      <Componente size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}
