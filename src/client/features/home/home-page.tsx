import { Suspense } from 'react';
import { lazyAfterLoad } from '#client/lib/lazy-after-load.ts';
import { usePageTitle } from '#client/lib/page-title.ts';
import { AccountDeletedNotice } from './account-deleted-notice.tsx';
import { CallToAction } from './call-to-action.tsx';
import { GradientBackground, Globe } from './hero-visuals.tsx';
import styles from './home.module.css';

/**
 * The sections below the hero are in the pre-rendered HTML from the start, but their code loads only
 * once the page has loaded and the browser is idle; until then React leaves their static HTML in
 * place (selective hydration).
 */
const HomeSections = lazyAfterLoad(async () => (await import('./home-sections.tsx')).HomeSections);

export function HomePage() {
  usePageTitle(
    'Learn Python Online',
    'Unlock your coding potential: the fastest path from complete beginner to Python programmer, with 15 modules, 61 hands-on exercises and 43 quizzes. Pay once for a year of access.',
  );
  return (
    <main className={styles.home}>
      <AccountDeletedNotice />
      <section className={styles.hero} aria-labelledby="hero-heading">
        <GradientBackground />
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Python for adult beginners, wherever you are</p>
            <h1 id="hero-heading" className={styles.headline}>
              Unlock Your Coding Potential
            </h1>
            <p className={styles.heroLead}>
              The fastest path to becoming a programmer: learn Python from anywhere in the world
              with clear lessons, hands-on exercises and quizzes that show you what stuck.
            </p>
            <CallToAction />
          </div>
          <Globe />
        </div>
      </section>

      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </main>
  );
}
