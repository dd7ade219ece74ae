import { defineModule } from '../kazi-module.js';

/** RSVP: invitations, the public answer form, capacity and waitlist, reminders and check-in (SPEC §2 Events/Rsvp*, §7; issue 19). */
export const rsvpModule = defineModule({
  name: 'rsvp',
});
