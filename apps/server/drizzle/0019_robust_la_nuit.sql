CREATE TABLE "category_return_policies" (
	"category" text PRIMARY KEY NOT NULL,
	"window_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_ledger" DROP CONSTRAINT "seller_ledger_type_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "return_window_days" integer;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD COLUMN "payable_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_ledger" ADD CONSTRAINT "seller_ledger_type_check" CHECK ("seller_ledger"."type" in ('earned','commission','commissionTax','tcs','tds','refund','payout'));