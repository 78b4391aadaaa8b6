import { PageLoading, useLoadedComponent, type RemoteName, type RemoteContext, type RemoteWidgetDefinition, type RemoteWidgetsModule } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { RemoteArea } from './RemoteArea';

function WidgetById({ module, widget }: { module: RemoteWidgetsModule; widget: string }) {
  const services = useHostServices();
  const definition = module.widgets.find((candidate) => candidate.id === widget);
  if (!definition) throw new Error(`widget ${widget} is not exposed`);
  return <LoadedWidget definition={definition} context={services} />;
}

function LoadedWidget({ definition, context }: { definition: RemoteWidgetDefinition; context: RemoteContext }) {
  const Widget = useLoadedComponent(definition.load);
  return Widget ? <Widget context={context} /> : <PageLoading />;
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
