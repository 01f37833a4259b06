/**
 * Course and lesson sizes of spec §9, which the content categories page (spec §2.8)
 * and the call for courseware describe. Hours are hours of instruction.
 */
export const COURSE_SIZES = {
  /** A module is 3 to 6 lessons. */
  moduleLessons: { min: 3, max: 6 },
  /** A course is a semester of 3.0 credit hours or more. */
  courseCreditHoursMin: 3,
  oneDayCourseHours: 8,
  twoDayCourseHours: 16,
  /** A course with labs has 5 to 15 labs … */
  labsPerCourse: { min: 5, max: 15 },
  /** … each 1 to 6 hours. */
  labHours: { min: 1, max: 6 },
} as const;

/** The six kinds of content of spec §2.8, in its order. */
export const CONTENT_CATEGORY_KINDS = [
  'fullCourseWithLabs',
  'fullCourseWithoutLabs',
  'module',
  'oneDayCourse',
  'twoDayCourse',
  'singleLab',
] as const;
export type ContentCategoryKind = (typeof CONTENT_CATEGORY_KINDS)[number];

const { moduleLessons, courseCreditHoursMin, oneDayCourseHours, twoDayCourseHours, labsPerCourse, labHours } =
  COURSE_SIZES;
const credits = courseCreditHoursMin.toFixed(1);

/** Name, size (from `COURSE_SIZES`) and what each kind holds. */
export const CONTENT_CATEGORIES: Readonly<
  Record<ContentCategoryKind, { readonly name: string; readonly size: string; readonly holds: string }>
> = {
  fullCourseWithLabs: {
    name: 'Full course with labs',
    size: `A semester course of ${credits} credit hours or more, with ${labsPerCourse.min} to ${labsPerCourse.max} hands-on labs of ${labHours.min} to ${labHours.max} hours each.`,
    holds:
      'A syllabus, lesson plans, presentation slides with speaker notes, homework assignments and assessments, and the labs with their student instructions and instructor guides.',
  },
  fullCourseWithoutLabs: {
    name: 'Full course without labs',
    size: `A semester course of ${credits} credit hours or more.`,
    holds:
      'A syllabus, lesson plans, presentation slides with speaker notes, readings, homework assignments and assessments.',
  },
  module: {
    name: 'Module',
    size: `${moduleLessons.min} to ${moduleLessons.max} lessons of related material, taught on its own or as part of a course.`,
    holds:
      'A module description (a summary paragraph, the learning objectives and the list of lessons, labs and homework), lesson plans and presentation slides; hands-on labs are welcome.',
  },
  oneDayCourse: {
    name: 'One-day course',
    size: `${oneDayCourseHours} hours of instruction.`,
    holds: 'A schedule for the day, the presentation slides and the exercises, ready for a workshop or a training day.',
  },
  twoDayCourse: {
    name: 'Two-day course',
    size: `${twoDayCourseHours} hours of instruction over two days.`,
    holds: 'A schedule for both days, the presentation slides and the exercises.',
  },
  singleLab: {
    name: 'Single lab',
    size: `One hands-on lab of ${labHours.min} to ${labHours.max} hours.`,
    holds: 'Student instructions, an instructor guide with the solution, and what the lab needs on the range.',
  },
};
