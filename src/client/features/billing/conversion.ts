import { site } from '#shared/site.ts';
import { log } from '#client/lib/log.ts';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const SENT_PREFIX = 'indent:conversion-sent:';

/**
 * SPEC 4: after a confirmed purchase, report a conversion (value 189.00 USD, the session id as the
 * transaction id) to the advertising tag, once per session id. The tag's script is loaded only here
 * and only when the server names an advertising id, so no tracker ever loads otherwise.
 */
export function reportConversion(conversion: { sendTo: string; tagId: string }, sessionId: string) {
  const key = `${SENT_PREFIX}${sessionId}`;
  try {
    if (localStorage.getItem(key)) return;
    localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Without storage the page cannot remember; reloading it may report twice, which the tag's
    // transaction id de-duplicates.
  }
  loadTag(conversion.tagId);
  window.gtag?.('event', 'conversion', {
    send_to: conversion.sendTo,
    value: site.conversionValue,
    currency: site.conversionCurrency,
    transaction_id: sessionId,
  });
}

function loadTag(tagId: string) {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  // The tag reads the arguments object itself, as its own snippet does.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', tagId);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
  script.onerror = () => log.error('The advertising tag did not load');
  document.head.appendChild(script);
}
