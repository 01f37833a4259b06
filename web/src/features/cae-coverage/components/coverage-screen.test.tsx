// @vitest-environment jsdom
import '../../../testing/setup.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Coverage } from '#shared/contracts/coverage';
import { mockApi } from '../../../testing/mock-api.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { CoverageScreen } from './coverage-screen.tsx';
import { WorksheetPage } from './worksheet-page.tsx';

/* The coverage screens (issue 27 items 2 and 3) against the `Coverage` contract. */

const ITEM = '01jd7k2m3n4p5q6r7s8t9c0001';
const COLLECTION = '01jd7k2m3n4p5q6r7s8t9k0001';

function coverage(overrides: Partial<Coverage['cae']> = {}): Coverage {
  return {
    subject: { kind: 'collection', id: COLLECTION, name: 'Intro course', itemCount: 1 },
    items: [{ id: ITEM, alias: 'intro/week-1', name: 'Week 1', files: ['slides.pdf'] }],
    cae: {
      programs: [
        {
          program: 'CAE-CD',
          coveredCount: 1,
          unitCount: 2,
          groups: [
            {
              group: 'Foundational',
              label: 'Foundational',
              coveredCount: 1,
              unitCount: 2,
              units: [
                {
                  id: 'CSF',
                  name: 'Cybersecurity Foundations',
                  covered: true,
                  items: [ITEM],
                  addressedCount: 1,
                  outcomes: [
                    { index: 0, text: 'Describe the concepts.', addressedBy: [ITEM] },
                    { index: 1, text: 'Formulate how people build it.', addressedBy: [] },
                  ],
                },
                {
                  id: 'CSP',
                  name: 'Cybersecurity Principles',
                  covered: false,
                  items: [],
                  addressedCount: 0,
                  outcomes: [],
                },
              ],
            },
          ],
        },
      ],
      coveredCount: 1,
      unitCount: 2,
      gaps: [
        {
          program: 'CAE-CD',
          group: 'Foundational',
          label: 'Foundational',
          units: [{ id: 'CSP', name: 'Cybersecurity Principles' }],
        },
      ],
      unknownUnits: [],
      ...overrides,
    },
    nice: {
      roles: [
        {
          id: 'OG-WRL-001',
          generation: '2.1.0',
          name: 'Cybersecurity Policy and Planning',
          category: { id: 'OG', name: 'Oversight and Governance' },
          statementCount: 4,
          coveredCount: 1,
          share: 0.25,
          coveredStatements: ['K0018'],
          missingStatements: ['K0001', 'K0002', 'K0003'],
        },
      ],
      roleCounts: { '2017': 52, '2.1.0': 41 },
    },
  } as Coverage;
}

describe('the coverage screen (issue 27 item 2)', () => {
  it('lists the KUs per group with their items and outcomes, the gaps and the NICE roles', async () => {
    const user = userEvent.setup();
    mockApi(() => ({ body: coverage() }));
    renderWithProviders(<CoverageScreen target={{ kind: 'collection', id: COLLECTION }} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'CAE and NICE coverage: Intro course' })).toBeVisible();
    const table = screen.getByRole('table', { name: /CAE-CD Foundational: 1 of 2 knowledge units covered/ });
    const row = within(table).getByRole('row', { name: /CSF/ });
    expect(within(row).getByRole('link', { name: 'Week 1' })).toHaveAttribute('href', '/courseware/intro/week-1');
    expect(row).toHaveTextContent('1 of 2');
    expect(row).toHaveTextContent('Describe the concepts.');
    const gaps = screen.getByRole('heading', { name: 'Not covered' }).parentElement;
    expect(gaps).toHaveTextContent('CSP Cybersecurity Principles');
    expect(screen.getByRole('table', { name: /Work roles served \(NICE v2\.1\.0\)/ })).toHaveTextContent('25%');
    await user.click(screen.getByRole('button', { name: 'NICE 2017' }));
    expect(screen.getByText('No work role of this generation is served by these items.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download CAE worksheet (xlsx)' })).toBeVisible();
  });

  it('says so when no CAE KU is mapped', async () => {
    mockApi(() => ({ body: coverage({ coveredCount: 0, gaps: [] }) }));
    renderWithProviders(<CoverageScreen target={{ kind: 'content', idOrAlias: 'intro' }} />);
    expect(await screen.findByText('No CAE knowledge units are mapped yet.')).toBeVisible();
  });

  it('offers Retry when the report cannot be loaded', async () => {
    mockApi(() => ({ status: 503, body: { statusCode: 503, message: 'Unavailable' } }));
    renderWithProviders(<CoverageScreen target={{ kind: 'content', idOrAlias: 'intro' }} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('says a collection that is gone or not shared is not there (404), without Retry', async () => {
    mockApi(() => ({ status: 404, body: { statusCode: 404, message: 'Not found' } }));
    renderWithProviders(<CoverageScreen target={{ kind: 'collection', id: COLLECTION }} />);
    expect(await screen.findByText('This collection does not exist or is not shared with you.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('the printable worksheet (issue 27 item 3)', () => {
  it('maps KU to course items, outcomes and evidence, with Print', async () => {
    mockApi(() => ({ body: coverage() }));
    renderWithProviders(<WorksheetPage id={COLLECTION} />);
    const table = await screen.findByRole('table', { name: /CAE-CD program-of-study mapping/ });
    const row = within(table).getByRole('row', { name: /CSF/ });
    expect(row).toHaveTextContent('Week 1');
    expect(row).toHaveTextContent('Describe the concepts.');
    expect(row).toHaveTextContent('Files: slides.pdf');
    expect(screen.getByRole('button', { name: 'Print' })).toBeVisible();
  });

  it('offers Retry when the worksheet cannot be loaded', async () => {
    mockApi(() => ({ status: 503, body: { statusCode: 503, message: 'Unavailable' } }));
    renderWithProviders(<WorksheetPage id={COLLECTION} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeVisible();
    expect(screen.getByText('The worksheet could not be loaded')).toBeVisible();
  });
});
