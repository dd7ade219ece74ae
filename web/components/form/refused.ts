import type { FieldErrors } from './zod-errors';

/**
 * What every form of the kit does when a submit is refused (its own check or the server's 422):
 * all the field errors are already on screen; the first invalid field is scrolled into view
 * clear of the sticky top bar, gets the focus, and a summary of every error is announced once.
 */

/** "2 fields need attention: The customer field is required. The name field is required." */
export function errorSummary(errors: FieldErrors): string {
  const messages = [...new Set(Object.values(errors).filter((m) => typeof m === 'string' && m.trim() !== ''))];
  if (!messages.length) return '';
  const count = Object.keys(errors).length;
  return `Not saved. ${count === 1 ? 'One field needs' : `${count} fields need`} attention: ${messages.join(' ')}`;
}

const REGION_ID = 'form-error-summary';

/**
 * Says `message` to screen readers through one assertive live region (a status) kept inside the
 * page's <main> (or the open dialog), created on first use. The text is cleared first so the
 * same summary twice in a row is still read out.
 */
export function announce(message: string, near?: Element | null) {
  if (typeof document === 'undefined' || !message) return;
  const host = near?.closest('[role="dialog"],[role="alertdialog"]') ?? document.querySelector('main') ?? document.body;
  let region = host.querySelector<HTMLElement>(`:scope > [data-form-announcer]`);
  if (!region) {
    region = document.createElement('div');
    region.dataset.formAnnouncer = '';
    if (!document.getElementById(REGION_ID)) region.id = REGION_ID;
    // a status read out at once: the field errors are the alerts, this is their summary
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'assertive');
    region.setAttribute('aria-atomic', 'true');
    region.className = 'sr-only';
    host.appendChild(region);
  }
  region.textContent = '';
  const target = region;
  window.setTimeout(() => {
    target.textContent = message;
  }, 50);
}

/** The bottom edge of whatever sticks to the top of the viewport over `el` (the app's top bar), else 0. */
function stickyBottom(el: HTMLElement): number {
  const { left, width } = el.getBoundingClientRect();
  const x = Math.min(window.innerWidth - 1, Math.max(0, left + Math.min(width, 40) / 2));
  let bottom = 0;
  for (const over of document.elementsFromPoint(x, 1)) {
    for (let node: Element | null = over; node && node !== document.body; node = node.parentElement) {
      const position = getComputedStyle(node).position;
      if (position === 'sticky' || position === 'fixed') {
        bottom = Math.max(bottom, node.getBoundingClientRect().bottom);
        break;
      }
    }
  }
  return bottom;
}

/** The box to bring into view for a field: its wrapper with the label when there is one. */
function fieldBox(field: HTMLElement): HTMLElement {
  const label = field.id ? document.querySelector<HTMLElement>(`label[for="${CSS.escape(field.id)}"]`) : null;
  return label ?? field;
}

/** Scrolls the window so `field` (with its label) sits below the sticky bar, with a margin. */
export function revealBelowStickyBar(field: HTMLElement, margin = 16) {
  const box = fieldBox(field);
  const inDialog = field.closest('[role="dialog"],[role="alertdialog"]');
  if (inDialog) {
    box.scrollIntoView({ block: 'nearest' });
    return;
  }
  const top = box.getBoundingClientRect().top;
  const bottom = field.getBoundingClientRect().bottom;
  const covered = stickyBottom(field);
  if (top >= covered + margin && bottom <= window.innerHeight - margin) return;
  window.scrollBy({ top: top - covered - margin, behavior: 'instant' as ScrollBehavior });
}

/**
 * Once the errors are on screen (React may render them a frame or two after an answer arrives,
 * so look for a few frames): reveal and focus the first field marked invalid, and announce the summary.
 */
export function showRefusal(root: HTMLElement | null | undefined, errors: FieldErrors, framesLeft = 5) {
  if (typeof window === 'undefined') return;
  window.requestAnimationFrame(() => {
    const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field && framesLeft > 1 && root) {
      showRefusal(root, errors, framesLeft - 1);
      return;
    }
    if (field) {
      revealBelowStickyBar(field);
      field.focus({ preventScroll: true });
    }
    announce(errorSummary(errors), field ?? root);
  });
}
