// @vitest-environment jsdom
import '../../../../testing/setup.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Knowledge } from '#shared/contracts/knowledge';
import { bufferOverflowDetail } from '../../../../testing/fixtures.ts';
import { calledWith } from '../../../../testing/mock-api.ts';
import { PERSONAS, storeSession } from '../../../../testing/session.ts';
import { mockEditorApi, renderEditorRoutes } from '../../testing/editor-test-kit.tsx';
import { emptyDraft, errorsFromServer, kuOutcomesDraftOf, kuOutcomesOf } from './content-draft.ts';

/* Outcome mapping by editors (issue 27 item 4): the checkboxes under each chosen KU. */

const PATH = '/courseware/seed-labs/software-security/buffer-overflow-setuid';
const KUS: Knowledge[] = [
  {
    id: 'CO-M.1',
    type: 'KU',
    name: 'Low Level Programming Languages',
    program: 'CAE-CO',
    group: 'Mandatory',
    outcomes: ['Write a program in assembly.', 'Explain the stack.', 'Use a debugger.'],
  },
  { id: 'CO-M.9', type: 'KU', name: 'Vulnerabilities', program: 'CAE-CO', group: 'Mandatory', outcomes: [] },
];

function saves(spy: ReturnType<typeof mockEditorApi>['spy']) {
  return calledWith(spy, 'POST').filter((call) => call.path === '/api/v1/content-saves');
}

describe('KU outcomes in the editor (issue 27 item 4)', () => {
  it('lists the outcomes of each chosen KU and saves the ticked ones with the item', async () => {
    const user = userEvent.setup();
    const api = mockEditorApi(
      bufferOverflowDetail({ status: 'unpublished', kuOutcomes: [{ kuId: 'CO-M.1', outcomes: [2] }] }),
      { knowledge: KUS },
    );
    storeSession(PERSONAS.editor());
    renderEditorRoutes(PATH);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit content' });
    const group = await within(form).findByRole('group', {
      name: 'Outcomes this item addresses: CO-M.1 Low Level Programming Languages',
    });
    expect(within(group).getByRole('checkbox', { name: 'Use a debugger.' })).toBeChecked();
    expect(within(form).getByRole('group', { name: /CO-M\.9 Vulnerabilities/ })).toHaveTextContent(
      'This knowledge unit lists no outcomes.',
    );
    expect(within(form).getByRole('group', { name: /LLP/ })).toHaveTextContent(
      'This knowledge unit is not in the catalogue.',
    );
    await user.click(within(group).getByRole('checkbox', { name: 'Write a program in assembly.' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Explain the stack.' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Use a debugger.' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(api.spy)).toHaveLength(1));
    expect(saves(api.spy)[0]?.body).toMatchObject({
      fields: { kuOutcomes: [{ kuId: 'CO-M.1', outcomes: [0, 1] }] },
    });
  });
});

describe('the draft of KU outcomes', () => {
  it('sends the KUs still chosen, in their order, indexes ascending, none for empty marks', () => {
    const draft = { kus: ['B', 'A'], kuOutcomes: { A: [3, 1], B: [], C: [0] } };
    expect(kuOutcomesOf(draft)).toEqual([{ kuId: 'A', outcomes: [1, 3] }]);
    expect(kuOutcomesDraftOf(undefined)).toEqual({});
    expect(kuOutcomesDraftOf([{ kuId: 'A', outcomes: [1] }])).toEqual({ A: [1] });
  });

  it("puts the server's outcome messages on the KU outcomes field, naming the KU", () => {
    const draft = { ...emptyDraft(), kus: ['A'], kuOutcomes: { A: [9] } };
    const { errors } = errorsFromServer(
      [{ path: 'body.fields.kuOutcomes.0.outcomes.0', message: 'No such outcome.' }],
      {
        draft,
      },
    );
    expect(errors.kuOutcomes).toBe('A: No such outcome.');
  });
});
