import { MensajesScreen } from './MensajesScreen';

/** Mensajes de Shopify (part 3 §2.3). */
export default function MensajesShopifyScreen() {
  return <MensajesScreen canal="shopify" />;
}
