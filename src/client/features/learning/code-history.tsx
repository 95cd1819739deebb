import { useId, useState } from 'react';
import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { shortDateTime, useCodeHistory, useCodeVersion } from './learning-api.ts';
import styles from './learning.module.css';

/** The workbench tells the history a Check was stored through this (the runner imports only this file). */
export { useCheckRecorded } from './learning-api.ts';

type Version = NonNullable<ReturnType<typeof useCodeHistory>['data']>['versions'][number];

interface VersionListProps {
  versions: Version[];
  viewing: string | null;
  onView(versionId: string): void;
}

function VersionList({ versions, viewing, onView }: VersionListProps) {
  return (
    <ol className={styles.versions} aria-label="Earlier versions, newest first">
      {versions.map((v) => (
        <li key={v.id} className={styles.version}>
          <span>{shortDateTime(v.createdAt)}</span>
          <span className={v.passed ? styles.passed : styles.muted}>
            {v.passed ? 'Passed' : 'Not passed'}
          </span>
          <span className={styles.muted}>
            {v.lineCount} {v.lineCount === 1 ? 'line' : 'lines'}
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-pressed={viewing === v.id}
            onClick={() => onView(v.id)}
          >
            View
            <span className="visually-hidden"> the version of {shortDateTime(v.createdAt)}</span>
          </Button>
        </li>
      ))}
    </ol>
  );
}

/**
 * The workbench's earlier versions: every Check keeps the code (the last 20). A version opens
 * read-only; "Restore" puts it into the editor (where Undo brings the replaced code back).
 */
export function CodeHistory(props: { exerciseId: string; onRestore(code: string): void }) {
  const { exerciseId } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [restored, setRestored] = useState('');
  const history = useCodeHistory(exerciseId, open);
  const version = useCodeVersion(exerciseId, viewing);
  const versions = history.data?.versions ?? [];

  return (
    <div className={styles.history}>
      <Button
        size="sm"
        variant="quiet"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide earlier versions' : 'Earlier versions'}
      </Button>
      <div id={`${id}-list`} hidden={!open}>
        {history.isError ? (
          <Alert tone="error">
            <p>Your earlier versions could not be loaded.</p>
          </Alert>
        ) : history.isPending ? (
          <p className={styles.muted}>Loading earlier versions…</p>
        ) : versions.length === 0 ? (
          <p className={styles.muted}>No versions yet: each Check keeps one here (the last 20).</p>
        ) : (
          <VersionList
            versions={versions}
            viewing={viewing}
            onView={(versionId) => setViewing(viewing === versionId ? null : versionId)}
          />
        )}
        {viewing !== null && version.data ? (
          <figure className={styles.versionView}>
            <figcaption>Version of {shortDateTime(version.data.createdAt)} (read-only)</figcaption>
            {/* Focusable, so keyboard users can scroll a long version. */}
            <pre tabIndex={0} className={styles.program} data-testid="history-code">
              {version.data.code}
            </pre>
            <Button
              size="sm"
              onClick={() => {
                props.onRestore(version.data.code);
                setRestored(
                  `The version of ${shortDateTime(version.data.createdAt)} is back in the editor.`,
                );
              }}
            >
              Restore this version
            </Button>
          </figure>
        ) : null}
        <p className="visually-hidden" role="status" aria-live="polite">
          {restored}
        </p>
      </div>
    </div>
  );
}
