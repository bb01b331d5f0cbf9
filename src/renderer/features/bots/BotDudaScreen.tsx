import { EmpresasBotScreen } from './EmpresasBotScreen';

/** Configuración de Empresas, channel duda (part 3 §2.2). */
export default function BotDudaScreen() {
  return <EmpresasBotScreen canal="duda" />;
}
