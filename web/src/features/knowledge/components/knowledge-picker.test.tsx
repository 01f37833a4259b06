// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Knowledge } from '#shared/contracts/knowledge';
import { storageKey } from '../../../lib/storage.ts';
import { calledUrls, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { KnowledgePicker } from './knowledge-picker.tsx';

const WORDS = ['network', 'protocol', 'database', 'kernel', 'policy', 'incident', 'malware', 'audit', 'identity'];

/** 3,000 KSA statements K0000…K2999 with made-up text, plus two real ones. */
function manyStatements(): Knowledge[] {
  const items: Knowledge[] = Array.from({ length: 3000 }, (_, index) => ({
    id: `K${String(index).padStart(4, '0')}`,
    type: 'KSA',
    kind: 'knowledge',
    name: `Knowledge of ${WORDS[index % WORDS.length]} ${WORDS[(index * 7) % WORDS.length]} practice number ${index}.`,
  }));
  items[18] = { id: 'K0018', type: 'KSA', kind: 'knowledge', name: 'Knowledge of encryption algorithms.' };
  items[70] = {
    id: 'K0070',
    type: 'KSA',
    kind: 'knowledge',
    name: 'Knowledge of system and application security threats and vulnerabilities (e.g., buffer overflow).',
  };
  items.push({ id: 'CO-M.4', type: 'KU', name: 'Cybersecurity Principles', program: 'CAE-CO', group: 'Mandatory' });
  return items;
}

/** Stores the lists by type, as a picker that fetched them on an earlier visit did. */
function storeKnowledge(items: Knowledge[]) {
  const byType: Record<string, { savedAt: number; items: Knowledge[] }> = {};
  for (const item of items) {
    byType[item.type] ??= { savedAt: Date.now(), items: [] };
    byType[item.type]?.items.push(item);
  }
  window.localStorage.setItem(storageKey('knowledges', '1.00'), JSON.stringify({ savedAt: Date.now(), value: byType }));
}

function Harness({
  initial = [],
  onChange,
  counts,
}: {
  initial?: string[];
  onChange?: (value: string[]) => void;
  counts?: { value: string; count: number }[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <KnowledgePicker
      type="KSA"
      value={value}
      counts={counts}
      onValueChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function options() {
  return within(screen.getByRole('listbox')).getAllByRole('option');
}

describe('KnowledgePicker', () => {
  it('asks only for the chosen ids until the reader reaches the field, then for its own type', async () => {
    const statements = manyStatements();
    const api = mockApi((url) => {
      const ids = url.searchParams.get('ids');
      const ofType = statements.filter((item) => item.type === url.searchParams.get('type'));
      const items = ids ? ofType.filter((item) => ids.split(',').includes(item.id)) : ofType;
      return { body: { items, nextPageToken: null } };
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['K0070', 'K0018']} />);

    // The chips are named from one small request for their ids.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove K0018' }).closest('[title]')).toHaveAttribute(
        'title',
        'Knowledge of encryption algorithms.',
      ),
    );
    expect(calledUrls(api)).toEqual(['/api/v1/knowledge?type=KSA&ids=K0018%2CK0070&limit=2']);
    const input = screen.getByRole('combobox', { name: 'KSA statements' });
    expect(input).toHaveAttribute('placeholder', 'Type to search');

    // Reaching the field by keyboard loads the statements of its type, never the whole catalogue.
    await user.tab();
    expect(input).toHaveFocus();
    await waitFor(() => expect(calledUrls(api)).toContain('/api/v1/knowledge?type=KSA&limit=10000'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(options()).toHaveLength(50));
    expect(calledUrls(api)).toHaveLength(2);
    expect(calledUrls(api).every((url) => url.includes('type=KSA'))).toBe(true);
    const stored = JSON.parse(window.localStorage.getItem(storageKey('knowledges', '1.00')) ?? 'null');
    expect(stored.value.KSA.items).toHaveLength(3000);
  });

  it("names chips from the names it is given (a saved item's own) and asks only for the others", async () => {
    const api = mockApi((url) => ({
      body: {
        items: manyStatements().filter((item) => (url.searchParams.get('ids') ?? '').split(',').includes(item.id)),
        nextPageToken: null,
      },
    }));
    renderWithProviders(
      <KnowledgePicker
        type="KSA"
        value={['K0018', 'K0070']}
        onValueChange={() => undefined}
        names={new Map([['K0018', 'Knowledge of encryption algorithms, as the item names it.']])}
      />,
    );
    const chipOf = (id: string) => screen.getByRole('button', { name: `Remove ${id}` }).closest('[title]');
    await waitFor(() =>
      expect(chipOf('K0070')).toHaveAttribute('title', expect.stringMatching(/^Knowledge of system/)),
    );
    expect(chipOf('K0018')).toHaveAttribute('title', 'Knowledge of encryption algorithms, as the item names it.');
    expect(calledUrls(api)).toEqual(['/api/v1/knowledge?type=KSA&ids=K0070&limit=1']);
  });

  it('finds a statement by its id and chooses it with the keyboard', async () => {
    storeKnowledge(manyStatements());
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'not expected' } }));
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onChange={onChange} />);

    const input = screen.getByRole('combobox', { name: 'KSA statements' });
    await user.click(input);
    await user.keyboard('k0018');
    await waitFor(() => expect(options()[0]).toHaveTextContent(/^K0018/));
    expect(options()[0]).toHaveTextContent('Knowledge of encryption algorithms.');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['K0018']);
    expect(screen.getByRole('button', { name: 'Remove K0018' })).toBeInTheDocument();
  });

  it('finds statements by words of their text, only of its own type', async () => {
    storeKnowledge(manyStatements());
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'not expected' } }));
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.click(screen.getByRole('combobox', { name: 'KSA statements' }));
    await user.keyboard('buffer overflow');
    await waitFor(() => expect(options()).toHaveLength(1));
    expect(options()[0]).toHaveTextContent(/^K0070/);
    await user.clear(screen.getByRole('combobox', { name: 'KSA statements' }));
    await user.keyboard('cybersecurity principles');
    await waitFor(() => expect(screen.getByRole('listbox')).toHaveTextContent('No matches.'));
  });

  it('lists at most 50 of 3,000 statements and says how to narrow them', async () => {
    storeKnowledge(manyStatements());
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'not expected' } }));
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    await user.click(screen.getByRole('combobox', { name: 'KSA statements' }));
    await waitFor(() => expect(options()).toHaveLength(50));
    expect(screen.getByText('Showing 50 of 3,000 matches. Type to narrow.')).toBeInTheDocument();
    await user.keyboard('network');
    await waitFor(() => expect(screen.getByText(/^Showing 50 of [\d,]+ matches/)).toBeInTheDocument());
    expect(options()).toHaveLength(50);
    await user.keyboard(' number 99');
    await waitFor(() => expect(options().length).toBeLessThan(50));
    for (const option of options()) expect(option).toHaveTextContent(/network.*number \d*99/);
  });

  it('lists the statements of the current result first, with their counts', async () => {
    storeKnowledge(manyStatements());
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'not expected' } }));
    const user = userEvent.setup();
    renderWithProviders(
      <Harness
        counts={[
          { value: 'K0070', count: 12 },
          { value: 'K2500', count: 3 },
        ]}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'KSA statements' }));
    await waitFor(() => expect(options()).toHaveLength(50));
    expect(options()[0]).toHaveAccessibleName(/^K0070, 12 results Knowledge of system/);
    expect(options()[1]).toHaveAccessibleName(/^K2500, 3 results /);
    expect(options()[2]).toHaveTextContent(/^K0000/);
  });

  it('marks withdrawn statements and lists them after the current ones, counted or not (issue 21 item 29)', async () => {
    const items = manyStatements().slice(0, 100);
    items[85] = {
      id: 'K0085',
      type: 'KSA',
      kind: 'knowledge',
      name: 'WITHDRAWN: Knowledge of system and application security threats and vulnerabilities. (See K0070)',
    };
    storeKnowledge(items);
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'not expected' } }));
    const user = userEvent.setup();
    renderWithProviders(
      <Harness
        initial={['K0085']}
        counts={[
          { value: 'K0085', count: 20 },
          { value: 'K0070', count: 12 },
        ]}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Remove K0085 (withdrawn)' })).toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: 'KSA statements' });
    await user.click(input);
    await user.keyboard('security threats');
    await waitFor(() => expect(options()).toHaveLength(2));
    expect(options()[0]).toHaveTextContent(/^K0070/);
    expect(options()[1]).toHaveAccessibleName(/^K0085 \(withdrawn\), 20 results Knowledge of system/);
    await user.clear(input);
    await waitFor(() => expect(options().length).toBeGreaterThan(50 - 1));
    expect(options()[0]).toHaveTextContent(/^K0070/);
    expect(options().map((option) => option.textContent)).not.toContainEqual(expect.stringMatching(/^K0085/));
  });

  it('removes a chosen statement with its chip and keeps focus in the field', async () => {
    storeKnowledge(manyStatements());
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'not expected' } }));
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={['K0018', 'K0070']} onChange={onChange} />);

    const chips = screen.getByRole('list', { name: 'Chosen KSA statements' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['K0018', 'K0070']);
    await user.click(screen.getByRole('button', { name: 'Remove K0018' }));
    expect(onChange).toHaveBeenLastCalledWith(['K0070']);
    expect(screen.getByRole('combobox', { name: 'KSA statements' })).toHaveFocus();
  });

  it('closes its list 200 ms after focus leaves, and Escape closes it at once', async () => {
    storeKnowledge(manyStatements());
    mockApi(() => ({ status: 500, body: { statusCode: 500, message: 'not expected' } }));
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Harness />
        <button type="button">Elsewhere</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'KSA statements' });
    await user.click(input);
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'false'));

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    // Spec §9's 200 ms on a fake clock: open at 199 ms, closed at 200 ms,
    // however slow the machine (issue 23 item 8).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
      await act(() => vi.advanceTimersByTimeAsync(199));
      expect(input).toHaveAttribute('aria-expanded', 'true');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(input).toHaveAttribute('aria-expanded', 'false');
    } finally {
      vi.useRealTimers();
    }
  });
});
