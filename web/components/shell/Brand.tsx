import { Link } from '@inertiajs/react';
import { useEffect } from 'react';
import { LogoMark } from '@/components/ApplicationLogo';
import { cx } from '@/components/cx';
import { currentCompanyName } from '@/lib/company';
import { useSharedProps } from '@/lib/page';
import { rememberMobileLogos } from '@/lib/preferences';
import { focusRing } from './styles';


/**
 * A pair of logos: `light` on light surfaces, `dark` (white) on dark ones, switched by the `dark`
 * variant, so it follows dark mode and a semi-dark sidebar (which carries its own `dark` class).
 * Without any logo, the product mark.
 */
function LogoPair({ light, dark, className }: { light: string | null; dark: string | null; className?: string }) {
  if (!light && !dark) return <LogoMark />;
  const onLight = light || dark!;
  const onDark = dark || light!;
  const img = cx('h-8 w-auto max-w-[7rem] shrink-0 object-contain', className);
  if (onLight === onDark) return <img src={onLight} alt="" className={img} />;
  return (
    <>
      <img src={onLight} alt="" className={cx(img, 'dark:hidden')} />
      <img src={onDark} alt="" className={cx(img, 'hidden dark:block')} />
    </>
  );
}

/**
 * The tenant's logo and name, linking to the dashboard: the light logo on light surfaces, the
 * dark (white) one in dark mode and on a semi-dark sidebar; the product mark when there is none.
 */
export function Brand({ className, nameClassName }: { className?: string; nameClassName?: string }) {
  const { tenant } = useSharedProps();
  const name = currentCompanyName(tenant?.name);
  const logoLight = tenant?.logo_light ?? null;
  const logoDark = tenant?.logo_dark ?? null;

  // The mobile logos (light and white) of the layout preferences follow the tenant's (SPEC §3).
  useEffect(() => {
    if (tenant) rememberMobileLogos({ mobileLogo: logoLight, mobileLogoWhite: logoDark });
  }, [tenant, logoLight, logoDark]);

  return (
    <Link
      href="/dashboard"
      className={cx('flex min-w-0 items-center gap-2.5 rounded-md', focusRing, className)}
    >
      <LogoPair light={logoLight} dark={logoDark} />
      <span className={cx('truncate text-lg font-bold text-slate-900 dark:text-white', nameClassName)}>{name}</span>
    </Link>
  );
}
