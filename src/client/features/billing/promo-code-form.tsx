import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api.ts';
import { log } from '#client/lib/log.ts';
import { applyDemoPromo } from './billing-api.ts';
import styles from './promo-code-form.module.css';

/**
 * The demo checkout's "Promotion code" field (issue 38). The server applies the code by the same
 * rules as a Stripe checkout and answers the updated order, which replaces the page's copy, so the
 * total and the Pay button show the discounted price at once.
 */
export function PromoCodeForm({ id, disabled }: { id: string; disabled: boolean }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Type a promotion code first.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const order = await applyDemoPromo(id, code);
      queryClient.setQueryData(['demo-checkout', id], order);
      setCode('');
    } catch (err) {
      log.error('Promotion code refused', err);
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
      // Back on the field, so the message is read out and the code can be corrected.
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={inputId} className={styles.label}>
        Promotion code
      </label>
      <div className={styles.row}>
        <input
          ref={input}
          id={inputId}
          className={styles.input}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          readOnly={disabled}
        />
        <Button type="submit" variant="secondary" busy={busy} unavailable={disabled}>
          {busy ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
