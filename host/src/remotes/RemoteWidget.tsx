import { Suspense } from 'react';
import { lazyOnce, PageLoading, type RemoteName, type RemoteWidgetsModule } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { RemoteArea } from './RemoteArea';

function WidgetById({ module, widget }: { module: RemoteWidgetsModule; widget: string }) {
  const services = useHostServices();
  const definition = module.widgets.find((candidate) => candidate.id === widget);
  if (!definition) throw new Error(`widget ${widget} is not exposed`);
  const Widget = lazyOnce(definition.load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Widget context={services} />
    </Suspense>
  );
}

/** A piece of a remote composed into a host page (the home page's widgets). */
export function RemoteWidget({ remote, widget }: { remote: RemoteName; widget: string }) {
  return (
    <div data-testid={`remote-area-${remote}`}>
      <RemoteArea<RemoteWidgetsModule> remote={remote} exposed="widgets">
        {(module) => <WidgetById module={module} widget={widget} />}
      </RemoteArea>
    </div>
  );
}
