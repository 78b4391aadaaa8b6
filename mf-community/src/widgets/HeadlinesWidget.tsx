import { WidgetPanel, type RemoteWidgetProps } from '@sports/shared';
import { widgetCopy } from '../widgetCopy';

/**
 * Latest headlines for the home page. Articles arrive with the community issue; until then the
 * widget shows its empty state and leads to the headlines page.
 */
export default function HeadlinesWidget(_props: RemoteWidgetProps) {
  return (
    <WidgetPanel widgetId="headlines" remote="mf-community" title={widgetCopy.headlinesTitle} action={<a href="#/news">{widgetCopy.more}</a>}>
      <p>{widgetCopy.noHeadlines}</p>
    </WidgetPanel>
  );
}
