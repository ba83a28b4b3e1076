/**
 * HSN codes (India's GST tariff headings, 4 digits) by article type, then sub category, then
 * master category, with 6217 ("other made up clothing accessories") as the last resort. Where a
 * heading differs for men's and women's garments (6205 men's shirts, 6206 women's blouses) the
 * entry is `[men, women]`: Men, Boys and Unisex take the first, Women and Girls the second.
 * These are the headings a small seller would pick; a store owner's CSV may give its own.
 */

type Code = string | readonly [men: string, women: string];

const BY_ARTICLE: Record<string, Code> = {
  Tshirts: '6109',
  'Lounge Tshirts': '6109',
  'Innerwear Vests': '6109',
  Camisoles: '6109',
  Shirts: ['6205', '6206'],
  Tops: '6206',
  Tunics: '6206',
  Kurtis: '6206',
  Kurtas: ['6211', '6204'],
  'Kurta Sets': ['6203', '6204'],
  Dresses: '6204',
  Jumpsuit: '6204',
  Rompers: '6204',
  'Lehenga Choli': '6204',
  Skirts: '6204',
  Jeans: ['6203', '6204'],
  Trousers: ['6203', '6204'],
  'Track Pants': ['6203', '6204'],
  Shorts: ['6203', '6204'],
  Capris: ['6203', '6204'],
  Churidar: ['6203', '6204'],
  Salwar: ['6203', '6204'],
  Patiala: ['6203', '6204'],
  'Salwar and Dupatta': '6204',
  'Rain Trousers': ['6203', '6204'],
  Blazers: ['6203', '6204'],
  Suits: ['6203', '6204'],
  Waistcoat: '6203',
  'Nehru Jackets': '6203',
  Jackets: ['6201', '6202'],
  'Rain Jacket': ['6201', '6202'],
  Sweaters: '6110',
  Sweatshirts: '6110',
  Shrug: '6110',
  Tracksuits: '6112',
  Swimwear: '6112',
  Leggings: '6104',
  Jeggings: '6104',
  Tights: '6115',
  Stockings: '6115',
  Socks: '6115',
  Booties: '6115',
  Bra: '6212',
  Shapewear: '6212',
  Briefs: ['6107', '6108'],
  Boxers: '6107',
  Trunk: '6107',
  Dupatta: '6214',
  Stoles: '6214',
  Scarves: '6214',
  Mufflers: '6214',
  Ties: '6215',
  'Ties and Cufflinks': '6215',
  Gloves: '6116',
  Sarees: '5407',
  'Casual Shoes': '6404',
  'Sports Shoes': '6404',
  'Sports Sandals': '6404',
  'Formal Shoes': '6403',
  Heels: '6403',
  Flats: '6403',
  Sandals: '6403',
  'Flip Flops': '6402',
  'Shoe Accessories': '6406',
  'Shoe Laces': '6406',
  Belts: '4203',
  Watches: '9102',
  Sunglasses: '9004',
  Cufflinks: '7117',
  'Key chain': '7117',
  Caps: '6505',
  Hat: '6505',
  Headband: '6505',
  Umbrellas: '6601',
  'Water Bottle': '3924',
  'Hair Accessory': '9615',
  'Perfume and Body Mist': '3303',
  Deodorant: '3307',
  'Hair Colour': '3305',
  'Face Wash and Cleanser': '3401',
  'Body Wash and Scrub': '3401',
  'Cushion Covers': '6304',
};

const BY_SUB: Record<string, Code> = {
  Bags: '4202',
  Wallets: '4202',
  Jewellery: '7117',
  Eyewear: '9004',
  Watches: '9102',
  Headwear: '6505',
  Innerwear: ['6107', '6108'],
  'Loungewear and Nightwear': ['6107', '6108'],
  Fragrance: '3303',
  Perfumes: '3303',
  Shoes: '6404',
  Sandal: '6403',
};

const BY_MASTER: Record<string, Code> = {
  Footwear: '6404',
  'Personal Care': '3304',
  'Sporting Goods': '9506',
  Home: '6304',
};

const FALLBACK = '6217';

export function hsnCodeFor(p: {
  articleType: string;
  subCategory: string;
  masterCategory: string;
  gender: string;
}): string {
  const code = BY_ARTICLE[p.articleType] ?? BY_SUB[p.subCategory] ?? BY_MASTER[p.masterCategory] ?? FALLBACK;
  if (typeof code === 'string') return code;
  return p.gender === 'Women' || p.gender === 'Girls' ? code[1] : code[0];
}
