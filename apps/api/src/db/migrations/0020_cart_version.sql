ALTER TABLE "carts" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A cart's version rises with every change of the cart or its lines, whatever writes them, so
-- an answer kept for /store (modules/store/kept-carts.ts) is checked against it.
CREATE FUNCTION cart_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER carts_version_raise BEFORE UPDATE ON carts FOR EACH ROW EXECUTE FUNCTION cart_version_raise();--> statement-breakpoint
CREATE FUNCTION cart_items_change_cart() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE carts SET version = version WHERE id = OLD.cart_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.cart_id <> OLD.cart_id) THEN
    UPDATE carts SET version = version WHERE id = NEW.cart_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER cart_items_change_cart AFTER INSERT OR UPDATE OR DELETE ON cart_items FOR EACH ROW EXECUTE FUNCTION cart_items_change_cart();--> statement-breakpoint
-- The embedded database (one process) tells the API of each change as it commits: it starts
-- with vastra.notify_cart_changes=on (db/client.ts). A server database never notifies, as
-- NOTIFY serialises commits; instances there compare versions instead.
CREATE FUNCTION cart_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('vastra.notify_cart_changes', true) = 'on' THEN
    PERFORM pg_notify('vastra_cart_changes', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER carts_changes_notify AFTER UPDATE OR DELETE ON carts FOR EACH ROW EXECUTE FUNCTION cart_changes_notify();
