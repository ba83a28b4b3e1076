import { createFormatter, type Locale } from 'next-intl';

/** How a shopper's dates are written: the day ("21 Nov 2026"), the day with its time ("21 Nov 2026, 3:05 pm"), the time ("3:05 pm"). */
export type ShopDates = {
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  time: (at: Date) => string;
};

/**
 * Dates of orders, returns and deliveries in the page's language (`locale`: en or hi), in India's
 * time zone, through next-intl's formatter with the language's Indian form (en-IN: "21 Nov 2026,
 * 3:05 pm", as the English pages write them; hi-IN: "21 नव॰ 2026, 3:05 pm", Hindi months, Western digits).
 */
export function shopDates(locale: string): ShopDates {
  // next-intl types its locale as the routing's ('en' | 'hi'); the Indian form of either is a tag Intl reads.
  const format = createFormatter({ locale: `${locale}-IN` as Locale, timeZone: 'Asia/Kolkata' });
  return {
    date: (iso) => format.dateTime(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric' }),
    dateTime: (iso) =>
      format.dateTime(new Date(iso), {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    time: (at) => format.dateTime(at, { hour: 'numeric', minute: '2-digit' }),
  };
}
