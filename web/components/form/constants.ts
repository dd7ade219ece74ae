/** How long "Saved." stays beside a submit button (Inertia's recentlySuccessful, SPEC §9). */
export const SAVED_FOR_MS = 2000;
