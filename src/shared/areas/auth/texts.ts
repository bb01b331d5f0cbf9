/** Texts of sign-in, the first administrator and the password rules. Composed into `es` by src/shared/i18n/es.ts. */
export const login = {
  saludo: 'Bienvenido',
  subtitulo: 'Inicia sesión para continuar',
  emailLabel: 'Email',
  emailPlaceholder: 'Ingresa tu email',
  passwordLabel: 'Contraseña',
  passwordPlaceholder: 'Ingresa tu contraseña',
  boton: 'Iniciar Sesión',
  botonOcupado: 'Iniciando sesión...',
  camposIncompletos: 'Por favor, completa todos los campos.',
  errorAutenticacion: 'Error de autenticación',
  credencialesInvalidas: 'Email o contraseña incorrectos.',
  errorInesperado: 'Error inesperado. Intenta nuevamente.',
  bloqueado: (minutos: number) =>
    `Demasiados intentos fallidos. Por seguridad, este email quedó bloqueado; intenta de nuevo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  sesionExpirada: 'Tu sesión expiró. Inicia sesión de nuevo.',
  noAutenticado: 'No estás autenticado. Por favor, inicia sesión.',
  demasiadosIntentosALaVez: 'Demasiados intentos de inicio de sesión al mismo tiempo. Espera un momento e inténtalo de nuevo.',
  emailDemasiadoLargo: 'El email es demasiado largo (máximo 254 caracteres).',
  contrasenaDemasiadoLarga: 'La contraseña es demasiado larga (máximo 200 caracteres).',
} as const;

export const primerAdmin = {
  titulo: 'Crear el primer administrador',
  subtitulo: 'Todavía no hay operadores. Crea la cuenta de administrador para empezar.',
  nombreLabel: 'Nombre completo',
  nombrePlaceholder: 'Ingresa tu nombre',
  emailLabel: 'Email',
  passwordLabel: 'Contraseña',
  confirmarLabel: 'Confirmar contraseña',
  boton: 'Crear administrador',
  botonOcupado: 'Creando administrador...',
  nombreObligatorio: 'El nombre es obligatorio.',
  nombreDemasiadoLargo: 'El nombre es demasiado largo (máximo 120 caracteres).',
  emailInvalido: 'Ingresa un email válido.',
  noCoinciden: 'Las contraseñas no coinciden',
  coinciden: 'Las contraseñas coinciden',
  yaExiste: 'Ya existe un administrador. Inicia sesión.',
  emailPlaceholder: 'Ingresa tu email',
  passwordPlaceholder: 'Crea una contraseña segura',
  confirmarPlaceholder: 'Repite la contraseña',
} as const;

export const password = {
  // Strength rules of part 3 §5, checked in this order.
  minimo: 'La contraseña debe tener al menos 8 caracteres',
  minuscula: 'La contraseña debe tener al menos una letra minúscula',
  mayuscula: 'La contraseña debe tener al menos una letra mayúscula',
  numero: 'La contraseña debe tener al menos un número',
  valida: 'Contraseña válida',
} as const;
