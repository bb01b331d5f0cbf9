import { EmpresasBotScreen } from './EmpresasBotScreen';

/** Configuración de Empresas, channel shopify (part 3 §2.2). */
export default function BotShopifyScreen() {
  return <EmpresasBotScreen canal="shopify" />;
}
