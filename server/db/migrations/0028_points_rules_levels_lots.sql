CREATE TABLE "member_equity_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_equity_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"level_name" text NOT NULL,
	"level" integer NOT NULL,
	"min_points" integer NOT NULL,
	"points_multiplier" numeric(3, 1) DEFAULT '1' NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"extended_warranty_months" integer DEFAULT 0 NOT NULL,
	"equity_content" text,
	"icon" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_awards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_awards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"event_type" smallint NOT NULL,
	"event_key" text NOT NULL,
	"plant_uid" text,
	"device_sn" text,
	"points" integer NOT NULL,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"entry_id" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "point_lots_remaining" CHECK (remaining >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rule_name" text NOT NULL,
	"event_type" smallint NOT NULL,
	"target_user_type" smallint NOT NULL,
	"points" integer NOT NULL,
	"daily_limit" integer DEFAULT 0 NOT NULL,
	"valid_months" integer DEFAULT 0 NOT NULL,
	"start_date" date,
	"end_date" date,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"points" integer NOT NULL,
	"operator_id" text,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "point_ledger" DROP CONSTRAINT "point_ledger_remaining";--> statement-breakpoint
DROP INDEX "point_ledger_open_credits_idx";--> statement-breakpoint
DROP INDEX "point_ledger_expiring_idx";--> statement-breakpoint
ALTER TABLE "point_balances" ADD COLUMN "used_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "point_balances" ADD COLUMN "expired_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD COLUMN "change_type" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "point_awards" ADD CONSTRAINT "point_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_awards" ADD CONSTRAINT "point_awards_entry_id_point_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."point_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_entry_id_point_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."point_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transfers" ADD CONSTRAINT "point_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transfers" ADD CONSTRAINT "point_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transfers" ADD CONSTRAINT "point_transfers_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_equity_rules_level_uq" ON "member_equity_rules" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "point_awards_once_uq" ON "point_awards" USING btree ("user_id","rule_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "point_awards_entry_uq" ON "point_awards" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "point_awards_rule_day_idx" ON "point_awards" USING btree ("user_id","rule_id","created_at");--> statement-breakpoint
CREATE INDEX "point_awards_device_idx" ON "point_awards" USING btree ("event_type","created_at") WHERE device_sn is not null or plant_uid is not null;--> statement-breakpoint
CREATE INDEX "point_lots_entry_idx" ON "point_lots" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "point_lots_open_idx" ON "point_lots" USING btree ("user_id","expires_at","id") WHERE remaining > 0;--> statement-breakpoint
CREATE INDEX "point_lots_expiring_idx" ON "point_lots" USING btree ("expires_at") WHERE remaining > 0;--> statement-breakpoint
CREATE INDEX "point_rules_event_idx" ON "point_rules" USING btree ("event_type","status");--> statement-breakpoint
CREATE INDEX "point_rules_created_idx" ON "point_rules" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "point_ledger" DROP COLUMN "remaining";--> statement-breakpoint
ALTER TABLE "point_ledger" DROP COLUMN "expires_at";