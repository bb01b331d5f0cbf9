import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles.css';
import { App } from './app/App';
import { montar } from './app/montar';

montar(<App />);
