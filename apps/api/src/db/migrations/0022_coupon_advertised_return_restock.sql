-- Every coupon made before the switch existed becomes private (the default false): the owner advertises it again if it is meant for everyone.
ALTER TABLE "coupons" ADD COLUMN "advertised" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "return_items" ADD COLUMN "restocked" boolean;
