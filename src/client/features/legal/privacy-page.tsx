import { text } from 'virtual:public-content/privacy';
import { LegalDocument } from './legal-document.tsx';

export function PrivacyPage() {
  return (
    <LegalDocument
      text={text}
      description="How Indent handles your data: what we keep (your Google profile, orders and quiz results), why, for how long, and your rights."
    />
  );
}
