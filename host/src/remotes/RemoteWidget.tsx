import { type CSSProperties, useRef } from 'react';
import { PageLoading, useLoadedComponent, type RemoteName, type RemoteContext, type RemoteWidgetDefinition, type RemoteWidgetsModule } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { RemoteArea } from './RemoteArea';
import { useNearScreen } from './useNearScreen';
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
 * row of the grid (`data-wide`), from before its code arrives; `loadNearScreen`: the area shows
 * loading (keeping that room) until it comes near the screen, and only then loads the widget.
 */
export function RemoteWidget({ remote, widget, phoneHeight, wide = false, loadNearScreen = false }: { remote: RemoteName; widget: string; phoneHeight?: number; wide?: boolean; loadNearScreen?: boolean }) {
  const room = phoneHeight === undefined ? undefined : ({ [WIDGET_PHONE_HEIGHT_VARIABLE]: `${phoneHeight}px` } as CSSProperties);
  const area = useRef<HTMLDivElement>(null);
  const near = useNearScreen(area, loadNearScreen);
  return (
    <div ref={area} data-testid={`remote-area-${remote}`} data-widget-area={widget} data-wide={wide ? '' : undefined} data-near-screen={loadNearScreen ? '' : undefined} style={room}>
      {near ? (
        <RemoteArea<RemoteWidgetsModule> remote={remote} exposed="widgets">
          {(module) => <WidgetById module={module} widget={widget} />}
        </RemoteArea>
      ) : (
        <PageLoading />
      )}
    </div>
  );
}
