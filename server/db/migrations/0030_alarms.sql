CREATE TABLE "alarm_codes" (
	"device_type" smallint NOT NULL,
	"alarm_code" integer NOT NULL,
	"level" smallint NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"suggestion" jsonb NOT NULL,
	CONSTRAINT "alarm_codes_pk" PRIMARY KEY("device_type","alarm_code")
);
--> statement-breakpoint
CREATE TABLE "alarm_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alarm_id" integer NOT NULL,
	"event_type" smallint NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"user_id" text,
	"user_name" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"device_sn" text NOT NULL,
	"device_type" smallint NOT NULL,
	"plant_uid" text NOT NULL,
	"alarm_code" integer NOT NULL,
	"alarm_name" text NOT NULL,
	"level" smallint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"update_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"occurrence_num" integer DEFAULT 1 NOT NULL,
	"close_user_id" text,
	"close_user_name" text,
	"close_remark" text
);
--> statement-breakpoint
CREATE TABLE "plant_alarm_thresholds" (
	"plant_uid" text PRIMARY KEY NOT NULL,
	"max_temperature" real,
	"min_battery_soc" real,
	"min_grid_voltage" real,
	"max_grid_voltage" real,
	"min_grid_frequency" real,
	"max_grid_frequency" real,
	"offline_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_data" ADD COLUMN "grid_voltage" real;--> statement-breakpoint
ALTER TABLE "device_data" ADD COLUMN "grid_frequency" real;--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "grid_voltage" real;--> statement-breakpoint
ALTER TABLE "device_latest" ADD COLUMN "grid_frequency" real;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "alarm_email" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_close_user_id_users_id_fk" FOREIGN KEY ("close_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plant_alarm_thresholds" ADD CONSTRAINT "plant_alarm_thresholds_plant_uid_plants_plant_uid_fk" FOREIGN KEY ("plant_uid") REFERENCES "public"."plants"("plant_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_events_alarm_idx" ON "alarm_events" USING btree ("alarm_id","event_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarm_events_time_idx" ON "alarm_events" USING btree ("event_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_uq" ON "alarms" USING btree ("device_id","alarm_code") WHERE "alarms"."state" = 1;--> statement-breakpoint
CREATE INDEX "alarms_start_idx" ON "alarms" USING btree ("start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_update_idx" ON "alarms" USING btree ("update_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_plant_start_idx" ON "alarms" USING btree ("plant_uid","start_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "alarms_plant_state_idx" ON "alarms" USING btree ("plant_uid","state","level");--> statement-breakpoint
CREATE INDEX "alarms_device_sn_trgm" ON "alarms" USING gin ("device_sn" gin_trgm_ops);
--> statement-breakpoint
-- The fault-code catalogue and the portal's rules (server/alarms/rules.ts), per device type.
INSERT INTO "alarm_codes" ("device_type", "alarm_code", "level", "name", "description", "suggestion") VALUES
(1, 1001, 2, '{"en": "Grid over-voltage trip", "zh-CN": "电网过压脱网"}'::jsonb, '{"en": "The inverter disconnected because the grid voltage rose above its protection limit.", "zh-CN": "电网电压超过逆变器保护限值，逆变器已脱网。"}'::jsonb, '{"en": "Usually clears by itself when the grid voltage falls. If it repeats daily, ask the utility to check the local voltage or have the installer review the cable sizing and the grid settings.", "zh-CN": "电网电压回落后通常会自动恢复。若每天重复出现，请联系电网公司检查当地电压，或请安装商检查线缆规格和并网设置。"}'::jsonb),
(3, 1001, 2, '{"en": "Grid over-voltage trip", "zh-CN": "电网过压脱网"}'::jsonb, '{"en": "The inverter disconnected because the grid voltage rose above its protection limit.", "zh-CN": "电网电压超过逆变器保护限值，逆变器已脱网。"}'::jsonb, '{"en": "Usually clears by itself when the grid voltage falls. If it repeats daily, ask the utility to check the local voltage or have the installer review the cable sizing and the grid settings.", "zh-CN": "电网电压回落后通常会自动恢复。若每天重复出现，请联系电网公司检查当地电压，或请安装商检查线缆规格和并网设置。"}'::jsonb),
(7, 1001, 2, '{"en": "Grid over-voltage trip", "zh-CN": "电网过压脱网"}'::jsonb, '{"en": "The inverter disconnected because the grid voltage rose above its protection limit.", "zh-CN": "电网电压超过逆变器保护限值，逆变器已脱网。"}'::jsonb, '{"en": "Usually clears by itself when the grid voltage falls. If it repeats daily, ask the utility to check the local voltage or have the installer review the cable sizing and the grid settings.", "zh-CN": "电网电压回落后通常会自动恢复。若每天重复出现，请联系电网公司检查当地电压，或请安装商检查线缆规格和并网设置。"}'::jsonb),
(1, 1002, 2, '{"en": "Insulation resistance low", "zh-CN": "绝缘阻抗低"}'::jsonb, '{"en": "The resistance between the PV strings and earth is below the safe limit; the inverter stops feeding the grid.", "zh-CN": "光伏组串对地绝缘阻抗低于安全限值，逆变器停止并网。"}'::jsonb, '{"en": "Often caused by moisture after rain. If it persists when dry, have the installer check the PV cables and connectors for damage.", "zh-CN": "常因雨后潮湿引起。若干燥后仍存在，请安装商检查光伏线缆和接头是否损坏。"}'::jsonb),
(3, 1002, 2, '{"en": "Insulation resistance low", "zh-CN": "绝缘阻抗低"}'::jsonb, '{"en": "The resistance between the PV strings and earth is below the safe limit; the inverter stops feeding the grid.", "zh-CN": "光伏组串对地绝缘阻抗低于安全限值，逆变器停止并网。"}'::jsonb, '{"en": "Often caused by moisture after rain. If it persists when dry, have the installer check the PV cables and connectors for damage.", "zh-CN": "常因雨后潮湿引起。若干燥后仍存在，请安装商检查光伏线缆和接头是否损坏。"}'::jsonb),
(7, 1002, 2, '{"en": "Insulation resistance low", "zh-CN": "绝缘阻抗低"}'::jsonb, '{"en": "The resistance between the PV strings and earth is below the safe limit; the inverter stops feeding the grid.", "zh-CN": "光伏组串对地绝缘阻抗低于安全限值，逆变器停止并网。"}'::jsonb, '{"en": "Often caused by moisture after rain. If it persists when dry, have the installer check the PV cables and connectors for damage.", "zh-CN": "常因雨后潮湿引起。若干燥后仍存在，请安装商检查光伏线缆和接头是否损坏。"}'::jsonb),
(1, 1003, 1, '{"en": "Grid frequency abnormal", "zh-CN": "电网频率异常"}'::jsonb, '{"en": "The device measured a grid frequency outside its protection band.", "zh-CN": "设备检测到电网频率超出保护范围。"}'::jsonb, '{"en": "Clears when the grid is stable again; contact the utility if it repeats.", "zh-CN": "电网恢复稳定后自动恢复；若反复出现请联系电网公司。"}'::jsonb),
(3, 1003, 1, '{"en": "Grid frequency abnormal", "zh-CN": "电网频率异常"}'::jsonb, '{"en": "The device measured a grid frequency outside its protection band.", "zh-CN": "设备检测到电网频率超出保护范围。"}'::jsonb, '{"en": "Clears when the grid is stable again; contact the utility if it repeats.", "zh-CN": "电网恢复稳定后自动恢复；若反复出现请联系电网公司。"}'::jsonb),
(7, 1003, 1, '{"en": "Grid frequency abnormal", "zh-CN": "电网频率异常"}'::jsonb, '{"en": "The device measured a grid frequency outside its protection band.", "zh-CN": "设备检测到电网频率超出保护范围。"}'::jsonb, '{"en": "Clears when the grid is stable again; contact the utility if it repeats.", "zh-CN": "电网恢复稳定后自动恢复；若反复出现请联系电网公司。"}'::jsonb),
(1, 1004, 0, '{"en": "Fan failure", "zh-CN": "风扇故障"}'::jsonb, '{"en": "A cooling fan of the device does not turn.", "zh-CN": "设备散热风扇不转。"}'::jsonb, '{"en": "Check the fan for dirt or obstruction; the device may derate until it is replaced.", "zh-CN": "检查风扇是否脏污或被堵塞；更换前设备可能降额运行。"}'::jsonb),
(3, 1004, 0, '{"en": "Fan failure", "zh-CN": "风扇故障"}'::jsonb, '{"en": "A cooling fan of the device does not turn.", "zh-CN": "设备散热风扇不转。"}'::jsonb, '{"en": "Check the fan for dirt or obstruction; the device may derate until it is replaced.", "zh-CN": "检查风扇是否脏污或被堵塞；更换前设备可能降额运行。"}'::jsonb),
(7, 1004, 0, '{"en": "Fan failure", "zh-CN": "风扇故障"}'::jsonb, '{"en": "A cooling fan of the device does not turn.", "zh-CN": "设备散热风扇不转。"}'::jsonb, '{"en": "Check the fan for dirt or obstruction; the device may derate until it is replaced.", "zh-CN": "检查风扇是否脏污或被堵塞；更换前设备可能降额运行。"}'::jsonb),
(1, 2001, 2, '{"en": "Battery over-temperature", "zh-CN": "电池过温"}'::jsonb, '{"en": "The battery management system stopped charging and discharging because the battery is too hot.", "zh-CN": "电池温度过高，电池管理系统已停止充放电。"}'::jsonb, '{"en": "Make sure the battery is ventilated and not in direct sun; it resumes when it has cooled down.", "zh-CN": "确保电池通风良好、避免阳光直射；冷却后会自动恢复。"}'::jsonb),
(3, 2001, 2, '{"en": "Battery over-temperature", "zh-CN": "电池过温"}'::jsonb, '{"en": "The battery management system stopped charging and discharging because the battery is too hot.", "zh-CN": "电池温度过高，电池管理系统已停止充放电。"}'::jsonb, '{"en": "Make sure the battery is ventilated and not in direct sun; it resumes when it has cooled down.", "zh-CN": "确保电池通风良好、避免阳光直射；冷却后会自动恢复。"}'::jsonb),
(7, 2001, 2, '{"en": "Battery over-temperature", "zh-CN": "电池过温"}'::jsonb, '{"en": "The battery management system stopped charging and discharging because the battery is too hot.", "zh-CN": "电池温度过高，电池管理系统已停止充放电。"}'::jsonb, '{"en": "Make sure the battery is ventilated and not in direct sun; it resumes when it has cooled down.", "zh-CN": "确保电池通风良好、避免阳光直射；冷却后会自动恢复。"}'::jsonb),
(1, 2002, 1, '{"en": "Battery communication lost", "zh-CN": "电池通信中断"}'::jsonb, '{"en": "The device receives no data from the battery management system.", "zh-CN": "设备收不到电池管理系统的数据。"}'::jsonb, '{"en": "Check the communication cable between the battery and the device.", "zh-CN": "检查电池与设备之间的通信线缆。"}'::jsonb),
(3, 2002, 1, '{"en": "Battery communication lost", "zh-CN": "电池通信中断"}'::jsonb, '{"en": "The device receives no data from the battery management system.", "zh-CN": "设备收不到电池管理系统的数据。"}'::jsonb, '{"en": "Check the communication cable between the battery and the device.", "zh-CN": "检查电池与设备之间的通信线缆。"}'::jsonb),
(7, 2002, 1, '{"en": "Battery communication lost", "zh-CN": "电池通信中断"}'::jsonb, '{"en": "The device receives no data from the battery management system.", "zh-CN": "设备收不到电池管理系统的数据。"}'::jsonb, '{"en": "Check the communication cable between the battery and the device.", "zh-CN": "检查电池与设备之间的通信线缆。"}'::jsonb),
(1, 3001, 1, '{"en": "Meter communication lost", "zh-CN": "电表通信中断"}'::jsonb, '{"en": "The device receives no readings from the grid meter.", "zh-CN": "设备收不到电网电表的读数。"}'::jsonb, '{"en": "Check the meter''s power and its communication cable; export limits cannot be kept meanwhile.", "zh-CN": "检查电表供电和通信线缆；期间无法执行防逆流限制。"}'::jsonb),
(2, 3001, 1, '{"en": "Meter communication lost", "zh-CN": "电表通信中断"}'::jsonb, '{"en": "The device receives no readings from the grid meter.", "zh-CN": "设备收不到电网电表的读数。"}'::jsonb, '{"en": "Check the meter''s power and its communication cable; export limits cannot be kept meanwhile.", "zh-CN": "检查电表供电和通信线缆；期间无法执行防逆流限制。"}'::jsonb),
(3, 3001, 1, '{"en": "Meter communication lost", "zh-CN": "电表通信中断"}'::jsonb, '{"en": "The device receives no readings from the grid meter.", "zh-CN": "设备收不到电网电表的读数。"}'::jsonb, '{"en": "Check the meter''s power and its communication cable; export limits cannot be kept meanwhile.", "zh-CN": "检查电表供电和通信线缆；期间无法执行防逆流限制。"}'::jsonb),
(7, 3001, 1, '{"en": "Meter communication lost", "zh-CN": "电表通信中断"}'::jsonb, '{"en": "The device receives no readings from the grid meter.", "zh-CN": "设备收不到电网电表的读数。"}'::jsonb, '{"en": "Check the meter''s power and its communication cable; export limits cannot be kept meanwhile.", "zh-CN": "检查电表供电和通信线缆；期间无法执行防逆流限制。"}'::jsonb),
(6, 6001, 2, '{"en": "Charger ground fault", "zh-CN": "充电桩接地故障"}'::jsonb, '{"en": "The charger detected a leakage current to earth and stopped charging.", "zh-CN": "充电桩检测到对地漏电流并已停止充电。"}'::jsonb, '{"en": "Unplug the vehicle and have the charger checked by an electrician before using it again.", "zh-CN": "拔下车辆，请电工检查充电桩后再使用。"}'::jsonb),
(6, 6002, 1, '{"en": "Charger over-current", "zh-CN": "充电桩过流"}'::jsonb, '{"en": "The charging current exceeded the charger''s rating.", "zh-CN": "充电电流超过充电桩额定值。"}'::jsonb, '{"en": "Check the vehicle''s charging settings; the charger resumes on the next session.", "zh-CN": "检查车辆充电设置；下次充电时会自动恢复。"}'::jsonb),
(1, 90001, 1, '{"en": "Device offline", "zh-CN": "设备离线"}'::jsonb, '{"en": "The device has sent no data for longer than the plant''s offline limit (15 minutes by default).", "zh-CN": "设备超过电站的离线时限（默认15分钟）未上报数据。"}'::jsonb, '{"en": "Check the device''s power and its network connection (Wi-Fi, cable or mobile data).", "zh-CN": "检查设备供电及网络连接（Wi-Fi、网线或移动数据）。"}'::jsonb),
(2, 90001, 1, '{"en": "Device offline", "zh-CN": "设备离线"}'::jsonb, '{"en": "The device has sent no data for longer than the plant''s offline limit (15 minutes by default).", "zh-CN": "设备超过电站的离线时限（默认15分钟）未上报数据。"}'::jsonb, '{"en": "Check the device''s power and its network connection (Wi-Fi, cable or mobile data).", "zh-CN": "检查设备供电及网络连接（Wi-Fi、网线或移动数据）。"}'::jsonb),
(3, 90001, 1, '{"en": "Device offline", "zh-CN": "设备离线"}'::jsonb, '{"en": "The device has sent no data for longer than the plant''s offline limit (15 minutes by default).", "zh-CN": "设备超过电站的离线时限（默认15分钟）未上报数据。"}'::jsonb, '{"en": "Check the device''s power and its network connection (Wi-Fi, cable or mobile data).", "zh-CN": "检查设备供电及网络连接（Wi-Fi、网线或移动数据）。"}'::jsonb),
(4, 90001, 1, '{"en": "Device offline", "zh-CN": "设备离线"}'::jsonb, '{"en": "The device has sent no data for longer than the plant''s offline limit (15 minutes by default).", "zh-CN": "设备超过电站的离线时限（默认15分钟）未上报数据。"}'::jsonb, '{"en": "Check the device''s power and its network connection (Wi-Fi, cable or mobile data).", "zh-CN": "检查设备供电及网络连接（Wi-Fi、网线或移动数据）。"}'::jsonb),
(5, 90001, 1, '{"en": "Device offline", "zh-CN": "设备离线"}'::jsonb, '{"en": "The device has sent no data for longer than the plant''s offline limit (15 minutes by default).", "zh-CN": "设备超过电站的离线时限（默认15分钟）未上报数据。"}'::jsonb, '{"en": "Check the device''s power and its network connection (Wi-Fi, cable or mobile data).", "zh-CN": "检查设备供电及网络连接（Wi-Fi、网线或移动数据）。"}'::jsonb),
(6, 90001, 1, '{"en": "Device offline", "zh-CN": "设备离线"}'::jsonb, '{"en": "The device has sent no data for longer than the plant''s offline limit (15 minutes by default).", "zh-CN": "设备超过电站的离线时限（默认15分钟）未上报数据。"}'::jsonb, '{"en": "Check the device''s power and its network connection (Wi-Fi, cable or mobile data).", "zh-CN": "检查设备供电及网络连接（Wi-Fi、网线或移动数据）。"}'::jsonb),
(7, 90001, 1, '{"en": "Device offline", "zh-CN": "设备离线"}'::jsonb, '{"en": "The device has sent no data for longer than the plant''s offline limit (15 minutes by default).", "zh-CN": "设备超过电站的离线时限（默认15分钟）未上报数据。"}'::jsonb, '{"en": "Check the device''s power and its network connection (Wi-Fi, cable or mobile data).", "zh-CN": "检查设备供电及网络连接（Wi-Fi、网线或移动数据）。"}'::jsonb),
(1, 90002, 1, '{"en": "Over-temperature", "zh-CN": "温度过高"}'::jsonb, '{"en": "The device reported a temperature above the plant''s limit.", "zh-CN": "设备上报的温度超过电站限值。"}'::jsonb, '{"en": "Check the ventilation around the device and keep it out of direct sun.", "zh-CN": "检查设备周围通风，避免阳光直射。"}'::jsonb),
(3, 90002, 1, '{"en": "Over-temperature", "zh-CN": "温度过高"}'::jsonb, '{"en": "The device reported a temperature above the plant''s limit.", "zh-CN": "设备上报的温度超过电站限值。"}'::jsonb, '{"en": "Check the ventilation around the device and keep it out of direct sun.", "zh-CN": "检查设备周围通风，避免阳光直射。"}'::jsonb),
(7, 90002, 1, '{"en": "Over-temperature", "zh-CN": "温度过高"}'::jsonb, '{"en": "The device reported a temperature above the plant''s limit.", "zh-CN": "设备上报的温度超过电站限值。"}'::jsonb, '{"en": "Check the ventilation around the device and keep it out of direct sun.", "zh-CN": "检查设备周围通风，避免阳光直射。"}'::jsonb),
(1, 90003, 0, '{"en": "Battery SOC low", "zh-CN": "电池电量低"}'::jsonb, '{"en": "The battery''s state of charge fell below the plant''s threshold.", "zh-CN": "电池电量低于电站阈值。"}'::jsonb, '{"en": "Usually recovers when the sun or off-peak charging refills the battery; check the reserve settings if it stays low.", "zh-CN": "通常在日照或谷电充电后恢复；若持续偏低请检查备电设置。"}'::jsonb),
(3, 90003, 0, '{"en": "Battery SOC low", "zh-CN": "电池电量低"}'::jsonb, '{"en": "The battery''s state of charge fell below the plant''s threshold.", "zh-CN": "电池电量低于电站阈值。"}'::jsonb, '{"en": "Usually recovers when the sun or off-peak charging refills the battery; check the reserve settings if it stays low.", "zh-CN": "通常在日照或谷电充电后恢复；若持续偏低请检查备电设置。"}'::jsonb),
(7, 90003, 0, '{"en": "Battery SOC low", "zh-CN": "电池电量低"}'::jsonb, '{"en": "The battery''s state of charge fell below the plant''s threshold.", "zh-CN": "电池电量低于电站阈值。"}'::jsonb, '{"en": "Usually recovers when the sun or off-peak charging refills the battery; check the reserve settings if it stays low.", "zh-CN": "通常在日照或谷电充电后恢复；若持续偏低请检查备电设置。"}'::jsonb),
(1, 90004, 1, '{"en": "Grid over-voltage", "zh-CN": "电网电压过高"}'::jsonb, '{"en": "The device measured a grid voltage above the plant''s range.", "zh-CN": "设备测得的电网电压高于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats; the inverter may reduce its output meanwhile.", "zh-CN": "若反复出现请联系电网公司；期间逆变器可能降低输出。"}'::jsonb),
(2, 90004, 1, '{"en": "Grid over-voltage", "zh-CN": "电网电压过高"}'::jsonb, '{"en": "The device measured a grid voltage above the plant''s range.", "zh-CN": "设备测得的电网电压高于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats; the inverter may reduce its output meanwhile.", "zh-CN": "若反复出现请联系电网公司；期间逆变器可能降低输出。"}'::jsonb),
(3, 90004, 1, '{"en": "Grid over-voltage", "zh-CN": "电网电压过高"}'::jsonb, '{"en": "The device measured a grid voltage above the plant''s range.", "zh-CN": "设备测得的电网电压高于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats; the inverter may reduce its output meanwhile.", "zh-CN": "若反复出现请联系电网公司；期间逆变器可能降低输出。"}'::jsonb),
(7, 90004, 1, '{"en": "Grid over-voltage", "zh-CN": "电网电压过高"}'::jsonb, '{"en": "The device measured a grid voltage above the plant''s range.", "zh-CN": "设备测得的电网电压高于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats; the inverter may reduce its output meanwhile.", "zh-CN": "若反复出现请联系电网公司；期间逆变器可能降低输出。"}'::jsonb),
(1, 90005, 1, '{"en": "Grid under-voltage", "zh-CN": "电网电压过低"}'::jsonb, '{"en": "The device measured a grid voltage below the plant''s range.", "zh-CN": "设备测得的电网电压低于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(2, 90005, 1, '{"en": "Grid under-voltage", "zh-CN": "电网电压过低"}'::jsonb, '{"en": "The device measured a grid voltage below the plant''s range.", "zh-CN": "设备测得的电网电压低于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(3, 90005, 1, '{"en": "Grid under-voltage", "zh-CN": "电网电压过低"}'::jsonb, '{"en": "The device measured a grid voltage below the plant''s range.", "zh-CN": "设备测得的电网电压低于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(7, 90005, 1, '{"en": "Grid under-voltage", "zh-CN": "电网电压过低"}'::jsonb, '{"en": "The device measured a grid voltage below the plant''s range.", "zh-CN": "设备测得的电网电压低于电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(1, 90006, 1, '{"en": "Grid frequency out of range", "zh-CN": "电网频率越限"}'::jsonb, '{"en": "The device measured a grid frequency outside the plant''s range.", "zh-CN": "设备测得的电网频率超出电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(2, 90006, 1, '{"en": "Grid frequency out of range", "zh-CN": "电网频率越限"}'::jsonb, '{"en": "The device measured a grid frequency outside the plant''s range.", "zh-CN": "设备测得的电网频率超出电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(3, 90006, 1, '{"en": "Grid frequency out of range", "zh-CN": "电网频率越限"}'::jsonb, '{"en": "The device measured a grid frequency outside the plant''s range.", "zh-CN": "设备测得的电网频率超出电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(7, 90006, 1, '{"en": "Grid frequency out of range", "zh-CN": "电网频率越限"}'::jsonb, '{"en": "The device measured a grid frequency outside the plant''s range.", "zh-CN": "设备测得的电网频率超出电站范围。"}'::jsonb, '{"en": "Contact the utility if it repeats.", "zh-CN": "若反复出现请联系电网公司。"}'::jsonb),
(1, 90007, 1, '{"en": "No production in daylight", "zh-CN": "白天无发电"}'::jsonb, '{"en": "The plant produced nothing while the weather at the plant should have let it produce.", "zh-CN": "电站所在地天气应能发电，但电站没有发电。"}'::jsonb, '{"en": "Check the inverter''s display, its DC switch and the PV strings.", "zh-CN": "检查逆变器显示、直流开关和光伏组串。"}'::jsonb),
(3, 90007, 1, '{"en": "No production in daylight", "zh-CN": "白天无发电"}'::jsonb, '{"en": "The plant produced nothing while the weather at the plant should have let it produce.", "zh-CN": "电站所在地天气应能发电，但电站没有发电。"}'::jsonb, '{"en": "Check the inverter''s display, its DC switch and the PV strings.", "zh-CN": "检查逆变器显示、直流开关和光伏组串。"}'::jsonb),
(7, 90007, 1, '{"en": "No production in daylight", "zh-CN": "白天无发电"}'::jsonb, '{"en": "The plant produced nothing while the weather at the plant should have let it produce.", "zh-CN": "电站所在地天气应能发电，但电站没有发电。"}'::jsonb, '{"en": "Check the inverter''s display, its DC switch and the PV strings.", "zh-CN": "检查逆变器显示、直流开关和光伏组串。"}'::jsonb);
