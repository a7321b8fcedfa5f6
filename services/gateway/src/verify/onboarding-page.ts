import type { OnboardingView } from '@platform/contracts';
import type { Locale } from '../http';

export function onboardingPage(token: string, view: OnboardingView, locale: Locale): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>Verification</title></head><body data-token="${token.replace(/[^\w-]/g, '')}" data-status="${view.link_status}"></body></html>`;
}
