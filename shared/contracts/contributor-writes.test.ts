import { describe, expect, it } from 'vitest';
import { CreateContributorRequest, UpdateContributorRequest } from './contributor.ts';

const valid = { firstName: 'Ada', lastName: 'Lovelace', school: 'GMU', email: 'ada@example.org' };

describe('CreateContributorRequest (spec §5 "Contributor")', () => {
  it('requires firstName, lastName, school and a valid email', () => {
    expect(CreateContributorRequest.safeParse(valid).success).toBe(true);
    for (const field of ['firstName', 'lastName', 'school', 'email'] as const) {
      expect(CreateContributorRequest.safeParse({ ...valid, [field]: ' ' }).success, field).toBe(false);
    }
    expect(CreateContributorRequest.safeParse({ ...valid, email: 'not-an-email' }).success).toBe(false);
  });

  it('stores blank optional fields as null', () => {
    expect(CreateContributorRequest.parse({ ...valid, prefix: ' ', title: 'Prof' })).toMatchObject({
      prefix: null,
      title: 'Prof',
      middleName: null,
    });
  });

  it('accepts 1000 characters in every field and refuses 1001', () => {
    for (const field of ['prefix', 'firstName', 'middleName', 'lastName', 'suffix', 'title', 'school'] as const) {
      expect(CreateContributorRequest.safeParse({ ...valid, [field]: 'x'.repeat(1000) }).success, field).toBe(true);
      expect(CreateContributorRequest.safeParse({ ...valid, [field]: 'x'.repeat(1001) }).success, field).toBe(false);
    }
  });

  it('needs the version on update', () => {
    expect(UpdateContributorRequest.safeParse(valid).success).toBe(false);
    expect(UpdateContributorRequest.safeParse({ ...valid, version: 1 }).success).toBe(true);
  });
});
