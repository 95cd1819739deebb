import { Link } from 'react-router';
import type { LessonReply } from '#shared/api/lesson.schema.ts';
import { exerciseAnchor } from '#shared/routes.ts';
import { useSavedExercises } from '#client/features/runner/use-exercise-progress.ts';
import { useQuizScores } from './courses-api.ts';
import { onJump } from './lesson-jump.ts';
import { QUIZ_PASS_MARK } from '#shared/quiz-rules.ts';
import { hasPassed, quizLength } from './quiz-next-step.ts';
import styles from './lesson-page.module.css';

/**
 * The lesson's end leads somewhere (issue 35): what is left in this module (the exercises not yet
 * solved, the quiz with its length and pass mark) and the next module. Until the learner's progress
 * has arrived (and on the page the server draws, which has none) it names the steps without saying
 * which are done, so the first render in the browser matches the server's.
 */
export function LessonNextSteps({ lesson }: { lesson: LessonReply }) {
  const saved = useSavedExercises();
  const scores = useQuizScores();
  const { module, exercises } = lesson;
  const one = module.quizzes.length === 1;

  const solved = saved.data
    ? new Set(saved.data.exercises.filter((p) => p.solved).map((p) => p.exerciseId))
    : undefined;
  const unsolved = solved ? exercises.filter((e) => !solved.has(e.id)) : undefined;
  const best = scores.data
    ? new Map(scores.data.map((s) => [s.quizId._id, s.bestScore]))
    : undefined;

  return (
    <section className={styles.section} aria-labelledby="next-steps-heading">
      <h2 id="next-steps-heading">Your next steps</h2>
      <ol className={styles.nextSteps}>
        <li>
          {unsolved === undefined ? (
            <p>Solve the {exercises.length} practice exercises above.</p>
          ) : unsolved.length === 0 ? (
            <p>All {exercises.length} practice exercises are solved.</p>
          ) : (
            <>
              <p>
                {exercises.length - unsolved.length} of {exercises.length} practice exercises
                solved. Still to do:
              </p>
              <ul>
                {unsolved.map((exercise) => (
                  <li key={exercise.id}>
                    <a href={`#${exerciseAnchor(exercise.id)}`} onClick={onJump}>
                      Exercise {exercises.indexOf(exercise) + 1}: {exercise.title}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </li>
        <li>
          <p>
            {one ? 'Take the quiz' : 'Take the quizzes'}: {QUIZ_PASS_MARK}% passes, and you can
            retake {one ? 'it' : 'each'} as often as you like.
          </p>
          <ul>
            {module.quizzes.map((quiz) => {
              const score = best?.get(quiz.slug);
              return (
                <li key={quiz.slug}>
                  <Link to={`/dashboard/quiz/${quiz.slug}`}>{quiz.title} Quiz</Link>,{' '}
                  {quizLength(quiz.questionCount)}
                  {score === undefined
                    ? '.'
                    : `. Your best so far: ${score}%${hasPassed(score) ? ', passed.' : '.'}`}
                </li>
              );
            })}
          </ul>
        </li>
        {module.following ? (
          <li>
            <p>
              Then go on to{' '}
              <Link to={`/dashboard/lessons/module${module.following.number}`}>
                Module {module.following.number}: {module.following.title}
              </Link>
              .
            </p>
          </li>
        ) : null}
      </ol>
    </section>
  );
}
