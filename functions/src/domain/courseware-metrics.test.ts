import { describe, expect, it } from 'vitest';
import { coursewareMetricsOf, emptyCoursewareMetrics, type MetricsContent } from './courseware-metrics.ts';

function item(overrides: Partial<MetricsContent> = {}): MetricsContent {
  return {
    categories: [],
    experienceLevels: [],
    educationLevels: [],
    tags: [],
    ksas: [],
    kus: [],
    tkss: [],
    ...overrides,
  };
}

describe('coursewareMetricsOf', () => {
  it('answers every count zero for no courseware', () => {
    const metrics = coursewareMetricsOf([]);
    expect(metrics).toEqual(emptyCoursewareMetrics());
    expect(Object.keys(metrics.categoryCounts)).toEqual(['course', 'module', 'lesson', 'exercise', 'environment']);
    expect(Object.values(metrics.experienceLevelCounts).every((count) => count === 0)).toBe(true);
    expect(Object.keys(metrics.educationLevelCounts)).toHaveLength(4);
  });

  it('counts an item once in each of its categories and levels', () => {
    const metrics = coursewareMetricsOf([
      item({ categories: ['module', 'lesson'], experienceLevels: ['beginner', 'advanced'] }),
      item({ categories: ['lesson'], educationLevels: ['highschool', 'graduatestudent', 'highschool'] }),
    ]);
    expect(metrics.totalCourseware).toBe(2);
    expect(metrics.categoryCounts).toMatchObject({ module: 1, lesson: 2, course: 0 });
    expect(metrics.experienceLevelCounts).toMatchObject({ beginner: 1, advanced: 1, intermediate: 0 });
    expect(metrics.educationLevelCounts).toMatchObject({ highschool: 1, graduatestudent: 1 });
  });

  it('counts homework as assignments and quizzes or exams as quizzes, once per item, ignoring case', () => {
    const metrics = coursewareMetricsOf([
      item({ tags: ['Homework', 'lab'] }),
      item({ tags: ['quizzes', 'exams'] }),
      item({ tags: ['EXAMS'] }),
      item({ tags: ['homeworks', 'quiz'] }),
    ]);
    expect(metrics.assignmentCount).toBe(1);
    expect(metrics.quizCount).toBe(2);
  });

  it('counts linkages as the KSA, KU and TKS mappings together', () => {
    const metrics = coursewareMetricsOf([item({ ksas: [{}, {}], kus: [{}], tkss: [] }), item({ tkss: [{}, {}, {}] })]);
    expect(metrics.linkagesCount).toBe(6);
  });

  it('ignores values outside the enumerations', () => {
    const metrics = coursewareMetricsOf([item({ categories: ['toString', 'course'], experienceLevels: ['expert'] })]);
    expect(metrics.categoryCounts).toEqual({ course: 1, module: 0, lesson: 0, exercise: 0, environment: 0 });
    expect(Object.keys(metrics.experienceLevelCounts)).not.toContain('expert');
  });
});
