/** The APP_KEY the flows' server runs with (global-setup.ts), so a flow can sign a public link as the server does. */
export const E2E_APP_KEY = 'e2e-app-key-0123456789-0123456789-0123456789';
