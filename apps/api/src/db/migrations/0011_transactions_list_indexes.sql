DROP INDEX "balance_operations_created_idx";--> statement-breakpoint
CREATE INDEX "balance_operations_created_id_idx" ON "balance_operations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "balance_operations_amount_idx" ON "balance_operations" USING btree ("amount","id");