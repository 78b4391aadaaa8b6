import type { CSSProperties } from 'react';
import { PageLoading, useLoadedComponent, type RemoteName, type RemoteContext, type RemoteWidgetDefinition, type RemoteWidgetsModule } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { RemoteArea } from './RemoteArea';
import { WIDGET_PHONE_HEIGHT_VARIABLE } from './widgetPhoneHeight';

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

/**
 * A piece of a remote composed into a host page (the home page's widgets). `phoneHeight`: the room
 * its manifest asks for, kept by the home grid while the area is loading; `wide`: the area is a
 * row of the grid (`data-wide`), from before its code arrives.
 */
export function RemoteWidget({ remote, widget, phoneHeight, wide = false }: { remote: RemoteName; widget: string; phoneHeight?: number; wide?: boolean }) {
  const room = phoneHeight === undefined ? undefined : ({ [WIDGET_PHONE_HEIGHT_VARIABLE]: `${phoneHeight}px` } as CSSProperties);
  return (
    <div data-testid={`remote-area-${remote}`} data-widget-area="" data-wide={wide ? '' : undefined} style={room}>
      <RemoteArea<RemoteWidgetsModule> remote={remote} exposed="widgets">
        {(module) => <WidgetById module={module} widget={widget} />}
      </RemoteArea>
    </div>
  );
}
