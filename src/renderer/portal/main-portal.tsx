import '@mantine/core/styles.css';
import '../styles.css';
import { PortalApp } from './PortalApp';
import { montar } from '../app/montar';

montar(<PortalApp />);
