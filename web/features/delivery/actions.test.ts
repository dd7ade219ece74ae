import { describe, expect, it } from 'vitest';
import { sendControlsFor } from './actions';

describe('sendControlsFor', () => {
  it('offers pause while a send moves, resume when paused, cancel until it is done', () => {
    expect(sendControlsFor('queued')).toEqual({ pause: true, resume: false, cancel: true });
    expect(sendControlsFor('sending')).toEqual({ pause: true, resume: false, cancel: true });
    expect(sendControlsFor('paused')).toEqual({ pause: false, resume: true, cancel: true });
    expect(sendControlsFor('scheduled')).toEqual({ pause: false, resume: false, cancel: true });
    for (const done of ['completed', 'cancelled']) expect(sendControlsFor(done)).toEqual({ pause: false, resume: false, cancel: false });
  });

  it('offers pause on a scheduled send only where the channel asks for it', () => {
    expect(sendControlsFor('scheduled', { pauseScheduled: true }).pause).toBe(true);
    expect(sendControlsFor('completed', { pauseScheduled: true }).pause).toBe(false);
  });
});
