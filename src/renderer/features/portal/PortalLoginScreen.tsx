/** /accesoempresas/{id}: the company's sign-in (part 3 §2.1, §2.10, §6), checked server-side in SQL. */
import { Alert, Box, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconUser } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { portal as t } from '../../../shared/areas/portal/texts';
import { UUID_RE } from '../../../shared/areas/portal/rules';
import { BrandMark } from '../../components/BrandMark';
import { PageLoader } from '../../components/PageLoader';
import { AvisoError, CampoContrasena } from '../../components/CamposAcceso';
import { borrarSesionLocal, chequearSesionLocal, consultaPortal, guardarSesionLocal, portalApi } from './cliente';
import { rutaLogin, type EstadoLogin } from './sesion';
import { usePortalTitulo } from './titulo';
import { mensajeDe } from '../../lib/mensaje-error';

export default function PortalLoginScreen() {
  usePortalTitulo(t.accesoEmpresa);
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [usuario, setUsuario] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const aviso = (location.state as EstadoLogin | null)?.mensaje ?? null;
  const enlaceValido = UUID_RE.test(id);

  // Already signed in on this browser: straight to the services.
  const local = chequearSesionLocal(id);
  const sesion = useQuery({
    ...consultaPortal('sesion', { empresaId: id }),
    enabled: enlaceValido && local.ok,
    retry: false,
  });

  if (enlaceValido && local.ok && sesion.isLoading) return <PageLoader />;
  if (enlaceValido && local.ok && sesion.data) return <Navigate to={`${rutaLogin(id)}/servicios`} replace />;

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!usuario.trim() || !contrasena) {
      setError(t.camposIncompletos);
      return;
    }
    setEnviando(true);
    try {
      const s = await portalApi.iniciarSesion({ empresaId: id, usuario: usuario.trim(), contrasena });
      guardarSesionLocal(id);
      queryClient.setQueryData(['portal', 'sesion', id], s);
      navigate(`${rutaLogin(id)}/servicios`, { replace: true });
    } catch (err) {
      borrarSesionLocal();
      setError(mensajeDe(err, t.errorCargar));
      setContrasena('');
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Center mih="70vh">
      <Paper withBorder shadow="xl" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={440}>
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <BrandMark compact size={48} />
            <Title order={1} fz={28} ta="center" mt="sm">
              {t.accesoEmpresa}
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              {t.loginSubtitulo}
            </Text>
          </Stack>
          {!enlaceValido ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {t.enlaceInvalido}
            </Alert>
          ) : (
            <Box component="form" onSubmit={(e) => void enviar(e)} noValidate>
              <Stack gap="md">
                {aviso && !error ? (
                  <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="portal-aviso">
                    {aviso}
                  </Alert>
                ) : null}
                <AvisoError mensaje={error} data-testid="portal-error" />
                <TextInput
                  label={t.usuario}
                  placeholder={t.usuarioPlaceholder}
                  leftSection={<IconUser size={16} />}
                  value={usuario}
                  onChange={(e) => setUsuario(e.currentTarget.value)}
                  autoComplete="username"
                  autoFocus
                  required
                />
                <CampoContrasena label={t.contrasena} placeholder={t.contrasenaPlaceholder} value={contrasena} onValue={setContrasena} autoComplete="current-password" required />
                <Button type="submit" fullWidth size="md" loading={enviando} loaderProps={{ type: 'dots' }}>
                  {enviando ? t.ingresando : t.ingresar}
                </Button>
              </Stack>
            </Box>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
