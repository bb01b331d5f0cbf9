import { EmpresasBotScreen } from './EmpresasBotScreen';

/** Configuración de Empresas, channel wordpress (part 3 §2.2). */
export default function BotWordPressScreen() {
  return <EmpresasBotScreen canal="wordpress" />;
}
