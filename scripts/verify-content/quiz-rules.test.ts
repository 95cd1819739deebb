import { describe, expect, it } from 'vitest';
import {
  bareCodeRule,
  displayedLength,
  inlineCodeRule,
  keyedPositionRule,
  kindRule,
  longestKeyedRule,
  moduleQuestionMixRule,
  outsideReferenceRule,
  pickLongestRule,
  pickLongestScore,
  pickShortestRule,
  pickShortestScore,
  quizRules,
  unbalancedBackticks,
} from './quiz-rules.ts';
import type { RuleQuestion } from './quiz-rules.ts';

/** A question whose four answers have the given lengths, keyed at `correct`. */
function sized(
  lengths: readonly number[],
  correct: number,
  kind: RuleQuestion['kind'] = 'concept',
) {
  return {
    kind,
    text: 'Which is right?',
    answers: lengths.map((n, i) => String.fromCharCode(97 + i).repeat(n)),
    correct,
    explanation: 'Because it is.',
  } satisfies RuleQuestion;
}

const even = (correct: number) => sized([5, 5, 5, 5], correct);

describe('displayedLength', () => {
  it('ignores backticks and the white space around the answer', () => {
    expect(displayedLength(' `len(x)` ')).toBe(6);
    expect(displayedLength('len(x)')).toBe(6);
  });
});

describe('longestKeyedRule', () => {
  it('passes when the keyed answer is strictly longest in 3 of 10 questions', () => {
    const questions = [
      ...Array.from({ length: 3 }, () => sized([9, 5, 5, 5], 0)),
      ...Array.from({ length: 7 }, () => even(1)),
    ];
    expect(longestKeyedRule(questions)).toEqual([]);
  });

  it('fails at 4 of 10 and names the questions', () => {
    const questions = [
      ...Array.from({ length: 7 }, () => even(1)),
      ...Array.from({ length: 4 }, () => sized([5, 9, 5, 5], 1)),
    ].slice(1);
    const [finding] = longestKeyedRule(questions);
    expect(finding?.message).toContain('4 of 10 (40%)');
    expect(finding?.message).toContain('questions 7, 8, 9, 10');
  });

  it('does not count a tie for longest as strictly longest', () => {
    expect(longestKeyedRule(Array.from({ length: 10 }, () => sized([9, 9, 5, 5], 0)))).toEqual([]);
  });
});

describe('pickLongestRule', () => {
  it('scores ties by chance: two longest of which one is keyed is worth one half', () => {
    expect(pickLongestScore([sized([9, 9, 5, 5], 0)])).toBe(0.5);
    expect(pickLongestScore([sized([9, 9, 5, 5], 2)])).toBe(0);
    expect(pickLongestScore([even(3)])).toBe(0.25);
  });

  it('passes at 35% and fails above it', () => {
    // 7 questions with 4-way ties (0.25 each) + 3 where the keyed answer is one of two longest.
    const at35 = [
      ...Array.from({ length: 6 }, () => even(0)),
      ...Array.from({ length: 4 }, () => sized([9, 9, 1, 1], 1)),
    ];
    expect(pickLongestScore(at35)).toBeCloseTo(0.35);
    expect(pickLongestRule(at35)).toEqual([]);
    const above = [...at35.slice(1), sized([9, 1, 1, 1], 0)];
    expect(pickLongestRule(above)[0]?.message).toContain('scores 43%');
  });
});

describe('pickShortestRule', () => {
  it('scores "always pick the shortest" the same way, ties by chance', () => {
    expect(pickShortestScore([sized([9, 9, 5, 5], 2)])).toBe(0.5);
    expect(pickShortestScore([sized([9, 9, 5, 5], 0)])).toBe(0);
    expect(pickShortestScore([sized([3, 9, 9, 9], 0)])).toBe(1);
  });

  it('passes at 35% and fails above it, also where the longest rule is happy', () => {
    const at35 = [
      ...Array.from({ length: 6 }, () => even(0)),
      ...Array.from({ length: 4 }, () => sized([1, 1, 9, 9], 1)),
    ];
    expect(pickShortestScore(at35)).toBeCloseTo(0.35);
    expect(pickShortestRule(at35)).toEqual([]);
    const above = [...at35.slice(1), sized([1, 9, 9, 9], 0)];
    expect(pickLongestRule(above)).toEqual([]);
    expect(pickShortestRule(above)[0]?.message).toBe(
      'always picking the shortest option scores 43% on this quiz (at most 35%)',
    );
    expect(quizRules(above).map((f) => f.message)).toContain(
      'always picking the shortest option scores 43% on this quiz (at most 35%)',
    );
  });
});

describe('outsideReferenceRule', () => {
  it.each([
    ['text', 'Using the list above, what prints?'],
    ['text', 'As in the previous question, what prints?'],
    ['text', 'Look at question 3 again.'],
    ['explanation', 'As before, the loop stops early.'],
    ['explanation', 'It is the same program with one change.'],
    ['answer', 'The one from before'],
    ['text', 'Unlike the last question, this one has no loop.'],
  ])('fails a %s that points outside itself: %s', (field, words) => {
    const question = {
      ...even(0),
      ...(field === 'text' ? { text: words } : {}),
      ...(field === 'explanation' ? { explanation: words } : {}),
      ...(field === 'answer' ? { answers: [words, 'b', 'c', 'd'] } : {}),
    };
    const findings = outsideReferenceRule(question, 4);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.question).toBe(4);
  });

  it('passes self-contained questions, and words inside inline code', () => {
    expect(
      outsideReferenceRule(
        {
          ...even(0),
          text: 'What does the program below print when `previous` is 3?',
          explanation:
            'The loop in this program stops when `above` is reached; the line above it sets it.',
        },
        1,
      ),
    ).toEqual([]);
  });
});

describe('inlineCodeRule', () => {
  it('passes balanced backticks, including a double-backtick span holding a backtick', () => {
    expect(
      inlineCodeRule({ ...even(0), text: 'What does `len("abc")` give? And ``a`b``?' }, 1),
    ).toEqual([]);
  });

  it('fails unbalanced backticks and HTML tags, naming the field', () => {
    const findings = inlineCodeRule(
      {
        ...even(0),
        text: 'What does `len("abc") give?',
        explanation: 'The <code>len</code> function counts.',
      },
      2,
    );
    expect(findings.map((f) => f.message)).toEqual([
      'the text has unbalanced backticks',
      'the explanation has <code>, which the page would read as an HTML tag',
    ]);
  });

  it('allows < and > in code spans and comparisons, and fails <class ...> outside code', () => {
    expect(
      inlineCodeRule({ ...even(0), text: 'Is `x < y` True when 2 < 3 and 5 > 4?' }, 1),
    ).toEqual([]);
    expect(
      inlineCodeRule({ ...even(0), answers: ["<class 'int'>", 'b', 'c', 'd'] }, 1),
    ).toHaveLength(1);
  });

  it('wants the answers of an output question literal: no backticks, HTML-like text allowed', () => {
    const output = {
      ...sized([3, 3, 3, 3], 0, 'output'),
      answers: ["<class 'int'>", '3', '4', '5'],
    };
    expect(inlineCodeRule(output, 1)).toEqual([]);
    const ticked = { ...output, answers: ['`3`', '3', '4', '5'] };
    expect(inlineCodeRule(ticked, 1)[0]?.message).toBe(
      'answer 0 of an output question has backticks',
    );
  });

  it('unbalancedBackticks matches runs of the same length', () => {
    expect(unbalancedBackticks('a `b` c')).toBe(false);
    expect(unbalancedBackticks('a ``b` c``')).toBe(false);
    expect(unbalancedBackticks('a `b')).toBe(true);
    expect(unbalancedBackticks('a ``b`')).toBe(true);
  });
});

describe('bareCodeRule', () => {
  it('passes constants and exception names written as code, and English words that only look alike', () => {
    const question = {
      ...even(0),
      text: 'Which line raises `ValueError` when `found` is `None`?',
      answers: ['`True`', 'It raises `TypeError`', 'An Exception of any kind', 'No error at all'],
      explanation: 'Error messages name the class; `NameError` is raised, and Truework is no code.',
    };
    expect(bareCodeRule(question, 1)).toEqual([]);
  });

  it('fails True, None and exception names outside backticks, naming the field', () => {
    const findings = bareCodeRule(
      {
        ...even(0),
        text: 'Why does this stop with a SyntaxError?',
        answers: ['a', 'None of them', 'c', 'It gives False'],
        explanation: 'The test is True, not `False`; a RecursionError would need a loop.',
      },
      4,
    );
    expect(findings.map((f) => `${f.question}: ${f.message}`)).toEqual([
      '4: the text has SyntaxError outside backticks',
      '4: answer 1 has None outside backticks',
      '4: answer 3 has False outside backticks',
      '4: the explanation has True outside backticks',
    ]);
  });

  it('leaves the printed answers of an output question alone, but not its text', () => {
    const output = { ...sized([4, 5, 4, 4], 0, 'output'), answers: ['True', 'False', 'None', '0'] };
    expect(bareCodeRule(output, 1)).toEqual([]);
    expect(bareCodeRule({ ...output, text: 'Does it print True?' }, 1)).toHaveLength(1);
  });

  it('is part of quizRules', () => {
    const questions = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1].map(even);
    questions[2] = { ...even(2), explanation: 'It raises KeyError.' };
    expect(quizRules(questions)).toEqual([
      expect.objectContaining({
        question: 3,
        message: 'the explanation has KeyError outside backticks',
      }),
    ]);
  });
});

describe('kindRule and quizRules', () => {
  it('fails a question with no kind', () => {
    const { kind: _unused, ...noKind } = even(0);
    expect(kindRule(noKind, 5)).toEqual([
      expect.objectContaining({ question: 5, message: 'has no `kind`' }),
    ]);
    expect(kindRule(even(0), 5)).toEqual([]);
  });

  it('quizRules passes a quiz that follows every rule', () => {
    expect(quizRules([0, 1, 2, 3, 0, 1, 2, 3, 0, 1].map(even))).toEqual([]);
  });
});

describe('moduleQuestionMixRule', () => {
  const mix = (kinds: RuleQuestion['kind'][]) => kinds.map((kind) => sized([3, 3, 3, 3], 0, kind));
  const others: RuleQuestion['kind'][] = ['bug', 'which-code', 'concept', 'complete'];

  it('passes 40% output questions with every other kind present', () => {
    expect(
      moduleQuestionMixRule(
        mix([...others, 'concept', 'bug', 'output', 'output', 'output', 'output']),
      ),
    ).toEqual([]);
  });

  it('fails above 40% output, and names the missing kinds', () => {
    const findings = moduleQuestionMixRule(mix(['output', 'output', 'output', 'bug', 'concept']));
    expect(findings.map((f) => f.message)).toEqual([
      "3 of 5 (60%) of the module's questions are `output` questions (at most 40%)",
      'the module has no `which-code`, `complete` question',
    ]);
  });
});

describe('keyedPositionRule', () => {
  const keyed = (positions: number[]) => positions.map((p) => even(p));

  it('passes when each position holds 20% to 30% of the keyed answers', () => {
    expect(keyedPositionRule(keyed([0, 0, 0, 1, 1, 1, 2, 2, 3, 3]))).toEqual([]);
  });

  it('fails each position outside the range', () => {
    const findings = keyedPositionRule(keyed([0, 0, 0, 0, 1, 1, 2, 2, 3, 3]));
    expect(findings.map((f) => f.message)).toEqual([
      'keyed position 0 holds 4 of 10 (40%) of the right answers (20% to 30%)',
    ]);
    expect(keyedPositionRule(keyed([0, 0, 1, 1, 1, 2, 2, 2, 0, 1]))[0]?.message).toContain(
      'position 1 holds 4 of 10',
    );
    expect(keyedPositionRule(keyed([0, 0, 0, 1, 1, 1, 2, 2, 2, 2]))).toHaveLength(2);
  });
});
