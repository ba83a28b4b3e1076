CREATE TABLE "policies" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "importer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "net_quantity" text;--> statement-breakpoint
INSERT INTO "policies" ("slug", "title", "body") VALUES
('returns-refunds-exchanges', 'Returns, refunds and exchanges', $policy$We want you to love what you buy. If something is not right, you can return it or exchange it for another size or colour.

## Return window

You can ask for a return or an exchange from **Account → Orders** within the return window, which starts on the day of delivery. Each delivered order shows its last day (“Return by …”). Choose the pieces you are sending back and tell us why. If the reason is damage, a defect or a piece that is not as shown, please add a photo or a short video (up to 5 files).

You can return the whole order or only some pieces.

## What can be returned

Pieces must be unused, unwashed and unaltered, with their original tags and packaging.

For hygiene reasons we cannot take back **innerwear, lingerie, socks, personal care products** or **free gifts**. The product page and your order page tell you when an item cannot be returned.

## How a return works

1. You ask for the return on your order page.
2. We check the request, usually within one working day, and tell you by email.
3. Our courier partner picks the parcel up from your delivery address.
4. Once the pieces reach us and pass a quality check, we refund you.

If we cannot accept a return, we tell you why and send the pieces back to you.

## Refunds

A returned piece is refunded at the price you paid for it, after its share of any coupon, including its GST. When you send back the whole order, the delivery charge and the cash on delivery fee are refunded too.

- **Paid online** (UPI, card, net banking, wallet): the money goes back to the same account or card, or to your store credit if you prefer. Banks usually take 5–7 working days to show it.
- **Paid by cash on delivery**: we refund to your store credit, or to your bank account by transfer if you ask for it on the return form.
- **Paid partly with a gift card or store credit**: that part goes back onto the gift card or your store credit.

We email you when the refund is made, and you will find a credit note for it on your order page.

## Exchanges

Within the same return window you can exchange a delivered piece for another size or colour of the same product, if it is in stock. We hold the new piece for you as soon as you ask. If the new piece costs more you pay the difference; if it costs less, the difference goes to your store credit. The same rules about what can be returned apply to exchanges.

## Damaged or wrong item

If a piece arrives damaged, defective or not as shown, ask for a return or an exchange with that reason and a photo of the piece. We will replace it or refund it.$policy$),
('shipping', 'Shipping', $policy$We deliver across India through trusted courier partners.

## Where we deliver

We deliver to most pincodes in India. Enter your pincode on a product page or at checkout to see whether we deliver there and when your order should arrive. Your delivery address must be complete and its pincode must match its state.

## Delivery time

Orders are usually packed within 1–2 working days. Most orders reach metro cities in 3–5 days after dispatch, and other places in 5–8 days. Remote areas and the North-East can take longer. The estimate shown at checkout is for your pincode.

## Delivery charges

Any delivery charge is shown at checkout before you pay, together with the order value from which delivery is free. Prices on the site include GST.

## Cash on delivery

Cash on delivery is available on orders up to a limit, shown at checkout. A small fee may apply; it is shown before you place the order. For larger cash on delivery orders we may ask you to confirm the order by a link or on WhatsApp before we pack it; an order not confirmed in time is cancelled. Please keep the exact amount ready: the courier cannot always give change.

## Tracking

When your order ships we email you the courier's name, the tracking number (AWB) and a tracking link. You can also follow every step under **Account → Orders**.

## Failed delivery

If the courier cannot reach you, they will try again. A parcel refused at the door or not delivered after repeated attempts comes back to us and the order is cancelled; anything you paid online is refunded.$policy$),
('cancellation', 'Cancellation', $policy$## Cancelling your order

You can cancel an order from **Account → Orders** until it is shipped: while it is placed, confirmed or being packed. Tell us the reason and the order is cancelled at once. Once an order has shipped it can no longer be cancelled, but you can return it after delivery (see our Returns, refunds and exchanges policy).

## Refunds on cancellation

- **Paid online**: we refund the full amount, including any delivery charge, to the same account or card, or to your store credit if you prefer. Banks usually take 5–7 working days to show it.
- **Cash on delivery**: there is nothing to refund.
- Any gift card amount or store credit you used goes back onto the card or your store credit, and a coupon you used can be used again.

We email you to confirm the cancellation.

## When we cancel

We may cancel an order if an item turns out to be out of stock, if the price shown was clearly wrong, if a cash on delivery order is not confirmed in time, if payment was not completed in time, or if we cannot deliver to the address. We will tell you by email and refund anything you paid in full.$policy$),
('terms', 'Terms of use', $policy$These terms apply when you use this website and buy from us. By placing an order you accept them.

## Who we are

This store is run by the seller named on our tax invoices, with its registered address and GSTIN. You can reach us through the contact details at the bottom of every page.

## Your account

You are responsible for keeping your password and the devices you sign in on safe. Tell us at once if you think someone else has used your account. You must be 18 or older to buy, or buy with the help of a parent or guardian.

## Products and prices

We describe and photograph our products as accurately as we can; colours can look slightly different on screens. Each product page shows the country of origin and, where they apply, the manufacturer, packer or importer and the net quantity.

Prices are in Indian rupees and include GST unless stated otherwise. The price you pay is the one shown at checkout when you place the order. If a price is clearly wrong, we may cancel the order and refund you.

## Orders and payment

An order is a request to buy. It is accepted when we confirm it by email. Online payments are processed by our payment partners; we never see or store your full card details. Coupons, gift cards and store credit are subject to the conditions shown with them.

## Delivery, cancellation and returns

Delivery, cancellation, returns, refunds and exchanges work as our Shipping, Cancellation and Returns, refunds and exchanges policies say.

## Reviews and uploads

Reviews and photos you post must be your own, honest and lawful. We may remove content that is abusive, misleading or unrelated to the product.

## Liability

Nothing in these terms limits your rights as a consumer under the Consumer Protection Act, 2019 and its rules. Apart from that, our responsibility for an order is limited to the amount you paid for it.

## Complaints and disputes

If something goes wrong, please contact us first; we answer every complaint. These terms are governed by the laws of India, and the courts at the seller's registered address have jurisdiction.

## Changes

We may update these terms. The version in force is the one on this page when you place your order.$policy$),
('privacy', 'Privacy policy', $policy$This policy explains what personal data we collect, why, and the choices you have. We process your data under the Digital Personal Data Protection Act, 2023.

## What we collect

- **Account**: your name, email address, mobile number and password (stored only as a secure hash).
- **Orders**: delivery addresses, the items you buy, payment status, and a GSTIN and business name if you give them for a business purchase.
- **Returns, exchanges and reviews**: the reasons you give and the photos or videos you upload. Photos are stored again without their hidden details, such as the GPS position and camera model.
- **Use of the site**: the products you viewed recently and your cart, kept in cookies and on our servers so you can pick up where you left off.

We do not see or store your full card or bank details; our payment partners handle them.

## Why we use it

To take and deliver your orders, handle returns and refunds, issue GST invoices, keep your account secure, answer your questions, and, only if you agree, send you offers, cart reminders, stock alerts or WhatsApp updates. Every marketing message has a link to stop it.

## Who we share it with

Only with those who help us serve you, and only what they need: courier partners (your name, address and phone), payment gateways (the payment), our email, SMS and WhatsApp providers (the message), and the authorities when the law requires it. We do not sell your personal data.

## Cookies

We use cookies to keep you signed in, to remember your cart and recently viewed products, and to keep the site secure. We do not use advertising cookies.

## How long we keep it

We keep your account data while your account is open. Order and invoice records are kept for as long as tax law requires (currently eight years). Other data is deleted or anonymised when it is no longer needed.

## Your rights

You can see and correct your profile and addresses under **Account** at any time. You may ask us for a summary of your data, to correct or erase it, or withdraw a consent you gave, and you may name someone to act for you. Write to our data protection contact below; we answer within 30 days. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.

## Security

Data travels encrypted (HTTPS). Passwords are hashed, sessions expire, and staff access is limited by role and logged.

## Changes

We will post any change to this policy on this page, with its date.$policy$);
