// Telemetry ingest over HTTP (the batch of an API client: devices and gateways hold no session),
// and the plant's devices with their live values.
import { eq } from 'drizzle-orm';
import { apiClients, offices } from '../db/schema/index.ts';
import { notFoundOrForbidden } from '../errors.ts';
import { assertPlantVisible } from '../repositories/scope.ts';
import { siteLayout } from '../repositories/site-layout.ts';
import { ingest } from '../telemetry/ingest.ts';
import { defineHandlers } from './types.ts';

const DAY_MS = 24 * 3600 * 1000;

export const telemetryHandlers = defineHandlers({
  async ingestTelemetry({ db, config, request, body }) {
    // The portal's own `web` key is public: it proves no device, so it may not report.
    const [client] = request.clientId
      ? await db.select({ path: offices.path }).from(apiClients).innerJoin(offices, eq(offices.id, apiClients.officeId))
        .where(eq(apiClients.clientId, request.clientId))
      : [];
    if (!client) throw notFoundOrForbidden();
    const { plants, alarms: _alarms, ...result } = await ingest(db, body.records, {
      officePath: client.path, oldest: new Date(Date.now() - config.rawRetentionDays * DAY_MS),
    });
    request.server.live.committed(plants);
    return result;
  },

  async getPlantSiteLayoutData({ db, user, query }) {
    await assertPlantVisible(db, user, query.plantUid);
    return siteLayout(db, query.plantUid);
  },
});
