// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompetencyArea, WorkRole } from '#shared/contracts/work-role';
import { calledUrls, type MockResponse, mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { WorkRolePicker } from './work-role-picker.tsx';
import { WorkRoleScreen } from './work-role-screen.tsx';
import { WorkRolesScreen } from './work-roles-screen.tsx';

const ARCHITECTURE: WorkRole = {
  id: 'DD-WRL-001',
  generation: '2.1.0',
  name: 'Cybersecurity Architecture',
  description: 'Responsible for ensuring that security requirements are adequately addressed.',
  category: { id: 'DD', name: 'Design and Development', description: 'Conducts research and designs.' },
  opmCodes: ['652'],
  statements: ['K0018', 'S0022', 'T0084'],
};
const DEFENSIVE: WorkRole = {
  id: 'PD-WRL-001',
  generation: '2.1.0',
  name: 'Defensive Cybersecurity',
  description: 'Defends.',
  category: { id: 'PD', name: 'Protection and Defense' },
  opmCodes: ['511'],
  statements: ['K0001'],
};
const AUTHORIZING: WorkRole = {
  id: 'SP-RSK-001',
  generation: '2017',
  name: 'Authorizing Official/Designating Representative',
  description: 'Senior official.',
  category: { id: 'SP', name: 'Securely Provision' },
  specialtyArea: { id: 'RSK', name: 'Risk Management' },
  opmCodes: ['611'],
  statements: ['A0028', 'K0018'],
  tasks2017: ['T0145'],
};
const AREA: CompetencyArea = { id: 'NF-COM-001', name: 'Access Controls', description: 'Who may use what.' };

function listAnswer(url: URL): MockResponse {
  const generation = url.searchParams.get('generation');
  const items = [AUTHORIZING, ARCHITECTURE, DEFENSIVE].filter((role) => !generation || role.generation === generation);
  return { body: { items, competencyAreas: [AREA] } };
}

function api(extra: (url: URL) => MockResponse | undefined = () => undefined) {
  return mockApi((url) => {
    const answer = extra(url);
    if (answer) return answer;
    if (url.pathname === '/api/v1/work-roles') return listAnswer(url);
    if (url.pathname.startsWith('/api/v1/work-roles/')) {
      const id = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      const role = [AUTHORIZING, ARCHITECTURE, DEFENSIVE].find((one) => one.id === id);
      return role ? { body: role } : { status: 404, body: { statusCode: 404, message: 'Work role does not exist.' } };
    }
    if (url.pathname === '/api/v1/knowledge') {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const type = url.searchParams.get('type');
      return {
        body: {
          items: ids.map((id) => ({ id, type, name: `Text of ${id}` })),
          nextPageToken: null,
        },
      };
    }
    return { body: { items: [] } };
  });
}

describe('WorkRolesScreen (issue 27 item 1)', () => {
  it('lists v2.1.0 roles by category with their statement counts and the competency areas, and switches to 2017', async () => {
    const spy = api();
    const { router } = renderWithProviders(<WorkRolesScreen />, { path: '/work-roles' });
    expect(screen.getByRole('status', { name: 'Loading the work roles' })).toBeInTheDocument();
    const design = await screen.findByRole('list', { name: 'Work roles in Design and Development' });
    const link = within(design).getByRole('link', { name: 'Cybersecurity Architecture' });
    expect(link).toHaveAttribute('href', '/work-roles/DD-WRL-001');
    expect(design).toHaveTextContent('DD-WRL-001 · 3 statements');
    expect(screen.getByRole('list', { name: 'Work roles in Protection and Defense' })).toHaveTextContent('1 statement');
    expect(screen.getByRole('heading', { level: 2, name: 'Competency areas' })).toBeInTheDocument();
    expect(screen.getByText('Access Controls')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'NICE Framework Components v2.1.0' })).toBeChecked();
    expect(calledUrls(spy)).toContain('/api/v1/work-roles?generation=2.1.0');

    await userEvent.setup().click(screen.getByRole('radio', { name: 'NICE 2017' }));
    const risk = await screen.findByRole('list', { name: 'Work roles in Risk Management' });
    expect(within(risk).getByRole('link', { name: AUTHORIZING.name })).toHaveAttribute(
      'href',
      '/work-roles/SP-RSK-001',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Securely Provision' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Competency areas' })).toBeNull();
    expect(router.state.location.search).toBe('?generation=2017');
  });

  it('says when there are none, and offers Retry after an error', async () => {
    let calls = 0;
    api((url) => {
      if (url.pathname !== '/api/v1/work-roles') return undefined;
      calls += 1;
      return calls === 1
        ? { status: 500, body: { statusCode: 500, message: 'Broken.' } }
        : { body: { items: [], competencyAreas: [] } };
    });
    renderWithProviders(<WorkRolesScreen />, { path: '/work-roles' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No work roles of this generation yet.')).toBeInTheDocument();
  });
});

describe('WorkRoleScreen (issue 27 item 1)', () => {
  it('shows the role, its facts, its statements by kind with their texts and the courseware link', async () => {
    api();
    renderWithProviders(<WorkRoleScreen id="DD-WRL-001" />, { path: '/work-roles/DD-WRL-001' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cybersecurity Architecture' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find courseware for this role' })).toHaveAttribute(
      'href',
      '/courseware?workRole=DD-WRL-001',
    );
    expect(screen.getByText('Design and Development')).toBeInTheDocument();
    expect(screen.getByText('652')).toBeInTheDocument();
    const tasks = await screen.findByRole('list', { name: 'Tasks statements' });
    expect(tasks).toHaveTextContent('T0084Text of T0084');
    expect(screen.getByRole('list', { name: 'Knowledge statements' })).toHaveTextContent('K0018Text of K0018');
    expect(screen.getByRole('list', { name: 'Skills statements' })).toHaveTextContent('S0022Text of S0022');
    expect(screen.queryByRole('list', { name: 'Abilities statements' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Work roles' })).toHaveAttribute('href', '/work-roles');
  });

  it('shows a 2017 role’s specialty area and abilities', async () => {
    api();
    renderWithProviders(<WorkRoleScreen id="SP-RSK-001" />, { path: '/work-roles/SP-RSK-001' });
    expect(await screen.findByText('Risk Management')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Abilities statements' })).toHaveTextContent('A0028');
  });

  it('says when the role does not exist', async () => {
    api();
    renderWithProviders(<WorkRoleScreen id="XX-XXX-999" />, { path: '/work-roles/XX-XXX-999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Work role not found' })).toBeInTheDocument();
  });
});

describe('WorkRolePicker (issue 27 item 1)', () => {
  it('shows the active role as a removable tag and chooses another from the grouped select', async () => {
    api();
    const changes: (string | undefined)[] = [];
    renderWithProviders(<WorkRolePicker value="DD-WRL-001" onValueChange={(value) => changes.push(value)} />);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: 'Work role' });
    expect(await screen.findByText('Work role: Cybersecurity Architecture')).toBeInTheDocument();
    expect(
      within(select).getByRole('group', { name: 'NICE 2017 – Securely Provision: Risk Management' }),
    ).toBeInTheDocument();
    await user.selectOptions(select, 'PD-WRL-001');
    await user.click(screen.getByRole('button', { name: 'Remove work role filter' }));
    expect(changes).toEqual(['PD-WRL-001', undefined]);
  });
});
