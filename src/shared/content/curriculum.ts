/**
 * The fixed list of modules from SPEC section 3. Titles and counts are part of the product (pricing,
 * dashboard, curriculum breakdown), so content files must match this list, never the other way round.
 */
export interface CurriculumModule {
  readonly number: number;
  readonly title: string;
  readonly quizCount: number;
  readonly handsOnCount: number;
  /** Folder under content/modules/ (content/README.md). */
  readonly folder: string;
}

function entry(
  number: number,
  title: string,
  quizCount: number,
  handsOnCount: number,
  folder: string,
): CurriculumModule {
  return Object.freeze({ number, title, quizCount, handsOnCount, folder });
}

export const CURRICULUM: readonly CurriculumModule[] = Object.freeze([
  entry(1, 'Introduction to Python', 1, 3, '01-introduction-to-python'),
  entry(2, 'Basic Concepts and Operations', 3, 5, '02-basic-concepts-and-operations'),
  entry(3, 'Control Flow', 3, 6, '03-control-flow'),
  entry(4, 'Functions', 3, 6, '04-functions'),
  entry(5, 'Data Collections', 3, 5, '05-data-collections'),
  entry(6, 'Strings and Their Manipulations', 3, 3, '06-strings-and-their-manipulations'),
  entry(7, 'Basic File Handling', 3, 3, '07-basic-file-handling'),
  entry(8, 'Error and Exception Handling', 3, 5, '08-error-and-exception-handling'),
  entry(9, 'Advanced Data Collections', 3, 5, '09-advanced-data-collections'),
  entry(10, 'Modules and Packages', 3, 3, '10-modules-and-packages'),
  entry(11, 'Intermediate File Handling', 3, 3, '11-intermediate-file-handling'),
  entry(12, 'Object-Oriented Programming (OOP)', 3, 3, '12-object-oriented-programming-oop'),
  entry(13, 'Functional Programming Concepts', 3, 5, '13-functional-programming-concepts'),
  entry(14, 'Python Standard Library Exploration', 3, 3, '14-python-standard-library-exploration'),
  entry(15, 'Algorithms and Data Structures', 3, 3, '15-algorithms-and-data-structures'),
]);

/** Every module has exactly one lesson (SPEC section 3). */
export const LESSONS_PER_MODULE = 1;

export const TOTAL_QUIZZES = CURRICULUM.reduce((sum, m) => sum + m.quizCount, 0);
export const TOTAL_EXERCISES = CURRICULUM.reduce((sum, m) => sum + m.handsOnCount, 0);

export function curriculumModule(number: number): CurriculumModule | undefined {
  return CURRICULUM.find((m) => m.number === number);
}
