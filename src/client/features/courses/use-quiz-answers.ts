import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { QuizReply, SubmitQuizReply } from '#shared/api/quiz.schema.ts';
import { useAuth } from '#client/features/auth/auth-context.tsx';
import { api } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { courseKeys } from './courses-api.ts';
import { answersRecord, placeAt } from './quiz-place.ts';
import type { QuizPlaceKeeper } from './use-quiz-place.ts';

/** The submit: sent once every kept place has landed, then the place is forgotten. */
function useSubmitQuiz(
  quiz: QuizReply,
  answers: Readonly<Record<number, string>>,
  place: Pick<QuizPlaceKeeper, 'settled' | 'forget'>,
  onGraded: (reply: SubmitQuizReply) => void,
) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!user) throw new Error('User not logged in.');
      // A place still on its way would otherwise land after the grading and outlive it.
      await place.settled();
      return api<SubmitQuizReply>('/api/submit-quiz', {
        method: 'POST',
        body: {
          userId: user._id,
          quizId: quiz._id,
          // SPEC 4: unanswered questions are sent as empty strings.
          answers: quiz.questions.map((_, i) => answers[i] ?? ''),
        },
      });
    },
    onSuccess: (reply) => {
      place.forget();
      onGraded(reply);
      void queryClient.invalidateQueries({ queryKey: ['quiz-scores'] });
      void queryClient.invalidateQueries({ queryKey: courseKeys.progress });
    },
    onError: (err) => log.error('Quiz submit failed', err),
  });
}

/**
 * One attempt at a quiz: the current question, the answers so far, the submit and its result, what
 * to read out, and where the focus goes after each step. It starts at the kept place, if any, and
 * hands every step to `place` to keep (decision 0037).
 */
export function useQuizAnswers(
  quiz: QuizReply,
  place: Pick<QuizPlaceKeeper, 'initial' | 'keep' | 'settled' | 'forget'>,
) {
  // SPEC 4: the question index starts at 0; answers are kept per question index.
  const [index, setIndex] = useState(place.initial?.index ?? 0);
  const [answers, setAnswers] = useState<Record<number, string>>(() =>
    answersRecord(place.initial),
  );
  const [result, setResult] = useState<SubmitQuizReply | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Read out once the quiz is graded (issue 26): the focus goes to the results heading, which does
  // not say the score.
  const [said, setSaid] = useState('');

  const total = quiz.questions.length;
  const chosen = answers[index];
  const last = index === total - 1;

  const submit = useSubmitQuiz(quiz, answers, place, (reply) => {
    moved.current = true;
    setResult(reply);
    setSaid(`Quiz submitted. Your score: ${reply.score}%.`);
  });

  // Keyboard and screen-reader users land on the new question (or the results), not on a
  // button that has just become disabled.
  useEffect(() => {
    if (!moved.current) return;
    if (result) resultRef.current?.focus();
    else questionRef.current?.focus();
  }, [index, result]);

  function choose(text: string) {
    const chosenNow = { ...answers, [index]: text };
    setAnswers(chosenNow);
    place.keep(placeAt(quiz, index, chosenNow));
  }

  function next() {
    if (chosen === undefined) return;
    if (last) {
      submit.mutate();
      return;
    }
    moved.current = true;
    setIndex(index + 1);
    place.keep(placeAt(quiz, index + 1, answers));
  }

  function retake() {
    moved.current = true;
    submit.reset();
    setAnswers({});
    setResult(null);
    setIndex(0);
    setSaid('');
  }

  return {
    index,
    total,
    /** Started, not yet graded: leaving now asks first (use-leave-guard.ts). */
    inProgress: !result && (index > 0 || chosen !== undefined),
    chosen,
    last,
    result,
    said,
    submit,
    questionRef,
    resultRef,
    choose,
    next,
    retake,
  };
}
