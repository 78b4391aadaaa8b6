import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createHostServices } from './app/createHostServices';
import { loadSystemConfig, refreshSavedUser } from './app/startPageSession';
import { RemoteAssignments } from './federation/remoteAssignments';
import { RemoteModuleLoader } from './federation/remoteModuleLoader';

const services = createHostServices();
const loader = new RemoteModuleLoader(new RemoteAssignments(services.api));

// The page renders at once: remote areas wait for their assignments, the title for the config.
// A failure of either leaves the rest of the site working (remote areas show their fallback).
void loadSystemConfig(services).catch(() => undefined);
void refreshSavedUser(services).catch(() => undefined);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
createRoot(rootElement).render(<App services={services} loader={loader} />);
