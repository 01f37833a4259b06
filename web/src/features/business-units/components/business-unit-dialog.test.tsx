// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BusinessUnit, MergedBusinessUnit } from '#shared/contracts/administration';
import { getShownErrors } from '../../../lib/error-store.ts';
import { calledWith, type MockResponse, mockApi, requestOf } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { BusinessUnitDialog } from './business-unit-dialog.tsx';
import { MergeDialog } from './merge-dialog.tsx';

function unit(overrides: Partial<BusinessUnit> = {}): BusinessUnit {
  return {
    id: '01jd7k2m3n4p5q6r7s8t9v0b01',
    name: 'George Mason University',
    category: 'university',
    state: 'VA',
    region: 'Northern Virginia',
    public: true,
    eligibleBrands: ['VACR'],
    mergedIntoId: null,
    version: 2,
    createdTimestamp: '2026-01-02T03:04:05.000Z',
    modifiedTimestamp: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}
const DUPLICATE = unit({ id: '01jd7k2m3n4p5q6r7s8t9v0b02', name: 'George Mason Univ.', version: 3 });
const KEPT = unit();

function mock(handlers: Record<string, (body: unknown, url: URL) => MockResponse>) {
  return mockApi((url, init) => {
    const { method, body } = requestOf(init);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler) return handler(body, url);
    return { status: 404, body: { statusCode: 404, message: 'Not found.' } };
  });
}

describe('the business unit dialog (issue 11 item 1)', () => {
  it('checks the name and the state code before sending anything', async () => {
    const spy = mock({});
    const user = userEvent.setup();
    renderWithProviders(<BusinessUnitDialog open unit={null} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add business unit' });
    await user.type(within(dialog).getByRole('textbox', { name: 'State' }), 'V1');
    await user.click(within(dialog).getByRole('button', { name: 'Add business unit' }));

    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(/Is required\./);
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveAccessibleDescription(
      'Choose a category.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'State' })).toHaveAccessibleDescription(
      /Use the two-letter state code, e\.g\. VA\./,
    );
    expect(calledWith(spy, 'POST')).toEqual([]);
  });

  it('adds a unit with its eligibility, and shows a 400 under its field', async () => {
    let answer: MockResponse = {
      status: 400,
      body: { statusCode: 400, message: 'Invalid.', errors: [{ path: 'body.region', message: 'Unknown region.' }] },
    };
    const spy = mock({ 'POST /api/v1/business-units': () => answer });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<BusinessUnitDialog open unit={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add business unit' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Radford University ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Category/ }), 'University');
    await user.type(within(dialog).getByRole('textbox', { name: 'State' }), 'va');
    await user.type(within(dialog).getByRole('textbox', { name: 'Region' }), 'Southwest');
    await user.click(within(dialog).getByRole('checkbox', { name: /Public institution/ }));
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'VACR: Faculty of this organization may download courseware on VACR.',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add business unit' }));

    const region = within(dialog).getByRole('textbox', { name: 'Region' });
    await waitFor(() => expect(region).toHaveAccessibleDescription(/Unknown region\./));
    await waitFor(() => expect(region).toHaveFocus());
    expect(getShownErrors()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    answer = { status: 201, body: unit({ name: 'Radford University' }) };
    await user.click(within(dialog).getByRole('button', { name: 'Add business unit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calledWith(spy, 'POST').at(-1)?.body).toEqual({
      name: 'Radford University',
      category: 'university',
      state: 'VA',
      region: 'Southwest',
      public: true,
      eligibleBrands: ['VACR'],
    });
  });

  it('on a 409 while editing offers Reload, which shows the unit as saved now', async () => {
    mock({
      'PUT /api/v1/business-units/01jd7k2m3n4p5q6r7s8t9v0b01': () => ({
        status: 409,
        body: { statusCode: 409, message: 'Changed meanwhile.' },
      }),
      'GET /api/v1/business-units/01jd7k2m3n4p5q6r7s8t9v0b01': () => ({
        body: unit({ region: 'Fairfax', version: 3 }),
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<BusinessUnitDialog open unit={KEPT} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit George Mason University' });
    await user.click(within(dialog).getByRole('button', { name: 'Save business unit' }));
    expect(await within(dialog).findByText(/changed by someone else meanwhile/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Region' })).toHaveValue('Fairfax'));
    expect(within(dialog).queryByText(/changed by someone else meanwhile/)).not.toBeInTheDocument();
  });
});

describe('merging business units (issue 11 item 1)', () => {
  it('chooses the unit kept, confirms what happens, and finishes an interrupted merge', async () => {
    const answers: MergedBusinessUnit[] = [
      { mergedId: DUPLICATE.id, into: unit({ version: 3 }), usersMoved: 40, complete: false },
      { mergedId: DUPLICATE.id, into: unit({ version: 4 }), usersMoved: 2, complete: true },
    ];
    const spy = mock({
      'GET /api/v1/business-units': () => ({ body: { items: [DUPLICATE, KEPT], nextPageToken: null } }),
      'GET /api/v1/business-units/01jd7k2m3n4p5q6r7s8t9v0b02': () => ({ body: { ...DUPLICATE, version: 4 } }),
      'POST /api/v1/business-units/01jd7k2m3n4p5q6r7s8t9v0b02/merge': () => ({ body: answers.shift() }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MergeDialog open unit={DUPLICATE} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Merge George Mason Univ.' });
    await user.click(within(dialog).getByRole('button', { name: 'Review merge' }));
    const keep = within(dialog).getByRole('combobox', { name: /Business unit to keep/ });
    await waitFor(() => expect(keep).toHaveFocus());
    expect(keep).toHaveAccessibleDescription(/Choose the business unit to keep\./);
    expect(within(keep).queryByRole('option', { name: /George Mason Univ\./ })).not.toBeInTheDocument();

    await user.selectOptions(keep, 'George Mason University (VA)');
    await user.click(within(dialog).getByRole('button', { name: 'Review merge' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Merge George Mason Univ. into George Mason University?',
    });
    expect(within(confirm).getByText(/download history of George Mason Univ\. stays/)).toBeInTheDocument();
    expect(calledWith(spy, 'POST')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));

    expect(await within(dialog).findByText(/40 users moved to George Mason University/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finish merge' }));
    expect(await within(dialog).findByText(/2 users moved to George Mason University/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Finish merge' })).not.toBeInTheDocument();
    expect(calledWith(spy, 'POST').map((call) => call.body)).toEqual([
      { intoId: KEPT.id, version: 3, intoVersion: 2 },
      { intoId: KEPT.id, version: 4, intoVersion: 3 },
    ]);
  });
});
