/** How many orders and returns one page lists (the orders list, on the server and through the store). */
export const ORDERS_PAGE_SIZE = 10;
