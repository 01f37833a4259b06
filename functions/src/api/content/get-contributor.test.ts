import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRIBUTOR_NOT_FOUND_MESSAGE, type Contributor } from '#shared/contracts/contributor';
import type { ContributorItem } from '../../data/items.ts';
import { jsonBody, loadEvent, withPathParameters } from '../../test-support/events.ts';
import { lambdaContext } from '../../test-support/stack.ts';
import { getContributor } from './get-contributor.ts';

// The route's contract with the data layer; the table itself is read over the emulators (access matrix).
const getContributorById = vi.hoisted(() => vi.fn<(id: string) => Promise<ContributorItem | null>>());
vi.mock('../../data/contributors.ts', () => ({ getContributorById }));

const DU: Contributor = {
  id: '01jd7k2m3n4p5q6r7s8t9v0w1d',
  prefix: 'Dr.',
  firstName: 'Wenliang',
  middleName: null,
  lastName: 'Du',
  suffix: null,
  title: 'Professor',
  school: 'Syracuse University',
  email: null,
  portraitFileId: null,
  version: 2,
};

beforeEach(() => {
  vi.stubEnv('VALIDATE_RESPONSES', 'true');
  getContributorById.mockReset();
});

describe('getContributor', () => {
  it("answers one contributor's profile by id, without the stored item's keys", async () => {
    // Prepare
    getContributorById.mockResolvedValue({ ...DU, pk: 'CONTRIBUTOR#x', sk: 'x' } as unknown as ContributorItem);
    // Act
    const result = await getContributor(loadEvent('content/get-contributor'), lambdaContext());
    // Assess
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual(DU);
    expect(getContributorById).toHaveBeenCalledWith(DU.id);
  });

  it('answers 404 "Contributor does not exist." for an unknown id', async () => {
    // Prepare
    getContributorById.mockResolvedValue(null);
    // Act
    const result = await getContributor(
      withPathParameters(loadEvent('content/get-contributor'), { id: '01jd7k2m3n4p5q6r7s8t9v0w1z' }),
      lambdaContext(),
    );
    // Assess
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result).message).toBe(CONTRIBUTOR_NOT_FOUND_MESSAGE);
  });

  it('answers 400 for an id that is not one', async () => {
    // Act
    const result = await getContributor(
      withPathParameters(loadEvent('content/get-contributor'), { id: 'not-an-id' }),
      lambdaContext(),
    );
    // Assess
    expect(result.statusCode).toBe(400);
    expect(getContributorById).not.toHaveBeenCalled();
  });
});
