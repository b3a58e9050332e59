import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-manager.css';
import type { ConsentCategory } from '@/lib/consent-categories';

// vanilla-cookieconsent (v3), loaded by lib/consent.ts only when something needs consent. It keeps the choice in
// its own first-party cookie (cc_cookie, a necessary one) and asks again when the categories change (revision).

const SECTIONS: Record<ConsentCategory, { title: string; description: string }> = {
  analytics: {
    title: 'Analytics (Google Analytics 4)',
    description:
      'Google Analytics counts the pages you open: their address without its query or fragment, and their title. Pages with a reset link are never counted. Cookies: _ga, _ga_*.',
  },
  supportChat: {
    title: 'Support chat (Intercom)',
    description: "Intercom's Messenger lets you chat with our support team; it sets its own cookies (intercom-*) to keep your conversation.",
  },
};

const REVISION_BITS: Record<ConsentCategory, number> = { analytics: 1, supportChat: 2 };
const CLEARED_COOKIES: Record<ConsentCategory, RegExp> = { analytics: /^_ga/, supportChat: /^intercom-/ };

/** Runs the banner for these categories; `report` gets the accepted ones on load (a stored choice), on the first choice and on each change. */
export async function runConsentManager(categories: ConsentCategory[], report: (accepted: ConsentCategory[]) => void): Promise<void> {
  const answer = () => report(categories.filter((category) => CookieConsent.acceptedCategory(category)));
  const named = categories.map((category) => SECTIONS[category].title.replace(/ \(.*\)$/, '').toLowerCase());
  await CookieConsent.run({
    // The crawlers' check would hide the banner from the browser tests too (navigator.webdriver).
    hideFromBots: false,
    // Another set of categories (the chat configured later) is asked for again.
    revision: categories.reduce((sum, category) => sum + REVISION_BITS[category], 0),
    cookie: { name: 'cc_cookie', sameSite: 'Lax', secure: window.location.protocol === 'https:', expiresAfterDays: 182 },
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom right', equalWeightButtons: true },
      preferencesModal: { layout: 'box', equalWeightButtons: true },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      ...Object.fromEntries(
        categories.map((category) => [
          category,
          // Taken back: its cookies go and the page reloads, so its script is gone too.
          { enabled: false, autoClear: { cookies: [{ name: CLEARED_COOKIES[category] }], reloadPage: true } },
        ]),
      ),
    },
    onConsent: answer,
    onChange: answer,
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: {
            title: 'Cookies on Rampart',
            description: `We would like to use ${named.join(' and ')} cookies. They are set only if you accept; you can change your mind at any time under "Cookie preferences".`,
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Reject all',
            showPreferencesBtn: 'Manage preferences',
          },
          preferencesModal: {
            title: 'Cookie preferences',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Reject all',
            savePreferencesBtn: 'Save preferences',
            closeIconLabel: 'Close',
            sections: [
              { description: 'Rampart sets only the strictly necessary cookies unless you allow more here. Open a category to see what it does.' },
              {
                title: 'Strictly necessary',
                description: 'Your session, its security token, your theme and this choice. Always on.',
                linkedCategory: 'necessary',
              },
              ...categories.map((category) => ({ ...SECTIONS[category], linkedCategory: category })),
            ],
          },
        },
      },
    },
  });
}

export function showPreferences(): void {
  CookieConsent.showPreferences();
}
