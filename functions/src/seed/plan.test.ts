import { beforeAll, describe, expect, it } from 'vitest';
import { Content } from '#shared/contracts/content';
import { knownLicence } from '#shared/licences';
import { seedId } from '../domain/ids.ts';
import { DEFAULT_DATA_ROOT } from './import.ts';
import { planSeed, type SeedPlan } from './plan.ts';
import { readSeedSources, type SeedSources } from './sources.ts';

let sources: SeedSources;
let plan: SeedPlan;

beforeAll(async () => {
  sources = await readSeedSources(DEFAULT_DATA_ROOT);
  plan = planSeed(sources);
});

const byName = (name: string) => {
  const record = plan.content.find((item) => item.name === name);
  if (!record) throw new Error(`No planned content "${name}".`);
  return record;
};

describe('planSeed', () => {
  it('plans every source item: 60 + 81 content, 90 + 132 files, 12 + 9 contributors, 1180 + 2148 + 67 knowledge', () => {
    expect(plan.content).toHaveLength(60 + 81);
    expect(plan.files).toHaveLength(90 + 132);
    expect(plan.contributors).toHaveLength(12 + 9);
    const byType = (type: string) => plan.knowledge.filter((item) => item.type === type).length;
    expect([byType('KSA'), byType('TKS'), byType('KU')]).toEqual([1180, 2148, 67]);
  });

  it('gives the same ids on every run, so a second import adds nothing', () => {
    const again = planSeed(sources);
    expect(again.content.map((item) => item.id)).toEqual(plan.content.map((item) => item.id));
    expect(again.files.map((file) => file.id)).toEqual(plan.files.map((file) => file.id));
    expect(byName('PKI Lab').id).toBe(seedId('content', 'PKI Lab'));
  });

  it('plans parents before their children, with aliases prefixed by the parent alias', () => {
    const seen = new Set<string>();
    for (const record of plan.content) {
      if (record.parentId) expect(seen.has(record.parentId)).toBe(true);
      seen.add(record.id);
    }
    const lab = byName('Buffer Overflow Attack Lab (Set-UID Version)');
    expect(lab.urlAlias).toBe(
      'seed-labs-hands-on-labs-for-security-education/seed-labs-software-security/buffer-overflow-attack-lab-set-uid-version',
    );
    expect(lab.ancestorIds).toEqual([
      byName('SEED Labs: Hands-on Labs for Security Education').id,
      byName('SEED Labs – Software Security').id,
    ]);
  });

  it('numbers children in catalog order among their siblings, and lists them on the parent', () => {
    const module = byName('SEED Labs – Software Security');
    const children = plan.content.filter((item) => item.parentId === module.id);
    expect(children.map((child) => child.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(module.children).toEqual(children.map((child) => ({ id: child.id, index: child.index })));
  });

  it('maps a lab to an exercise tagged lab, and middle school to high school tagged middle school', () => {
    const lab = byName('Format String Attack Lab');
    expect(lab.categories).toEqual(['exercise']);
    expect(lab.category).toBe('exercise');
    expect(lab.tags).toContain('lab');
    expect(lab.educationLevels).toEqual(['universityundergraduate', 'graduatestudent']);
    const lesson = byName('Introduction to Cryptography');
    expect(lesson.educationLevels).toEqual(['highschool']);
    expect(lesson.tags).toContain('middle school');
  });

  it('splits over-long tags and reports each split', () => {
    expect(byName('Buffer Overflow Attack Lab (Set-UID Version)').tags).toEqual(
      expect.arrayContaining(['Address randomization', 'non-executable stack', 'StackGuard']),
    );
    expect(plan.content.every((item) => item.tags.every((tag) => tag.length <= 50))).toBe(true);
    const splits = plan.mappings.filter((note) => note.rule === 'normaliseTags: split');
    expect(splits.map((note) => note.from)).toContain('Return-to-libc attack and Return-Oriented Programming');
  });

  it('deduplicates contributors by name and school and keeps their order on each item', () => {
    const du = plan.contributors.filter((person) => person.lastName === 'Du');
    expect(du).toHaveLength(1);
    expect(du[0]).toMatchObject({ firstName: 'Wenliang', school: 'Syracuse University', email: null });
    const clickjacking = byName('Clickjacking Lab');
    expect(clickjacking.contributors.map((ref) => ref.index)).toEqual([0, 1, 2, 3]);
    expect(clickjacking.author).toBe('Collin Howland');
    const firstCatalogPeople = new Set(
      sources.catalog
        .filter((item) => item.collection === 'courseware')
        .flatMap((item) => item.contributors.map((person) => person.lastName)),
    );
    expect(
      plan.contributors
        .filter((person) => person.school === null && firstCatalogPeople.has(person.lastName))
        .map((p) => p.lastName)
        .sort(),
    ).toEqual(['Babb', 'House', 'Morrison', 'Shabram', 'Spady']);
  });

  it('derives includes from the shipped files and the time required', () => {
    expect(byName('PKI Lab').includes).toEqual(['Lab manual (PDF)', 'Lab manual (plain text)']);
    expect(byName('Introduction to Cybersecurity Concepts').includes).toEqual([
      'Lesson overview (Markdown)',
      'Lesson plan (Markdown)',
      'Time required: 20 minutes',
    ]);
  });

  it('keys file objects by ids only and types them by extension', () => {
    const pki = byName('PKI Lab');
    const files = plan.files.filter((file) => file.contentId === pki.id);
    expect(files.map((file) => [file.name, file.filename, file.type])).toEqual([
      ['Crypto_PKI', 'Crypto_PKI.pdf', 'application/pdf'],
      ['Crypto_PKI', 'Crypto_PKI.txt', 'text/plain; charset=utf-8'],
    ]);
    for (const file of files) expect(file.objectKey).toBe(`content/${pki.id}/${file.id}`);
  });

  it('resolves knowledge references against the right file, with names and positions', () => {
    const lab = byName('SEED Labs: Hands-on Labs for Security Education');
    const mapping = sources.mappings.find((entry) => entry.title === lab.name);
    expect(lab.ksas.map((ref) => ref.id)).toEqual(mapping?.ksas);
    const k0018 = plan.knowledge.filter((item) => item.id === 'K0018');
    expect(k0018.map((item) => item.type).sort()).toEqual(['KSA', 'TKS']);
    expect(lab.ksas[0]).toEqual({ id: 'K0070', name: expect.any(String), index: 0 });
    const ksaName = sources.ksa.find((statement) => statement.id === 'K0070')?.text;
    expect(lab.ksas[0]?.name).toBe(ksaName);
  });

  it('produces records the Content contract accepts, published, with escaped HTML and a plain summary', () => {
    for (const record of plan.content) expect(Content.safeParse(record).success).toBe(true);
    const module = byName('SEED Labs – Software Security');
    expect(module.status).toBe('published');
    expect(module.description.startsWith('<p>SEED lab category &quot;Software Security&quot;')).toBe(true);
    expect(module.summary.startsWith('SEED lab category "Software Security"')).toBe(true);
    expect(module.lastCuratedTimestamps).toEqual({ courseware: '2026-11-21' });
  });

  it('dates each item by its source history (first and last commit of its path), not by the day of the import', () => {
    // dates.json, from `git log` of seed-labs/seed-labs and MLHale/nebraska-gencyber-modules (SOURCES.md §3c).
    expect(byName('Race Condition Vulnerability Lab')).toMatchObject({
      createdTimestamp: '2020-09-26T14:08:04.991Z',
      modifiedTimestamp: '2020-12-26T15:38:09.991Z',
    });
    expect(byName('Introduction to Microbit').modifiedTimestamp.slice(0, 19)).toBe('2024-07-15T04:31:09');
    expect(byName('SEED Labs: Hands-on Labs for Security Education').modifiedTimestamp).toBe(
      '2026-07-29T12:36:01.999Z',
    );
    for (const item of sources.catalog.filter((entry) => entry.collection === 'courseware')) {
      const record = byName(item.title);
      const dated = sources.dates.find((entry) => entry.title === item.title);
      expect(record.modifiedTimestamp.slice(0, 19), item.title).toBe(dated?.modified.at.slice(0, 19));
      expect(record.createdTimestamp.slice(0, 19), item.title).toBe(dated?.created.at.slice(0, 19));
      expect(record.createdTimestamp <= record.modifiedTimestamp, item.title).toBe(true);
    }
    const days = new Set(plan.content.map((record) => record.modifiedTimestamp.slice(0, 10)));
    expect(days.size).toBeGreaterThan(20);
  });

  it('keeps the catalog order among items changed by the same commit', () => {
    const tasks = plan.content.filter((record) => record.name.startsWith('Secret-Key Encryption Lab – Task'));
    const byRecency = [...tasks].sort((a, b) => b.modifiedTimestamp.localeCompare(a.modifiedTimestamp));
    expect(byRecency.map((record) => record.name)).toEqual(tasks.map((record) => record.name));
  });

  it('dates an item its source does not date on the day the catalog was gathered, never the day of the import', () => {
    const undated = planSeed({ ...sources, dates: sources.dates.filter((entry) => entry.title !== 'PKI Lab') });
    const record = undated.content.find((item) => item.name === 'PKI Lab');
    const index = sources.catalog.findIndex((item) => item.title === 'PKI Lab');
    expect(record?.modifiedTimestamp).toBe(
      new Date(Date.parse('2026-11-21T00:00:00.000Z') + 999 - index).toISOString(),
    );
    expect(undated.mappings.find((note) => note.rule === 'SEED_UNDATED_TIMESTAMP')?.items).toEqual(['PKI Lab']);
  });

  it('refuses dates for a title the catalog lacks', () => {
    const stray = { ...(sources.dates[0] as (typeof sources.dates)[number]), title: 'No such lab' };
    expect(() => planSeed({ ...sources, dates: [...sources.dates, stray] })).toThrow(
      'dates.json names unknown title "No such lab".',
    );
  });

  it('cites every rule it applied', () => {
    const rules = new Set(plan.mappings.map((note) => note.rule));
    for (const rule of ['CATEGORY_MAP', 'EDUCATION_LEVEL_MAP', 'EXPERIENCE_LEVEL_MAP', 'STATEMENT_KIND_BY_ID_LETTER']) {
      expect(rules.has(rule), rule).toBe(true);
    }
    const lab = plan.mappings.find((note) => note.rule === 'CATEGORY_MAP' && note.from === 'lab');
    expect(lab?.count).toBe(29);
  });
});

describe('planSeed: courseware-extra (issue 24 item 0)', () => {
  const extra = () => {
    const titles = new Set(
      sources.catalog.filter((item) => item.collection === 'courseware-extra').map((item) => item.title),
    );
    return plan.content.filter((record) => titles.has(record.name));
  };

  it('plans its 81 items: 4 courses, 10 modules, 59 lessons, 8 exercises, with 132 files', () => {
    const items = extra();
    expect(items).toHaveLength(81);
    const count = (category: string) => items.filter((item) => item.category === category).length;
    expect([count('course'), count('module'), count('lesson'), count('exercise')]).toEqual([4, 10, 59, 8]);
    const files = plan.files.filter((file) => file.collection === 'courseware-extra');
    expect(files).toHaveLength(132);
    expect(new Set(plan.files.map((file) => file.id)).size).toBe(plan.files.length);
    expect(files.every((file) => file.sourcePath.includes('/courseware-extra/files/'))).toBe(true);
  });

  it('links each item to the parent its catalog names by title, parents first', () => {
    for (const item of sources.catalog.filter((entry) => entry.collection === 'courseware-extra')) {
      const record = byName(item.title);
      expect(record.parentId, item.title).toBe(item.parent === null ? null : byName(item.parent).id);
    }
    const quiz = byName('8.4 End of module quiz (AI security fundamentals)');
    const module = byName('Module 8: AI security fundamentals');
    expect(quiz.ancestorIds).toEqual([byName('Cybersecurity for Beginners – a curriculum').id, module.id]);
    expect(module.children.map((child) => child.id)).toContain(quiz.id);
    expect(quiz.urlAlias.startsWith(`${module.urlAlias}/`)).toBe(true);
  });

  it('keeps each source licence, source address and copyright notice as given', () => {
    const licences = (prefix: string) =>
      new Set(
        sources.catalog
          .filter((item) => item.collection === 'courseware-extra' && item.sourceUrl?.includes(prefix))
          .map((item) => byName(item.title).licence),
      );
    expect(licences('microsoft/Security-101')).toEqual(new Set(['CC0 1.0']));
    expect(licences('bkimminich/it-security-lecture')).toEqual(new Set(['CC BY-SA 4.0']));
    expect(licences('jaanos/kirv')).toEqual(new Set(['MIT']));
    expect(licences('OWASP/Top10')).toEqual(new Set(['CC BY-SA 4.0']));
    for (const item of sources.catalog.filter((entry) => entry.collection === 'courseware-extra')) {
      const record = byName(item.title);
      expect(record.sourceUrl, item.title).toBe(item.sourceUrl);
      expect(record.copyrightNotice, item.title).toBe(item.copyrightNotice ?? null);
    }
    const licenceNotes = plan.mappings.filter((note) => note.rule === 'licence (kept as given)');
    expect(Object.fromEntries(licenceNotes.map((note) => [note.from, note.count]))).toEqual({
      'CC BY-NC-SA 4.0': 60,
      'CC0 1.0': 41,
      'CC BY-SA 4.0': 25,
      MIT: 15,
    });
  });

  it('applies every estimated mapping of its mappings.json, and reports it', () => {
    const mapped = plan.mappings.filter(
      (note) => note.rule === 'mappings.json (estimated)' && note.from === 'courseware-extra/mappings.json',
    );
    expect(mapped).toHaveLength(1);
    expect(mapped[0]?.count).toBe(81);
    for (const record of extra()) {
      const mapping = sources.mappings.find((entry) => entry.title === record.name);
      expect(
        record.ksas.map((ref) => ref.id),
        record.name,
      ).toEqual(mapping?.ksas);
      expect(
        record.tkss.map((ref) => ref.id),
        record.name,
      ).toEqual(mapping?.tkss);
      expect(
        record.kus.map((ref) => ref.id),
        record.name,
      ).toEqual(mapping?.kus);
    }
    const total = (list: 'ksas' | 'tkss' | 'kus') => extra().reduce((sum, record) => sum + record[list].length, 0);
    expect([total('ksas'), total('tkss'), total('kus')]).toEqual([406, 451, 191]);
    // Work roles have no Content field: reported as not imported, 88 references.
    const roles = plan.mappings.filter((note) => note.rule === 'workRoles (not imported)');
    expect(roles.reduce((sum, note) => sum + note.count, 0)).toBeGreaterThanOrEqual(88);
  });

  it('types files by extension, agreeing with the catalog, and names what each item includes', () => {
    const types = new Set(
      plan.files.filter((file) => file.collection === 'courseware-extra').map((file) => file.type.split(';')[0]),
    );
    expect([...types].sort()).toEqual([
      'application/json',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/x-ipynb+json',
      'text/csv',
      'text/markdown',
      'text/x-python',
    ]);
    expect(byName('OWASP Top 10').includes).toEqual(['Text (Markdown)']);
    expect(byName('OWASP Top 10 – 2017: The Ten Most Critical Web Application Security Risks').includes).toEqual([
      'Slides (PowerPoint)',
      'Document (PDF)',
      'Document (Word)',
      'Text (Markdown)',
      'Workbook (Excel)',
    ]);
    const wrong = sources.catalog.map((item) =>
      item.title === 'OWASP Top 10'
        ? { ...item, files: item.files.map((file) => ({ ...file, type: 'application/pdf' })) }
        : item,
    );
    expect(() => planSeed({ ...sources, catalog: wrong })).toThrow(/is stated as application\/pdf/);
  });

  it('dates each item by its source snapshot commit, so none is new or updated unless its source changed lately', () => {
    expect(byName('Elliptic curves')).toMatchObject({
      createdTimestamp: expect.stringMatching(/^2022-12-27T00:00:00\.\d{3}Z$/),
      modifiedTimestamp: expect.stringMatching(/^2022-12-27T00:00:00\.\d{3}Z$/),
    });
    expect(byName('OWASP Top 10').modifiedTimestamp.slice(0, 10)).toBe('2026-08-05');
    const snapshot = plan.mappings.filter((note) => note.rule === 'SNAPSHOT_COMMIT_DATES');
    expect(snapshot.reduce((sum, note) => sum + note.count, 0)).toBe(81);
    expect(plan.mappings.some((note) => note.rule === 'SEED_UNDATED_TIMESTAMP')).toBe(false);
  });

  it('maps "high school" to highschool and keeps organisation authors as organisations', () => {
    const course = byName('Cybersecurity for Beginners – a curriculum');
    expect(course.educationLevels).toEqual(['highschool', 'universityundergraduate']);
    expect(course.author).toBe('Microsoft (organization)');
    const microsoft = plan.contributors.filter((person) => person.firstName === 'Microsoft');
    expect(microsoft).toEqual([expect.objectContaining({ lastName: '(organization)', school: null })]);
    const organisations = plan.mappings.filter((note) => note.rule === 'ORGANISATION_AUTHOR_LAST_NAME');
    expect(organisations.map((note) => note.from).sort()).toEqual([
      'Microsoft (organization)',
      'OWASP Foundation (organization)',
    ]);
  });
});

describe('planSeed: every licence of the seed catalogues is one the portal names and links (issue 24 item 0)', () => {
  it('knows each licence', () => {
    for (const record of plan.content) expect(knownLicence(record.licence), record.name).not.toBeNull();
  });
});
