import { EmpresasBotScreen } from './EmpresasBotScreen';

/** Configuración de Empresas, channel whatsapp (part 3 §2.2). */
export default function WhatsappEmpresasScreen() {
  return <EmpresasBotScreen canal="whatsapp" />;
}
