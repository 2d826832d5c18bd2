-- Telemetry (server/db/schema/telemetry.ts). device_data is partitioned by month of ts, which
-- Drizzle cannot declare: the clause below is added by hand; server/telemetry/partitions.ts makes
-- the monthly partitions as data arrives.
CREATE TABLE "device_data" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"pv_power" real,
	"ac_power" real,
	"grid_power" real,
	"load_power" real,
	"battery_power" real,
	"battery_soc" real,
	"pv_energy_total" double precision,
	"grid_import_total" double precision,
	"grid_export_total" double precision,
	"load_energy_total" double precision,
	"battery_charge_total" double precision,
	"battery_discharge_total" double precision,
	"temperature" real,
	"fault_code" integer,
	CONSTRAINT "device_data_pk" PRIMARY KEY("device_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
CREATE TABLE "device_energy" (
	"device_id" integer NOT NULL,
	"grain" smallint NOT NULL,
	"bucket" timestamp NOT NULL,
	"plant_uid" text,
	"pv_energy" double precision DEFAULT 0 NOT NULL,
	"grid_import_energy" double precision DEFAULT 0 NOT NULL,
	"grid_export_energy" double precision DEFAULT 0 NOT NULL,
	"load_energy" double precision DEFAULT 0 NOT NULL,
	"battery_charge_energy" double precision DEFAULT 0 NOT NULL,
	"battery_discharge_energy" double precision DEFAULT 0 NOT NULL,
	"pv_peak" real,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_energy_pk" PRIMARY KEY("device_id","grain","bucket")
);
--> statement-breakpoint
CREATE TABLE "device_latest" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"plant_uid" text,
	"ts" timestamp with time zone NOT NULL,
	"pv_power" real,
	"ac_power" real,
	"grid_power" real,
	"load_power" real,
	"battery_power" real,
	"battery_soc" real,
	"pv_energy_total" double precision,
	"grid_import_total" double precision,
	"grid_export_total" double precision,
	"load_energy_total" double precision,
	"battery_charge_total" double precision,
	"battery_discharge_total" double precision,
	"temperature" real,
	"fault_code" integer
);
--> statement-breakpoint
CREATE TABLE "plant_energy" (
	"plant_uid" text NOT NULL,
	"grain" smallint NOT NULL,
	"bucket" timestamp NOT NULL,
	"pv_energy" double precision DEFAULT 0 NOT NULL,
	"grid_import_energy" double precision DEFAULT 0 NOT NULL,
	"grid_export_energy" double precision DEFAULT 0 NOT NULL,
	"load_energy" double precision DEFAULT 0 NOT NULL,
	"battery_charge_energy" double precision DEFAULT 0 NOT NULL,
	"battery_discharge_energy" double precision DEFAULT 0 NOT NULL,
	"pv_peak" real,
	"samples" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plant_energy_pk" PRIMARY KEY("plant_uid","grain","bucket")
);
--> statement-breakpoint
CREATE INDEX "device_latest_plant_idx" ON "device_latest" USING btree ("plant_uid");