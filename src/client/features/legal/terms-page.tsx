import { text } from 'virtual:public-content/terms';
import { LegalDocument } from './legal-document.tsx';

export function TermsPage() {
  return (
    <LegalDocument
      text={text}
      description="The terms for using Indent: learners 18 or older, a one-time payment in US dollars for a year of access, no auto-renewal and no refunds."
    />
  );
}
