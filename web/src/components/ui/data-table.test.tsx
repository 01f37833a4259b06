// @vitest-environment jsdom
import '../../testing/setup.ts';
import { Button } from '@chakra-ui/react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import {
  type ClientPaging,
  DataTable,
  DataTableDetailToggle,
  dataTableColumns,
  type ServerPaging,
} from './data-table.tsx';

interface Lab {
  id: string;
  name: string;
  hours?: number;
}

const byText = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const col = dataTableColumns<Lab>();
const COLUMNS = col.columns([
  col.accessor('name', {
    header: 'Name',
    enableSorting: true,
    sortFn: (a, b) => byText.compare(a.original.name, b.original.name),
  }),
  col.accessor((lab) => lab.hours, {
    id: 'hours',
    header: 'Hours',
    enableSorting: true,
    sortUndefined: 'last',
    sortFn: (a, b) => (a.original.hours ?? 0) - (b.original.hours ?? 0),
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  col.accessor('id', { header: 'Id' }),
]);

const LABS: Lab[] = [
  { id: 'l1', name: 'beta', hours: 2 },
  { id: 'l2', name: 'Alpha', hours: 5 },
  { id: 'l3', name: 'gamma' },
  { id: 'l4', name: 'delta', hours: 2 },
];

const many = (count: number): Lab[] =>
  Array.from({ length: count }, (_, index) => ({ id: `m${index}`, name: `Lab ${index + 1}`, hours: index }));

const CLIENT: ClientPaging = { mode: 'client', pageSizes: [25, 50, 100, Number.POSITIVE_INFINITY] };

/** The text of column `column` (0-based) in every body row. */
function columnTexts(column: number): string[] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? '');
}

function rangeText() {
  return within(screen.getByRole('navigation', { name: 'Pagination' })).getByText(/of \d+$/).textContent;
}

describe('DataTable (issue 23 item 5)', () => {
  it('is named by its caption and marks only the sortable columns with aria-sort', async () => {
    renderWithProviders(
      <DataTable caption="Labs" columns={COLUMNS} data={LABS} getRowId={(lab) => lab.id} empty="None" />,
    );
    const table = await screen.findByRole('table', { name: 'Labs' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Id' })).not.toHaveAttribute('aria-sort');
    expect(within(table).queryByRole('button', { name: 'Id' })).not.toBeInTheDocument();
    expect(columnTexts(0)).toEqual(['beta', 'Alpha', 'gamma', 'delta']);
  });

  it('sorts by a header button, ascending first, then toggling, with aria-sort and the direction described', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DataTable label="Labs" columns={COLUMNS} data={LABS} getRowId={(lab) => lab.id} empty="None" />,
    );
    const header = await screen.findByRole('columnheader', { name: 'Name' });
    const button = within(header).getByRole('button', { name: 'Name' });
    expect(button).toHaveAccessibleDescription('Not sorted');

    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(button).toHaveAccessibleDescription('Sorted ascending');
    expect(columnTexts(0)).toEqual(['Alpha', 'beta', 'delta', 'gamma']);

    button.focus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(columnTexts(0)).toEqual(['gamma', 'delta', 'beta', 'Alpha']);

    await user.click(button);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  it('keeps rows without a value last both ways, ties in their incoming order, and one sorted column at a time', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DataTable
        label="Labs"
        columns={COLUMNS}
        data={LABS}
        getRowId={(lab) => lab.id}
        empty="None"
        initialSorting={[{ id: 'name', desc: true }]}
      />,
    );
    expect(await screen.findByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Hours' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
    expect(columnTexts(0)).toEqual(['beta', 'delta', 'Alpha', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Hours' }));
    expect(columnTexts(0)).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(columnTexts(1)).toEqual(['5', '2', '2', '—']);
  });

  it('pages in the browser with the rows per page offered, All included, and goes back to the first page on sorting', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DataTable
        label="Labs"
        columns={COLUMNS}
        data={many(60)}
        getRowId={(lab) => lab.id}
        empty="None"
        paging={CLIENT}
      />,
    );
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    const select = within(nav).getByRole('combobox', { name: 'Rows per page' });
    const previous = within(nav).getByRole('button', { name: 'Previous' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['25', '50', '100', 'All']);
    expect(columnTexts(0)).toHaveLength(25);
    expect(rangeText()).toBe('1–25 of 60');
    expect(previous).toBeDisabled();

    await user.click(next);
    await user.click(next);
    expect(rangeText()).toBe('51–60 of 60');
    expect(columnTexts(0)).toEqual(Array.from({ length: 10 }, (_, index) => `Lab ${index + 51}`));
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Hours' }));
    expect(rangeText()).toBe('1–25 of 60');

    await user.selectOptions(select, '50');
    expect(columnTexts(0)).toHaveLength(50);
    expect(rangeText()).toBe('1–50 of 60');
    await user.click(next);
    await user.selectOptions(select, 'All');
    expect(columnTexts(0)).toHaveLength(60);
    expect(rangeText()).toBe('1–60 of 60');
    expect(next).toBeDisabled();
    expect(previous).toBeDisabled();
  });

  it('pages by the server: shows the rows it has, calls back for more, and says how many are shown', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const paging: ServerPaging = {
      mode: 'server',
      hasMore: true,
      loadingMore: false,
      onLoadMore,
      loadMoreLabel: 'Load more labs',
      countNoun: 'labs',
      fetching: false,
    };
    renderWithProviders(
      <DataTable
        label="Labs"
        columns={COLUMNS}
        data={many(30)}
        getRowId={(lab) => lab.id}
        empty="None"
        paging={paging}
      />,
    );
    await screen.findByRole('table', { name: 'Labs' });
    expect(columnTexts(0)).toHaveLength(30);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.getByText('30 labs shown, more available.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more labs' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('says the failure of a further page under the rows, with Retry', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderWithProviders(
      <DataTable
        label="Labs"
        columns={COLUMNS}
        data={LABS}
        getRowId={(lab) => lab.id}
        empty="None"
        paging={{
          mode: 'server',
          hasMore: true,
          loadingMore: false,
          onLoadMore: () => {},
          loadMoreLabel: 'Load more labs',
          moreError: { title: 'More labs could not be loaded.', onRetry },
        }}
      />,
    );
    expect(await screen.findByRole('table', { name: 'Labs' })).toBeInTheDocument();
    expect(screen.getByText('More labs could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the loading line, then the error with Retry, then the empty text, each instead of the table', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const props = { label: 'Labs', columns: COLUMNS, getRowId: (lab: Lab) => lab.id, empty: 'No labs yet.' };
    const first = renderWithProviders(<DataTable {...props} data={[]} loading="Loading labs…" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading labs…');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    first.unmount();

    const second = renderWithProviders(
      <DataTable {...props} data={LABS} error={{ title: 'The labs could not be loaded.', onRetry }} />,
    );
    expect(await screen.findByText('The labs could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    second.unmount();

    renderWithProviders(<DataTable {...props} data={[]} paging={CLIENT} />);
    expect(await screen.findByText('No labs yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('opens a row’s detail row with its toggle, which names and controls it', async () => {
    const user = userEvent.setup();
    const detailed = col.columns([
      col.accessor('name', { header: 'Name' }),
      col.display({
        id: 'detail',
        header: 'Detail',
        cell: ({ row }) => <DataTableDetailToggle row={row} label={`Detail of ${row.original.name}`} />,
      }),
    ]);
    function Detailed() {
      // A re-render with new rows keeps what is open.
      const [data, setData] = useState(LABS.slice(0, 2));
      return (
        <>
          <DataTable
            label="Labs"
            columns={detailed}
            data={data}
            getRowId={(lab) => lab.id}
            empty="None"
            renderDetail={(lab) => <p>{`${lab.name} takes ${lab.hours} hours`}</p>}
          />
          <Button onClick={() => setData(LABS)}>More</Button>
        </>
      );
    }
    renderWithProviders(<Detailed />);
    const toggle = await screen.findByRole('button', { name: 'Detail of beta' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('beta takes 2 hours')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide');
    const detail = screen.getByText('beta takes 2 hours');
    expect(detail.closest('tr')).toHaveAttribute('id', toggle.getAttribute('aria-controls'));
    expect(screen.queryByText('Alpha takes 5 hours')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByText('beta takes 2 hours')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Detail of beta' }));
    expect(screen.queryByText('beta takes 2 hours')).not.toBeInTheDocument();
  });
});
