import './app.css';
import { createInertiaApp, router, type ResolvedComponent } from '@inertiajs/react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { FlashToasts } from '@/components/FlashToasts';
import { Toasts } from '@/components/shell/Toasts';
import { forgetCompany, formatTitle, loadCompanyOnce } from '@/lib/company';
import { pageResolver } from '@/lib/pages';
import { applyPreferences, getPreferences, rememberMobileLogos } from '@/lib/preferences';
import { store } from '@/store';
import { api } from '@/store/api';
import type { SharedProps } from '@/types';

// The inline script of the root view applied the layout preferences before first paint; apply them
// again in case that HTML came from an older build that knew fewer of them.
applyPreferences(getPreferences());

// Page name = path under web/pages without .tsx ("Auth/Login" → ./pages/Auth/Login.tsx).
const pages = import.meta.glob<{ default: ResolvedComponent }>(['./pages/**/*.tsx', '!./pages/**/*.test.tsx']);

function tenantNameOf(props: unknown): string | null {
  const tenant = (props as Partial<SharedProps> | undefined)?.tenant;
  return tenant?.name ?? null;
}

function hasUser(props: unknown): boolean {
  return Boolean((props as Partial<SharedProps> | undefined)?.auth?.user);
}

void createInertiaApp({
  resolve: pageResolver(pages),
  title: (title, page) => formatTitle(title, tenantNameOf(page?.props)),
  progress: { delay: 250, color: '#4669FA' },
  setup({ el, App, props }) {
    // The company name is fetched once, as soon as someone is signed in (guests would get a 401),
    // and forgotten on sign-out so that another account never sees the previous company's data.
    let signedIn = hasUser(props.initialPage.props);
    if (signedIn) loadCompanyOnce(store.dispatch);
    router.on('navigate', (event) => {
      const nowSignedIn = hasUser(event.detail.page.props);
      if (nowSignedIn) {
        loadCompanyOnce(store.dispatch);
      } else if (signedIn) {
        // Signed out without a full reload: drop everything cached for that account.
        forgetCompany();
        rememberMobileLogos({ mobileLogo: null, mobileLogoWhite: null });
        store.dispatch(api.util.resetApiState());
      }
      signedIn = nowSignedIn;
    });

    createRoot(el).render(
      <Provider store={store}>
        <App {...props} />
        <FlashToasts initialProps={props.initialPage.props} />
        <Toasts />
      </Provider>,
    );
  },
});
