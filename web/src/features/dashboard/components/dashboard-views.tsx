import { Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { CoursewareMetricsView } from './courseware-metrics-view.tsx';
import { DownloadsView } from './downloads-view.tsx';

/** Spec §2.13: the views by index. */
const VIEWS = [
  { index: '0', label: 'Courseware metrics' },
  { index: '1', label: 'File downloads' },
] as const;

/** The view index of the address (`?view=1`); anything else is view 0. */
export function viewIndexOf(search: URLSearchParams): '0' | '1' {
  return search.get('view') === '1' ? '1' : '0';
}

/**
 * The dashboard's two views as tabs (spec §2.13: 0 = courseware metrics, 1 = file
 * downloads), the index kept in the query string so a view can be linked to.
 */
export function DashboardViews() {
  const [search, setSearch] = useSearchParams();
  const view = viewIndexOf(search);
  return (
    <Tabs.Root
      value={view}
      onValueChange={({ value }) =>
        setSearch(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('view', value);
            return next;
          },
          { replace: true },
        )
      }
      lazyMount
      unmountOnExit
    >
      <Tabs.List aria-label="Dashboard views">
        {VIEWS.map((one) => (
          <Tabs.Trigger key={one.index} value={one.index}>
            {one.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="0" pt="6">
        <CoursewareMetricsView />
      </Tabs.Content>
      <Tabs.Content value="1" pt="6">
        <DownloadsView />
      </Tabs.Content>
    </Tabs.Root>
  );
}
