import { describe, expect, it } from 'vitest';
import { IMAGE_ALT_MISSING_MESSAGE } from '#shared/contracts/html-images';
import { emptyDraft, validateDraft } from './content-draft.ts';

describe('validateDraft: images need alt text (issue 21 item 15, WCAG 1.1.1)', () => {
  const draft = { ...emptyDraft(), name: 'Lab' };

  it('puts the server’s message under the description and a section with an image lacking alt', () => {
    const errors = validateDraft({
      ...draft,
      description: '<p><img src="/a.png"></p>',
      sections: [{ draftKey: 's1', key: null, name: 'Diagram', description: '<img src="/b.png" title="x">' }],
    });
    expect(errors.description).toBe(IMAGE_ALT_MISSING_MESSAGE);
    expect(errors['sections.0.description']).toBe(IMAGE_ALT_MISSING_MESSAGE);
  });

  it('accepts described and explicitly decorative images', () => {
    const errors = validateDraft({
      ...draft,
      description: '<p><img src="/a.png" alt="A router"><img src="/b.png" alt=""></p>',
    });
    expect(errors).toEqual({});
  });
});
