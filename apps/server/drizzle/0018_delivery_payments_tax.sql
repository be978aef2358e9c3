CREATE TABLE "cod_otps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"awb" text,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"remittance_reference" text,
	"remitted_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_parcels_state_check" CHECK ("cod_parcels"."state" in ('awaiting','remitted','refused')),
	CONSTRAINT "cod_parcels_amount_positive" CHECK ("cod_parcels"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payment_id" text,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "gateway_events_status_check" CHECK ("gateway_events"."status" in ('received','processed','ignored','unknown_order'))
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"shipping_paise" integer DEFAULT 0 NOT NULL,
	"zone" text,
	"billed_grams" integer DEFAULT 0 NOT NULL,
	"promised_date" date,
	"delivery_pincode" text,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"courier_shipment_id" text,
	"awb" text,
	"courier_name" text,
	"pickup_date" date,
	"tracking_state" text,
	"tracking_at" timestamp with time zone,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shipments_status_check" CHECK ("order_shipments"."status" in ('awaiting','creating','created','failed'))
);
--> statement-breakpoint
CREATE TABLE "seller_tax_profile_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_tax_profiles" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"issuer_no" integer GENERATED ALWAYS AS IDENTITY (sequence name "seller_tax_profiles_issuer_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"legal_name" text NOT NULL,
	"gstin" text,
	"state" text NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_document_counters" (
	"series" text NOT NULL,
	"fy" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_document_counters_series_fy_pk" PRIMARY KEY("series","fy")
);
--> statement-breakpoint
CREATE TABLE "tax_document_files" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"fy" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"order_id" uuid,
	"refund_id" uuid,
	"invoice_id" uuid,
	"period" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"pdf_status" text DEFAULT 'pending' NOT NULL,
	"pdf_sha256" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice','creditNote','commissionInvoice')),
	CONSTRAINT "tax_documents_number_length" CHECK (length("tax_documents"."number") <= 16)
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"shipment_id" uuid NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_shipment_id_state_pk" PRIMARY KEY("shipment_id","state")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '') || ' ' || coalesce(brand_label, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "seller_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "taxable_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cgst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sgst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "igst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tcs_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tds_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_business_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" integer;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "accepts_cod" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_pincode" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "dispatch_days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "dispatch_cutoff" text DEFAULT '14:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_otps" ADD CONSTRAINT "cod_otps_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_parcels" ADD CONSTRAINT "cod_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_tax_profile_history" ADD CONSTRAINT "seller_tax_profile_history_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_tax_profiles" ADD CONSTRAINT "seller_tax_profiles_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_document_files" ADD CONSTRAINT "tax_document_files_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_shipment_id_order_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."order_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_otps_order_idx" ON "cod_otps" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "cod_otps_user_idx" ON "cod_otps" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_parcels_order_seller_unique" ON "cod_parcels" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_parcels_awb_unique" ON "cod_parcels" USING btree ("awb") WHERE "cod_parcels"."awb" is not null;--> statement-breakpoint
CREATE INDEX "cod_parcels_refused_idx" ON "cod_parcels" USING btree ("user_id","refused_at") WHERE "cod_parcels"."state" = 'refused';--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_provider_event_unique" ON "gateway_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "gateway_events_open_idx" ON "gateway_events" USING btree ("created_at") WHERE "gateway_events"."status" = 'received';--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_order_seller" ON "order_shipments" USING btree ("order_id","seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_shipments_awb" ON "order_shipments" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "order_shipments_due_idx" ON "order_shipments" USING btree ("next_attempt_at") WHERE "order_shipments"."status" = 'creating';--> statement-breakpoint
CREATE INDEX "seller_tax_profile_history_seller_idx" ON "seller_tax_profile_history" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seller_tax_profiles_issuer_unique" ON "seller_tax_profiles" USING btree ("issuer_no");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_unique" ON "tax_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_invoice" ON "tax_documents" USING btree ("order_id","seller_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_credit_note" ON "tax_documents" USING btree ("refund_id","seller_id") WHERE "tax_documents"."kind" = 'creditNote';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_one_commission" ON "tax_documents" USING btree ("seller_id","period") WHERE "tax_documents"."kind" = 'commissionInvoice';--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_seller_idx" ON "tax_documents" USING btree ("seller_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_pdf_due_idx" ON "tax_documents" USING btree ("next_attempt_at") WHERE "tax_documents"."pdf_status" = 'pending';--> statement-breakpoint
-- hand-written (carry over on merge)
-- Search matches a brand by its slug and its label (docs/search-and-listing.md, "Brands"): products.brand_label is
-- the brands table's label, set here whenever a product's brand is set; a rename relabels the brand's products in
-- batches after it commits (brand-relabel.ts). Dropping search_vector dropped its index: built again here.
CREATE FUNCTION "products_brand_label"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.brand_label := coalesce((SELECT label FROM brands WHERE id = NEW.brand), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_brand_label" BEFORE INSERT OR UPDATE OF brand ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_brand_label"();--> statement-breakpoint
-- A brand's label words join the typo-correction vocabulary when it is added or renamed.
CREATE FUNCTION "brand_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w.lexeme FROM unnest(to_tsvector('simple', NEW.label)) w
    WHERE w.lexeme !~ '[^[:alnum:]]' ORDER BY 1
  ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "brands_words" AFTER INSERT OR UPDATE OF label ON "brands"
  FOR EACH ROW EXECUTE FUNCTION "brand_words"();--> statement-breakpoint
UPDATE "products" p SET "brand_label" = b."label" FROM "brands" b
  WHERE b."id" = p."brand" AND p."brand_label" IS DISTINCT FROM b."label";--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme FROM brands b, unnest(to_tsvector('simple', b.label)) w
  WHERE w.lexeme !~ '[^[:alnum:]]' ORDER BY 1
ON CONFLICT (word) DO NOTHING;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector") WITH (fastupdate=false);
--> statement-breakpoint
-- hand-written (carry over on merge)
-- an issued tax document never changes (docs/tax.md, "Documents"): only its PDF state may be filled in, once
CREATE OR REPLACE FUNCTION tax_documents_immutable() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'tax_documents are never deleted'; END IF;
  IF NEW.number IS DISTINCT FROM OLD.number OR NEW.content IS DISTINCT FROM OLD.content
     OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.total_paise IS DISTINCT FROM OLD.total_paise
     OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
     OR (OLD.pdf_sha256 IS NOT NULL AND NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256) THEN
    RAISE EXCEPTION 'an issued tax document is immutable';
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tax_documents_immutable BEFORE UPDATE OR DELETE ON tax_documents
  FOR EACH ROW EXECUTE FUNCTION tax_documents_immutable();
