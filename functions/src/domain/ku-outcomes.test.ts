import { describe, expect, it } from 'vitest';
import { KuOutcomesInput, PatchContentRequest } from '#shared/contracts/content';
import { contentRecord } from '../test-support/content-record.ts';
import { contentAuditChange } from './content-audit.ts';
import {
  applyContentChanges,
  type ContentReferences,
  KU_NOT_MAPPED_MESSAGE,
  kuOutcomeErrors,
  kuOutcomesAfter,
  LISTED_TWICE_MESSAGE,
  outcomeMissingMessage,
} from './content-edit.ts';
import { diffContent } from './revision-diff.ts';

/* The outcomes of an item's KUs that editors mark (issue 27 item 4, decision record 081). */

const NOW = new Date('2026-11-29T08:00:00.000Z');
const refs: ContentReferences = {
  contributorNames: new Map(),
  knowledgeNames: new Map([
    ['KU#CD-BCY', 'Basic Cyber Operations'],
    ['KU#CD-NET', 'Networking'],
  ]),
  kuOutcomes: new Map([
    ['CD-BCY', ['Describe a', 'Explain b', 'Use c']],
    ['CD-NET', ['Draw a network']],
  ]),
};
const withKus = contentRecord('Mapped', {
  kus: [
    { id: 'CD-BCY', name: 'Basic Cyber Operations', index: 0 },
    { id: 'CD-NET', name: 'Networking', index: 1 },
  ],
  kuOutcomes: [
    { kuId: 'CD-BCY', outcomes: [0, 2] },
    { kuId: 'CD-NET', outcomes: [0] },
  ],
});

describe('KuOutcomesInput (the contract)', () => {
  it('accepts entries of KU ids and whole indexes (the server checks repeats)', () => {
    expect(KuOutcomesInput.safeParse([{ kuId: 'CD-BCY', outcomes: [2, 0] }]).success).toBe(true);
  });

  it('refuses negative and fractional indexes, and is optional on a patch', () => {
    expect(KuOutcomesInput.safeParse([{ kuId: 'CD-BCY', outcomes: [-1] }]).success).toBe(false);
    expect(KuOutcomesInput.safeParse([{ kuId: 'CD-BCY', outcomes: [0.5] }]).success).toBe(false);
    expect(PatchContentRequest.safeParse({ version: 1 }).success).toBe(true);
  });
});

describe('kuOutcomeErrors', () => {
  it('finds nothing for outcomes of the kept KUs that exist', () => {
    expect(kuOutcomeErrors(withKus, { kuOutcomes: [{ kuId: 'CD-BCY', outcomes: [0, 1, 2] }] }, refs, 'body.')).toEqual(
      [],
    );
  });

  it('refuses a KU the item does not keep and an index the KU lacks', () => {
    const changes = {
      kuOutcomes: [
        { kuId: 'CD-NET', outcomes: [0, 1] },
        { kuId: 'CD-OTHER', outcomes: [0] },
      ],
    };
    expect(kuOutcomeErrors(withKus, changes, refs, 'body.fields.')).toEqual([
      { path: 'body.fields.kuOutcomes.0.outcomes.1', message: outcomeMissingMessage('CD-NET', 1) },
      { path: 'body.fields.kuOutcomes.1.kuId', message: KU_NOT_MAPPED_MESSAGE },
    ]);
  });

  it('refuses an index listed twice and a KU listed twice, at their second place', () => {
    const changes = {
      kuOutcomes: [
        { kuId: 'CD-BCY', outcomes: [1, 1] },
        { kuId: 'CD-BCY', outcomes: [0] },
      ],
    };
    expect(kuOutcomeErrors(withKus, changes, refs, 'body.')).toEqual([
      { path: 'body.kuOutcomes.0.outcomes.1', message: LISTED_TWICE_MESSAGE },
      { path: 'body.kuOutcomes.1.kuId', message: LISTED_TWICE_MESSAGE },
    ]);
  });

  it('says once that a repeated missing index is missing', () => {
    const changes = { kuOutcomes: [{ kuId: 'CD-NET', outcomes: [4, 4] }] };
    expect(kuOutcomeErrors(withKus, changes, refs, 'body.')).toEqual([
      { path: 'body.kuOutcomes.0.outcomes.1', message: LISTED_TWICE_MESSAGE },
      { path: 'body.kuOutcomes.0.outcomes.0', message: outcomeMissingMessage('CD-NET', 1) },
    ]);
  });

  it('refuses any index of a KU without outcomes', () => {
    const bare = contentRecord('Bare', { kus: [{ id: 'CD-X', name: 'X', index: 0 }] });
    expect(kuOutcomeErrors(bare, { kuOutcomes: [{ kuId: 'CD-X', outcomes: [0] }] }, refs, 'body.')).toEqual([
      { path: 'body.kuOutcomes.0.outcomes.0', message: 'CD-X has no outcomes.' },
    ]);
  });
});

describe('kuOutcomesAfter and applyContentChanges', () => {
  it('orders entries as kus, sorts indexes and leaves out empty entries', () => {
    expect(
      kuOutcomesAfter(withKus.kus, [
        { kuId: 'CD-NET', outcomes: [0] },
        { kuId: 'CD-BCY', outcomes: [2, 1] },
        { kuId: 'CD-NET', outcomes: [] },
      ]),
    ).toEqual([
      { kuId: 'CD-BCY', outcomes: [1, 2] },
      { kuId: 'CD-NET', outcomes: [0] },
    ]);
    expect(kuOutcomesAfter(withKus.kus, [{ kuId: 'CD-BCY', outcomes: [] }])).toEqual([]);
  });

  it('keeps the stored outcomes on a patch that does not send them', () => {
    const record = applyContentChanges(withKus, { name: 'Renamed' }, 'patch', refs, NOW);
    expect(record.kuOutcomes).toEqual(withKus.kuOutcomes);
  });

  it('drops the outcomes of a KU a patch removes', () => {
    const record = applyContentChanges(withKus, { kus: [{ id: 'CD-NET', index: 0 }] }, 'patch', refs, NOW);
    expect(record.kuOutcomes).toEqual([{ kuId: 'CD-NET', outcomes: [0] }]);
  });

  it('replaces them with what an edit sends, and a replace without them empties them (absent)', () => {
    const edited = applyContentChanges(
      withKus,
      { kuOutcomes: [{ kuId: 'CD-BCY', outcomes: [1] }] },
      'patch',
      refs,
      NOW,
    );
    expect(edited.kuOutcomes).toEqual([{ kuId: 'CD-BCY', outcomes: [1] }]);
    const replaced = applyContentChanges(
      withKus,
      { name: 'X', description: '<p>x</p>', kus: [{ id: 'CD-BCY', index: 0 }] },
      'replace',
      refs,
      NOW,
    );
    expect(replaced).not.toHaveProperty('kuOutcomes');
  });
});

describe('audit and revision diff', () => {
  it('records a change of the outcomes addressed', () => {
    const after = { ...withKus, kuOutcomes: [{ kuId: 'CD-BCY', outcomes: [0] }] };
    const change = contentAuditChange(withKus, after);
    expect(change.after).toEqual({ kuOutcomes: [{ kuId: 'CD-BCY', outcomes: [0] }] });
  });

  it('lists outcomes added and removed, counting from 1', () => {
    const after = { ...withKus, kuOutcomes: [{ kuId: 'CD-BCY', outcomes: [0, 1] }] };
    expect(diffContent(withKus, after).lists.kuOutcomes).toEqual({
      added: ['CD-BCY outcome 2'],
      removed: ['CD-BCY outcome 3', 'CD-NET outcome 1'],
    });
  });
});
