CREATE TABLE "cash_flow_daily" (
	"cash_register_id" integer NOT NULL,
	"day" date NOT NULL,
	"category_id" integer DEFAULT 0 NOT NULL,
	"side" smallint NOT NULL,
	"payment_type" smallint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "cash_flow_daily_cash_register_id_day_category_id_side_payment_type_pk" PRIMARY KEY("cash_register_id","day","category_id","side","payment_type")
);
--> statement-breakpoint
-- One movement of a register's money into (or, with -1, out of) its day's line. The day is the office's (Asia/Baku).
CREATE OR REPLACE FUNCTION cash_flow_daily_add(p_register integer, p_at timestamptz, p_category integer, p_side smallint, p_payment smallint, p_count integer, p_amount numeric)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO cash_flow_daily AS d (cash_register_id, day, category_id, side, payment_type, count, amount)
  VALUES (p_register, (p_at AT TIME ZONE 'Asia/Baku')::date, coalesce(p_category, 0), p_side, coalesce(p_payment, 0::smallint), p_count, p_amount)
  ON CONFLICT (cash_register_id, day, category_id, side, payment_type)
  DO UPDATE SET count = d.count + excluded.count, amount = d.amount + excluded.amount
$$;
--> statement-breakpoint
-- A cash operation's active movements: its own side (1 income / 2 expense) and a transfer's income on the target. Runs at commit (deferred), after every register lock the transaction took.
CREATE OR REPLACE FUNCTION cash_flow_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status_id = 18 THEN
    PERFORM cash_flow_daily_add(OLD.cash_register_id, OLD.operated_at, OLD.category_id, OLD.type, OLD.payment_type, -1, -OLD.amount);
    IF OLD.is_transfer AND OLD.transfer_cash_register_id IS NOT NULL THEN
      PERFORM cash_flow_daily_add(OLD.transfer_cash_register_id, OLD.operated_at, OLD.transfer_category_id, 1::smallint, OLD.payment_type, -1, -coalesce(OLD.transfer_amount, OLD.amount));
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status_id = 18 THEN
    PERFORM cash_flow_daily_add(NEW.cash_register_id, NEW.operated_at, NEW.category_id, NEW.type, NEW.payment_type, 1, NEW.amount);
    IF NEW.is_transfer AND NEW.transfer_cash_register_id IS NOT NULL THEN
      PERFORM cash_flow_daily_add(NEW.transfer_cash_register_id, NEW.operated_at, NEW.transfer_category_id, 1::smallint, NEW.payment_type, 1, coalesce(NEW.transfer_amount, NEW.amount));
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS cash_flow_daily_sync ON cash_operations;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER cash_flow_daily_sync AFTER INSERT OR UPDATE OR DELETE ON cash_operations
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION cash_flow_daily_apply();
--> statement-breakpoint
-- The operations already there (carried over by 0007): recomputed from the rows.
INSERT INTO cash_flow_daily (cash_register_id, day, category_id, side, payment_type, count, amount)
SELECT m.register_id, (m.operated_at AT TIME ZONE 'Asia/Baku')::date, coalesce(m.category_id, 0), m.side, coalesce(m.payment_type, 0), count(*), sum(m.amount)
FROM (
  SELECT o.cash_register_id AS register_id, o.type AS side, o.amount, o.category_id, o.payment_type, o.operated_at FROM cash_operations o WHERE o.status_id = 18
  UNION ALL
  SELECT o.transfer_cash_register_id, 1::smallint, coalesce(o.transfer_amount, o.amount), o.transfer_category_id, o.payment_type, o.operated_at
  FROM cash_operations o WHERE o.status_id = 18 AND o.is_transfer AND o.transfer_cash_register_id IS NOT NULL
) m
GROUP BY 1, 2, 3, 4, 5
ON CONFLICT (cash_register_id, day, category_id, side, payment_type) DO UPDATE SET count = excluded.count, amount = excluded.amount;
