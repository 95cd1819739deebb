import { Link } from 'react-router';
import { CURRICULUM, TOTAL_EXERCISES, TOTAL_QUIZZES } from '#shared/content/curriculum.ts';
import { site } from '#shared/site.ts';
import { CallToAction } from './call-to-action.tsx';
import { CodingIllustration } from './coding-illustration.tsx';
import { CurriculumBreakdown } from './curriculum-breakdown.tsx';
import styles from './home.module.css';

const offers = [
  {
    title: 'A complete curriculum',
    text: `${CURRICULUM.length} modules that start from zero and build, step by step, to functions, files, classes and algorithms.`,
  },
  {
    title: 'Hands-on exercises',
    text: `${TOTAL_EXERCISES} coding exercises that run right in your browser, with hints when you are stuck and solutions to learn from.`,
  },
  {
    title: 'Module quizzes',
    text: `${TOTAL_QUIZZES} quizzes after the modules, scored as a percentage, so you know what stuck and what to revisit.`,
  },
] as const;

type Mark = 'yes' | 'no' | 'partly';

const comparison: { feature: string; marks: [Mark, Mark, Mark] }[] = [
  { feature: 'Affordable', marks: ['yes', 'yes', 'no'] },
  { feature: 'In-depth curriculum', marks: ['yes', 'no', 'yes'] },
  { feature: 'Hands-on problems', marks: ['yes', 'no', 'yes'] },
  { feature: 'Quizzes after each module', marks: ['yes', 'no', 'partly'] },
  { feature: 'Score-based quiz feedback', marks: ['yes', 'no', 'partly'] },
  { feature: 'Best value', marks: ['yes', 'no', 'no'] },
];

const markText: Record<Mark, string> = { yes: 'Yes', no: 'No', partly: 'Sometimes' };
const markSymbol: Record<Mark, string> = { yes: '✓', no: '✕', partly: '~' };

const about = [
  {
    title: 'Made for adult beginners',
    text: 'No maths degree or prior experience needed. Every idea is explained in plain language before it is used.',
  },
  {
    title: 'Learn from anywhere',
    text: 'Everything runs in the browser, so a laptop and a connection are all you need, at home or on the road.',
  },
  {
    title: 'Code from day one',
    text: 'You write and run real Python in the first module, and every module ends with exercises of your own.',
  },
  {
    title: 'Feedback that teaches',
    text: 'Quizzes are scored, and each answer comes with an explanation of why it is right or wrong.',
  },
  {
    title: 'One price, one year',
    text: 'Pay once for a full year of access. No subscription, no auto-renewal, no surprise charges.',
  },
  {
    title: 'Your own pace',
    text: 'Study an hour a night or a whole weekend. Your progress is saved, so you pick up where you left off.',
  },
] as const;

/** Everything below the hero: pre-rendered with the page, hydrated once the browser is idle. */
export function HomeSections() {
  return (
    <>
      <section className={styles.overlay} aria-labelledby="overlay-heading">
        <h2 id="overlay-heading" className={styles.overlayHeadline}>
          Elevate Your Coding Skills: Engaging Lessons Meet Practical Coding Challenges
        </h2>
        <CallToAction />
        <CodingIllustration className={styles.illustration} />
      </section>

      <section className={styles.section} aria-labelledby="offer-heading">
        <h2 id="offer-heading" className={styles.sectionTitle}>
          What We Offer
        </h2>
        <ul className={styles.cards}>
          {offers.map((offer) => (
            <li key={offer.title}>
              <Link className={styles.card} to="/pricing">
                <h3>{offer.title}</h3>
                <p>{offer.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="compare-heading">
        <h2 id="compare-heading" className={styles.sectionTitle}>
          How {site.productName} Compares
        </h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">
              {site.productName} compared with a video-sharing site and coding bootcamps
            </caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">{site.productName}</th>
                <th scope="col">Video-sharing site</th>
                <th scope="col">Coding bootcamps</th>
              </tr>
            </thead>
            <tbody>
              {comparison.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  {row.marks.map((mark, i) => (
                    <td key={i} data-mark={mark}>
                      <span aria-hidden="true" className={styles.mark}>
                        {markSymbol[mark]}
                      </span>
                      <span className={styles.markText}>{markText[mark]}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="about-heading">
        <h2 id="about-heading" className={styles.sectionTitle}>
          About Our Platform
        </h2>
        <ul className={styles.cards}>
          {about.map((card) => (
            <li key={card.title}>
              <Link className={styles.card} to="/pricing">
                <h3>{card.title}</h3>
                <p>{card.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <CurriculumBreakdown />
    </>
  );
}
