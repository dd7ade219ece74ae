import { sql } from 'drizzle-orm';
import { STATS_TIMELINE_MAX } from '../../../common/realtime.js';
import { defineModule } from '../kazi-module.js';
import { realtimeRoutes } from './routes.js';

/**
 * Realtime (issue 22; docs/decisions/0044-realtime.md): Echo's `/broadcasting/auth` and
 * `/broadcasting/user-auth`, the channels every company has, the record of presence and the
 * admin's figures. The websocket server itself and `broadcast()` are the platform's
 * (server/realtime), so every module can publish.
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  plugin: realtimeRoutes,
  // the Realtime page's timeline: an afternoon's figures of one instance, a sample a minute
  seedDemo: async (tx, { tenantId }) => {
    await tx.execute(sql`insert into realtime_stats (tenant_id, instance, at, connections, channels, messages)
      select ${tenantId}, 'demo', date_trunc('minute', now()) - make_interval(mins => i),
             3 + (i % 7) / 2, 5 + (i % 5), 12 + (i * 37) % 40
        from generate_series(1, ${STATS_TIMELINE_MAX}) as i`);
  },
});
