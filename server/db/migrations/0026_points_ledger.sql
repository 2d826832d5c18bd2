CREATE TABLE "seeded_role_permissions" (
	"role_key" text NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "seeded_role_permissions_role_key_permission_pk" PRIMARY KEY("role_key","permission")
);
--> statement-breakpoint
CREATE TABLE "point_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"lifetime_earned" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_balances_not_negative" CHECK (balance >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"office_id" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"balance_after" integer NOT NULL,
	"remaining" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_ledger_nonzero" CHECK (points <> 0),
	CONSTRAINT "point_ledger_balance_not_negative" CHECK (balance_after >= 0),
	CONSTRAINT "point_ledger_remaining" CHECK ((points > 0 and remaining between 0 and points) or (points < 0 and remaining is null))
);
--> statement-breakpoint
ALTER TABLE "point_balances" ADD CONSTRAINT "point_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_ledger" ADD CONSTRAINT "point_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_ledger_user_time_idx" ON "point_ledger" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "point_ledger_time_idx" ON "point_ledger" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "point_ledger_open_credits_idx" ON "point_ledger" USING btree ("user_id","expires_at","id") WHERE remaining > 0;--> statement-breakpoint
CREATE INDEX "point_ledger_expiring_idx" ON "point_ledger" USING btree ("expires_at") WHERE remaining > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_role_key_lower_uq" ON "roles" USING btree (lower("role_key"));