import { api } from '@/store/api';
import type { AppDispatch } from '@/store';

/** The built-in name, used until (or unless) the company settings say otherwise. */
export const DEFAULT_COMPANY_NAME = 'Kazi';

let companyName: string | null = null;
let requested = false;
/** Bumped on sign-out, so that an answer for the previous session is dropped. */
let generation = 0;
/** The name used in the last title built, to swap it in place once the real one arrives. */
let lastShownName: string = DEFAULT_COMPANY_NAME;

/** Inertia's own escaping of a title (numeric entities), not common/html.ts: the title built here must equal the one Inertia writes. */
function escapeInertiaTitle(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The company display name for titles: fetched name, else the tenant's name, else "Kazi". */
export function currentCompanyName(tenantName?: string | null): string {
  return companyName ?? (tenantName?.trim() || DEFAULT_COMPANY_NAME);
}

/**
 * Inertia's title callback. `title` arrives HTML-escaped (Inertia builds a <title> tag from a
 * string), so the company name is escaped the same way.
 */
export function formatTitle(title: string, tenantName?: string | null): string {
  lastShownName = currentCompanyName(tenantName);
  const name = escapeInertiaTitle(lastShownName);
  return title ? `${title} - ${name}` : name;
}

/** Forget the fetched name (on sign-out), so that the next user's company is fetched afresh. */
export function forgetCompany(): void {
  companyName = null;
  requested = false;
  generation += 1;
}

/**
 * Fetch GET /settings/company/json once per signed-in session. Guests get a 401 from it, so the
 * call waits for the first page that has a logged-in user (at start-up, or right after logging in).
 * On failure the name stays the tenant's or the built-in one.
 */
export function loadCompanyOnce(dispatch: AppDispatch): void {
  if (requested) return;
  requested = true;
  const asked = generation;
  const request = dispatch(api.endpoints.getCompany.initiate());
  request
    .unwrap()
    .then((company) => {
      const name = company?.value?.name?.trim();
      if (!name || asked !== generation) return; // signed out meanwhile
      const shownName = lastShownName;
      companyName = name;
      if (shownName === name) return;
      // The <title> on screen was built with the provisional name: swap the suffix in place
      // (Inertia only rebuilds it on the next visit).
      const swap = () => {
        const now = document.title;
        if (now === shownName) document.title = name;
        else if (now.endsWith(` - ${shownName}`)) document.title = `${now.slice(0, -shownName.length)}${name}`;
      };
      swap();
      window.setTimeout(swap, 100); // Inertia's head updates are debounced
    })
    .catch(() => {
      if (asked !== generation) return;
      console.error('Failed to fetch company data');
    })
    .finally(() => request.unsubscribe());
}

/**
 * The company was renamed in Settings/Company: use the new name from now on and swap it into the
 * title on screen at once, without a reload (issue 24).
 */
export function setCompanyName(name: string): void {
  const shownName = lastShownName;
  companyName = name.trim() || null;
  const next = currentCompanyName();
  lastShownName = next;
  if (shownName === next) return;
  const now = document.title;
  if (now === shownName) document.title = next;
  else if (now.endsWith(` - ${shownName}`)) document.title = `${now.slice(0, -shownName.length)}${next}`;
}
