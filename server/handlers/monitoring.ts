// Monitoring (001 section 7): weather, the home and plant statistics, the live energy flow, the
// sankey, power curves and device data. Plant-level calls check the plant (10005 outside the
// caller's scope; the plant-access guard has checked a visitor's share); home calls cover every
// plant the caller sees (statistics-scope.ts). Figures come from the rollups and the latest state.
import { siteCurrency } from '../domain/plants/plant-rules.ts';
import { assertPlantVisible } from '../repositories/scope.ts';
import { deviceDay, deviceHistory, invertersDay } from '../repositories/statistics-device-data.ts';
import { breakdown, energyStatistics, kwh, sankey } from '../repositories/statistics-energy.ts';
import { batteryNow, deviceStatistics, energyFlow, hourlySoc, plantStatistics, systemPowerOf } from '../repositories/statistics-fleet.ts';
import { dayPowerCurve, periodPowerCurve, plantDayCurve } from '../repositories/statistics-power.ts';
import { periodOf, plantSet, requestedDate, requestedPeriod, type DateType, type Period, type PlantSet } from '../repositories/statistics-scope.ts';
import { currentWeather, forecastWeather, weatherProvider } from '../telemetry/weather-service.ts';
import type { HandlerContext } from './types.ts';
import { defineHandlers } from './types.ts';

const DEFAULT_FORECAST_DAYS = 5;

/** The signed clientDate: the caller's own day, the default date over several plants. */
const clientDate = (ctx: Pick<HandlerContext<'getHomeEneryStatisticsData'>, 'request'>) => (ctx.request.query as Record<string, unknown>).clientDate;

/** A home statistic's period (over several plants, the caller's current one is each plant's own). */
const homePeriod = (ctx: Pick<HandlerContext<'getHomeEneryStatisticsData'>, 'request'>, query: { dateType?: string | undefined; date?: string | undefined }, set: PlantSet) =>
  requestedPeriod((query.dateType ?? 'day') as DateType, query.date, set, clientDate(ctx));

/** What a fleet answer for a period depends on besides the plants: each plant's own period moves with the clock. */
const periodKey = (period: Period) => [period.dateType, period.date, period.own ? period.now.toISOString().slice(0, 13) : null];

/**
 * A fleet's answer is shared by the callers who see the same plants until the next commit
 * (fleet-memo.ts); a plant's own answer is computed for each request, as it is cheap.
 */
function shared<T>(ctx: Pick<HandlerContext<'getHomeEneryStatisticsData'>, 'fleet'>, set: PlantSet, question: unknown[], compute: () => Promise<T>): Promise<T> {
  return set.key ? ctx.fleet.get(JSON.stringify([...question, set.key]), compute) : compute();
}

export const monitoringHandlers = defineHandlers({
  // Weather is an ornament of the page: a provider that fails is logged and shows no weather.
  async getCurrentWeather({ db, config, user, query, request, plant: known }) {
    const plant = await assertPlantVisible(db, user, query.plantUid, known);
    return currentWeather(weatherProvider(config.weatherProvider), plant).catch((err: Error) => {
      request.log.warn({ err, provider: config.weatherProvider }, 'weather: current weather unavailable');
      return null;
    });
  },

  async getForecastWeather({ db, config, user, query, request, plant: known }) {
    const plant = await assertPlantVisible(db, user, query.plantUid, known);
    return forecastWeather(weatherProvider(config.weatherProvider), plant, query.days ?? DEFAULT_FORECAST_DAYS).catch((err: Error) => {
      request.log.warn({ err, provider: config.weatherProvider }, 'weather: forecast unavailable');
      return [];
    });
  },

  async getHomeEneryStatisticsData(ctx) {
    const { db, config, user, query } = ctx;
    const set = await plantSet(db, user, query, ctx.plant);
    const period = homePeriod(ctx, query, set);
    const currency = siteCurrency(config.site);
    return shared(ctx, set, ['energy', ...periodKey(period), currency], () => energyStatistics(db, set, period, currency));
  },

  async getHomePowerStatisticsData(ctx) {
    const { db, user, query } = ctx;
    const set = await plantSet(db, user, query, ctx.plant);
    const period = homePeriod(ctx, query, set);
    return shared(ctx, set, ['power', ...periodKey(period)], async () => {
      const systemPower = set.single ? Number(set.single.systemPower ?? 0) : await systemPowerOf(db, set);
      const points = period.dateType === 'day' ? await dayPowerCurve(db, set, period) : await periodPowerCurve(db, set, period);
      return { dateType: period.dateType, date: period.date, systemPower, points };
    });
  },

  async getHomePlantStatisticsData(ctx) {
    const set = await plantSet(ctx.db, ctx.user, ctx.query, ctx.plant);
    return shared(ctx, set, ['plants'], () => plantStatistics(ctx.db, set));
  },

  async getHomeDeviceStatisticsData(ctx) {
    const set = await plantSet(ctx.db, ctx.user, ctx.query, ctx.plant);
    return shared(ctx, set, ['devices'], () => deviceStatistics(ctx.db, set));
  },

  async getHomeBatteryStatisticsData(ctx) {
    const { db, user, query } = ctx;
    const set = await plantSet(db, user, query, ctx.plant);
    const period = homePeriod(ctx, query, set);
    return shared(ctx, set, ['battery', ...periodKey(period)], async () => {
      const [now, buckets, soc] = await Promise.all([
        batteryNow(db, set), breakdown(db, set, period),
        period.dateType === 'day' ? hourlySoc(db, set, period) : undefined,
      ]);
      const items = buckets.map(({ time, energies }) => ({
        time, batteryChargeEnergy: kwh(energies.batteryChargeEnergy), batteryDischargeEnergy: kwh(energies.batteryDischargeEnergy),
        ...(soc ? { averageSoc: soc.get(time) ?? null } : {}),
      }));
      // The period's energy is the sum of its buckets, so that the breakdown adds up exactly.
      const sum = (f: 'batteryChargeEnergy' | 'batteryDischargeEnergy') => kwh(items.reduce((s, i) => s + i[f], 0));
      return { ...now, batteryChargeEnergy: sum('batteryChargeEnergy'), batteryDischargeEnergy: sum('batteryDischargeEnergy'), items };
    });
  },

  async getDeviceEneryFlowData({ db, user, query, plant }) {
    return energyFlow(db, await assertPlantVisible(db, user, query.plantUid, plant));
  },

  async getPlantSankeyDiagram({ db, user, query, plant }) {
    const set = await plantSet(db, user, { plantUid: query.plantUid }, plant);
    const period = periodOf((query.dateType ?? 'day') as DateType, requestedDate(query.date, set, undefined));
    return sankey(period, (await breakdown(db, set, period)).map((b) => b.energies));
  },

  async getPlantPowerAndPVPowerCurve({ db, user, query, plant }) {
    const set = await plantSet(db, user, { plantUid: query.plantUid }, plant);
    const date = requestedDate(query.date, set, undefined);
    return { plantUid: query.plantUid, date, systemPower: Number(set.single!.systemPower ?? 0), points: await plantDayCurve(db, set, date) };
  },

  getPvMeterData: ({ db, user, query }) => deviceDay(db, user, query.deviceSn, query.date),
  pagePvMeterData: ({ db, user, query }) => deviceHistory(db, user, query),

  async getInverterPvMeterData({ db, user, query, plant }) {
    return invertersDay(db, await assertPlantVisible(db, user, query.plantUid, plant), query.date);
  },
});
