/**
 * The words the data generator (bench/seed.ts) builds names and texts from: Rwandan first and family names,
 * shop and product words in Kinyarwanda and English, one row of nouns per category of src/shared/constants.ts.
 */
import { categories } from '../src/shared/constants'

export const firstNames = [
  'Aline',
  'Eric',
  'Jean',
  'Claudine',
  'Divine',
  'Patrick',
  'Grace',
  'Emmanuel',
  'Diane',
  'Olivier',
  'Josiane',
  'Innocent',
  'Solange',
  'Thierry',
  'Chantal',
  'Fabrice',
  'Sandrine',
  'Kevin',
  'Ange',
  'Yves',
  'Clarisse',
  'Samuel',
  'Vestine',
  'Didier',
  'Esther',
  'Jean Paul',
  'Alice',
  'Gilbert',
  'Nadine',
  'Pacifique',
]

export const familyNames = [
  'Uwase',
  'Mugisha',
  'Niyonzima',
  'Habimana',
  'Mukamana',
  'Nshimiyimana',
  'Uwimana',
  'Hakizimana',
  'Ingabire',
  'Iradukunda',
  'Byiringiro',
  'Ishimwe',
  'Nkurunziza',
  'Umutoni',
  'Tuyishime',
  'Ndayisaba',
  'Kayitesi',
  'Mutesi',
  'Gasana',
  'Rugamba',
  'Mukeshimana',
  'Bizimana',
  'Uwera',
  'Twagirayezu',
  'Manzi',
  'Kamanzi',
  'Nyirahabimana',
  'Murenzi',
  'Uwamahoro',
  'Karangwa',
]

/** 20 × 15 = 300 shop names without a number; later shops carry their number to stay unique. */
export const shopFirstWords = [
  'Inzozi',
  'Umucyo',
  'Ubumwe',
  'Isimbi',
  'Akeza',
  'Urumuri',
  'Ineza',
  'Amahoro',
  'Imena',
  'Kigali',
  'Nyamirambo',
  'Remera',
  'Kimironko',
  'Gisenyi',
  'Huye',
  'Musanze',
  'Rubavu',
  'Nyanza',
  'Inyange',
  'Agaciro',
]
export const shopLastWords = [
  'Fashion',
  'Electronics',
  'Market',
  'Boutique',
  'Home Store',
  'Crafts',
  'Beauty',
  'Tech Hub',
  'Books',
  'Kids',
  'Sports',
  'Foods',
  'Traders',
  'Gallery',
  'Essentials',
]

export const streets = [
  'KN 4 Ave',
  'KG 11 Ave',
  'KK 15 Rd',
  'KN 78 St',
  'KG 541 St',
  'KN 2 Rd',
  'KG 7 Ave',
  'KK 31 Ave',
]
export const districts = [
  'Nyarugenge',
  'Gasabo',
  'Kicukiro',
  'Musanze',
  'Huye',
  'Rubavu',
  'Muhanga',
  'Rwamagana',
]

export const productWords = [
  'Agaseke',
  'Imigongo',
  'Kitenge',
  'Umurage',
  'Ubuntu',
  'Akeza',
  'Isimbi',
  'Ineza',
  'Urumuri',
  'Inyange',
  'Heritage',
  'Classic',
  'Premium',
  'Everyday',
  'Urban',
  'Savanna',
  'Volcano',
  'Lake Kivu',
  'Nyungwe',
  'Akagera',
]

/** Three nouns for each of the 28 categories, in the order of `categories`. */
const nounsByCategory: Record<(typeof categories)[number], [string, string, string]> = {
  Clothes: ['Dress', 'Shirt', 'Jacket'],
  Shoes: ['Sandals', 'Sneakers', 'Boots'],
  Bags: ['Tote', 'Backpack', 'Handbag'],
  Accessories: ['Bracelet', 'Scarf', 'Earrings'],
  Phones: ['Smartphone', 'Phone Case', 'Charger'],
  Computers: ['Laptop', 'Keyboard', 'Monitor'],
  Gaming: ['Controller', 'Headset', 'Console'],
  Electronics: ['Speaker', 'Radio', 'Power Bank'],
  Furniture: ['Chair', 'Table', 'Shelf'],
  'Home Decor': ['Basket', 'Wall Art', 'Vase'],
  Kitchenware: ['Pot', 'Knife Set', 'Cutting Board'],
  Bedding: ['Blanket', 'Pillow', 'Bed Sheet'],
  Makeup: ['Lipstick', 'Foundation', 'Mascara'],
  Perfume: ['Eau de Parfum', 'Body Mist', 'Oil Perfume'],
  Skincare: ['Shea Butter', 'Face Cream', 'Soap'],
  Haircare: ['Hair Oil', 'Shampoo', 'Comb'],
  'Sports Gear': ['Football', 'Jersey', 'Yoga Mat'],
  'Outdoor Gear': ['Tent', 'Rain Jacket', 'Water Bottle'],
  Toys: ['Doll', 'Puzzle', 'Wooden Car'],
  'Baby Products': ['Baby Carrier', 'Onesie', 'Bib'],
  Snacks: ['Groundnuts', 'Banana Chips', 'Biscuits'],
  Food: ['Coffee Beans', 'Honey', 'Rice'],
  Drinks: ['Tea', 'Juice', 'Sorghum Drink'],
  'Car Accessories': ['Seat Cover', 'Phone Mount', 'Car Charger'],
  Tools: ['Hammer', 'Hoe', 'Screwdriver Set'],
  Books: ['Novel', 'Cookbook', 'Storybook'],
  Stationery: ['Notebook', 'Pen Set', 'School Bag'],
  'Pet Supplies': ['Dog Collar', 'Pet Bowl', 'Cat Bed'],
}
export const categoryNouns = categories.flatMap((category) => nounsByCategory[category])

/** A typical price (RWF) per category, same order; each product's price varies around it. */
const basePriceByCategory: Record<(typeof categories)[number], number> = {
  Clothes: 15_000,
  Shoes: 25_000,
  Bags: 18_000,
  Accessories: 6_000,
  Phones: 180_000,
  Computers: 450_000,
  Gaming: 120_000,
  Electronics: 40_000,
  Furniture: 90_000,
  'Home Decor': 12_000,
  Kitchenware: 14_000,
  Bedding: 20_000,
  Makeup: 8_000,
  Perfume: 22_000,
  Skincare: 5_000,
  Haircare: 4_000,
  'Sports Gear': 16_000,
  'Outdoor Gear': 30_000,
  Toys: 9_000,
  'Baby Products': 11_000,
  Snacks: 1_500,
  Food: 6_000,
  Drinks: 2_500,
  'Car Accessories': 15_000,
  Tools: 10_000,
  Books: 7_000,
  Stationery: 3_000,
  'Pet Supplies': 8_000,
}
export const basePrices = categories.map((category) => basePriceByCategory[category])

export const productBlurbs = [
  'Made in Rwanda by local artisans.',
  'Delivered in Kigali within two days.',
  'Quality checked before every shipment.',
  'Popular with our regular customers.',
  'Imported and sold with a one-year warranty.',
]

export const messageSubjects = {
  general: ['Question about my shop', 'Shop opening hours', 'Updating my shop logo', 'Subscription plan'],
  support: [
    'Payout not received',
    'Product approval question',
    'Cannot upload pictures',
    'Stock update problem',
  ],
  order: [
    'Customer asked about delivery',
    'Order marked by mistake',
    'Refund request',
    'Bulk order question',
  ],
} as const

export const messageBodies = [
  'Muraho, could you please check this for me? Murakoze.',
  'Hello team, I need help with this as soon as possible. Thank you.',
  'Good morning, a customer asked me about this today. What should I tell them?',
  'Bonjour, I tried again this morning and it still does not work.',
  'Hi, please let me know what documents you need from me.',
]

export const adminReplies = [
  'Thank you for writing. We have checked and it is fixed now.',
  'Murakoze. The payout was sent this morning; it can take up to 24 hours to arrive.',
  'We approved the product after your update. Thank you for your patience.',
  'Please send us a clearer picture of the document and we will review it today.',
]

export const payoutRejectionReasons = [
  'The mobile money number does not match the shop owner.',
  'Bank account details could not be verified.',
  'Amount exceeds the balance after a refund; please request again.',
]
export const productRejectionReasons = [
  'The pictures do not show the product.',
  'The description is missing the size and material.',
  'This item may not be sold on the marketplace.',
]
export const vendorRejectionReasons = [
  'The business registration document is unreadable.',
  'The ID document does not match the owner name.',
]

export const userAgents = [
  'Mozilla/5.0 (Linux; Android 13; TECNO KI5k) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
]
