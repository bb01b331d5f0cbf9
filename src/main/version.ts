/** The app's version (package.json), written into each backup and shown beside it. */
import paquete from '../../package.json' with { type: 'json' };

export const VERSION_APP: string = paquete.version;
