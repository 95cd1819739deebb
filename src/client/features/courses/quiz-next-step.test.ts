import { describe, expect, it } from 'vitest';
import { hasPassed, nextStep, quizIntro } from './quiz-next-step.ts';

const quizzes = [
  { _id: 'm1-q1', title: 'First Steps', quizNumber: 1 },
  { _id: 'm2-q1', title: 'Numbers', quizNumber: 2 },
  { _id: 'm2-q2', title: 'Strings', quizNumber: 2 },
  { _id: 'm15-q1', title: 'Last One', quizNumber: 15 },
];
const titles = Array.from({ length: 15 }, (_, i) => `Module Title ${i + 1}`);

describe('after a quiz', () => {
  it("goes on to the module's next quiz", () => {
    expect(nextStep({ _id: 'm2-q1', quizNumber: 2 }, quizzes, titles)).toEqual({
      to: '/dashboard/quiz/m2-q2',
      label: 'Next: Strings Quiz',
    });
  });

  it("goes on to the next module's lesson after a module's last quiz, named when known", () => {
    expect(nextStep({ _id: 'm2-q2', quizNumber: 2 }, quizzes, titles)).toEqual({
      to: '/dashboard/lessons/module3',
      label: 'Next: Module Title 3 Lesson',
    });
    expect(nextStep({ _id: 'm1-q1', quizNumber: 1 }, undefined, undefined)).toEqual({
      to: '/dashboard/lessons/module2',
      label: 'Next: the module 2 lesson',
    });
  });

  it("offers nothing beyond Return to Dashboard after the course's last quiz", () => {
    expect(nextStep({ _id: 'm15-q1', quizNumber: 15 }, quizzes, titles)).toBeNull();
  });

  it('passes from the pass mark up', () => {
    expect(hasPassed(70)).toBe(true);
    expect(hasPassed(69)).toBe(false);
  });

  it('says how many questions, about how long, the pass mark and that it can be retaken', () => {
    expect(quizIntro(12)).toBe(
      '12 questions, about 9 minutes. 70% passes, and you can retake it as often as you like.',
    );
    expect(quizIntro(1)).toContain('about 1 minute.');
  });
});
