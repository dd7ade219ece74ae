import type { CompanyFormats } from '@common/format';
// Shapes of the props the server shares with every Inertia page (ARCHITECTURE "HTTP contract").

export type AuthUser = {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  avatar_url: string | null;
};

export type Tenant = {
  id: number;
  name: string;
  timezone: string;
  logo_light: string | null;
  logo_dark: string | null;
  /** calling code of the company's phone numbers ("254"), from the country given at registration */
  phone_country?: string | null;
  /** the brand colour of Settings/Company/Theme (#RRGGBB), or null for the product's own */
  brand_color?: string | null;
};

export type Flash = {
  success?: string;
  error?: string;
  status?: string;
};

// A type alias (not an interface) so that it satisfies Inertia's PageProps index signature.
export type SharedProps = {
  auth: { user: AuthUser | null };
  tenant: Tenant | null;
  /** the companies the user may switch to */
  tenants: { id: number; name: string }[];
  permissions: string[];
  /** the user is a platform operator: the Operator menu is shown */
  operator?: boolean;
  notifications: { unread: number };
  /** the company's date format, time zone and default currency (common/format.ts) */
  formats?: CompanyFormats;
  flash: Flash;
  errors: Record<string, string>;
};

/** GET /settings/company/json → data */
export type CompanySettings = {
  value: { name: string; timezone?: string | null };
  logo_light: string | null;
  logo_dark: string | null;
};
