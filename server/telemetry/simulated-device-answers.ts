// The demo simulator's devices answer remote-settings commands as real ones would: they hear
// portal/command/<sn> on the broker and publish their answer on portal/reply/<sn>
// (docs/device-commands.md). Each device keeps its settings in memory, starting from its plant's
// grid code, so a change it confirmed is what it reports when asked again (until a restart, as a
// device that lost its configuration would). Only devices bound to a plant answer: the simulator
// reports for those alone.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { defaultGridCode, type SafetySettings } from '../domain/remote/grid-codes.ts';
import { COMMAND_PREFIX, COMMANDS, REPLY_PREFIX, serialOf, type CommandChannel, type CommandName, type CommandReply } from './device-commands.ts';

interface DeviceState {
  safety: SafetySettings;
  autoTimeSync: 0 | 1;
  reportEnable: 0 | 1;
}

async function boundDevice(db: Db, sn: string): Promise<{ sn: string; countryCode: string | null } | undefined> {
  const result = await db.execute(sql`select d.sn, p.country_code from devices d join plants p on p.plant_uid = d.plant_uid where lower(d.sn) = lower(${sn})`);
  const [row] = (result as unknown as { rows: { sn: string; country_code: string | null }[] }).rows;
  return row && { sn: row.sn, countryCode: row.country_code };
}

/** What a simulated device does with a command; the state changes only when it confirms. */
function answer(state: DeviceState, command: CommandName, params: Record<string, unknown>): CommandReply {
  switch (command) {
    case 'getSafetyData':
      return { ok: true, data: { ...state.safety } };
    case 'setSafetyData':
      state.safety = params as unknown as SafetySettings;
      return { ok: true, data: { ...state.safety } };
    case 'setAutoTimeSync':
      state.autoTimeSync = params.autoTimeSync === 1 ? 1 : 0;
      return { ok: true, data: { autoTimeSync: state.autoTimeSync } };
    case 'setEmsReportEnable':
      state.reportEnable = params.reportEnable === 1 ? 1 : 0;
      return { ok: true, data: { reportEnable: state.reportEnable } };
  }
}

/** Starts answering for the simulated devices on the broker's channel. */
export async function answerAsSimulatedDevices(channel: CommandChannel, db: Db, log: FastifyBaseLogger): Promise<void> {
  const states = new Map<string, DeviceState>();
  const handle = async (topic: string, payload: Buffer) => {
    const sn = serialOf(topic, COMMAND_PREFIX);
    if (!sn) return;
    const request = JSON.parse(payload.toString()) as { id?: unknown; command?: unknown; params?: unknown };
    if (typeof request.id !== 'string') return;
    const device = await boundDevice(db, sn);
    if (!device) return;
    const key = device.sn.toLowerCase();
    let state = states.get(key);
    if (!state) {
      const { safetyName: _name, countryCode: _country, ...safety } = defaultGridCode(device.countryCode);
      state = { safety, autoTimeSync: 0, reportEnable: 1 };
      states.set(key, state);
    }
    const reply = (COMMANDS as readonly unknown[]).includes(request.command)
      ? answer(state, request.command as CommandName, (request.params ?? {}) as Record<string, unknown>)
      : { ok: false as const, reason: `unknown command ${String(request.command)}` };
    await channel.publish(`${REPLY_PREFIX}${sn}`, JSON.stringify({ id: request.id, ...reply }));
  };
  await channel.subscribe(`${COMMAND_PREFIX}+`, (topic, payload) => {
    handle(topic, payload).catch((error: Error) => log.warn({ err: error, topic }, 'simulator: command not answered'));
  });
}
