import { HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import type { SectionWidget } from '#shared/contracts/page';
import { widgetRows } from '../utils/grid.ts';
import { WidgetView } from './widgets/widget-view.tsx';

/**
 * A section's widgets (spec §2.14): runs of widgets in the grid of spec §2.14 (one
 * widget full width, two or four in two columns, otherwise three; always one column
 * on narrow screens, below `md`), with headings, cover images and call-to-action
 * buttons on rows of their own between them (see `widgetRows`). A grid's
 * `data-columns` carries its wide-screen column count.
 */
export function WidgetGrid({ widgets, sectionName }: { widgets: readonly SectionWidget[]; sectionName?: string }) {
  if (widgets.length === 0) return null;
  let position = 0;
  // Widgets have no id of their own; their place in the section is their identity.
  const keyed = (widget: SectionWidget) => ({ widget, key: `${position++}-${widget.kind}` });
  return (
    <Stack gap="6">
      {widgetRows(widgets).map((row) => {
        const items = row.widgets.map(keyed);
        const rowKey = items[0]?.key;
        if (row.type === 'grid') {
          return (
            <SimpleGrid key={rowKey} columns={{ base: 1, md: row.columns }} gap="6" data-columns={row.columns}>
              {items.map(({ widget, key }) => (
                <div key={key} data-widget={widget.kind}>
                  <WidgetView widget={widget} sectionName={sectionName} />
                </div>
              ))}
            </SimpleGrid>
          );
        }
        if (row.type === 'actions') {
          return (
            <HStack key={rowKey} gap="4" wrap="wrap">
              {items.map(({ widget, key }) => (
                <div key={key} data-widget={widget.kind}>
                  <WidgetView widget={widget} sectionName={sectionName} />
                </div>
              ))}
            </HStack>
          );
        }
        return items.map(({ widget, key }) => (
          <div key={key} data-widget={widget.kind}>
            <WidgetView widget={widget} sectionName={sectionName} />
          </div>
        ));
      })}
    </Stack>
  );
}
