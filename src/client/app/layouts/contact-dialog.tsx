import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { site } from '#shared/site.ts';
import styles from './footer.module.css';
import { Button } from '#client/components/ui/button.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The address is put together only when asked for, so it is in no page's HTML and only in the
 * running app (keeps the simplest address harvesters away).
 */
function contactAddress(): string {
  const [mailbox, domain] = site.contactEmail.split('@');
  return [mailbox, domain].join('@');
}

/** Tab from the last focusable element goes to the first, Shift+Tab from the first to the last. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>, container: HTMLElement) {
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * 'Contact Us' and its modal (SPEC 1): focus moves into the dialog and stays there, Escape or the
 * close button closes it, and focus returns to the button that opened it.
 */
export function ContactUs() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  function close() {
    setOpen(false);
    setEmail(null);
    // After the dialog has closed, put focus back where the person was.
    requestAnimationFrame(() => opener.current?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    keepTabInside(event, dialog.current);
  }

  return (
    <>
      <button
        ref={opener}
        type="button"
        className={styles.linkButton}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Contact Us
      </button>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        // The browser's own Escape handling: keep React's state in step with it.
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === dialog.current) close();
        }}
      >
        {open ? (
          <div className={styles.dialogBody}>
            <h2 id={titleId}>Contact Us</h2>
            <p>
              Questions about the course, your access or a payment? Write to us and a person will
              answer, usually within two working days.
            </p>
            {/*
              The button stays where it is once the address shows, unavailable but still holding
              the focus (a removed or disabled button would drop it to the page, issue 26); the
              address is read out from a live region that was on the page before it filled.
            */}
            <Button unavailable={email !== null} onClick={() => setEmail(contactAddress())}>
              View Email Address
            </Button>
            <p className={styles.email} aria-live="polite">
              {email ? <a href={`mailto:${email}`}>{email}</a> : null}
            </p>
            <Button variant="quiet" onClick={close}>
              Close
            </Button>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
