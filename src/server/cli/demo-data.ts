/**
 * What the demo marketplace is made of (`npm run demo`, demo-marketplace.ts): the shops, their owners and
 * products, the customers, and what vendors and the team write to each other. Plain lists, so the story can
 * be read and changed without touching the code that plays it.
 *
 * Every e-mail address is under a reserved domain (`.example`, example.com: RFC 2606), so nothing made here
 * can ever reach a real mailbox, even on a server that has SMTP configured.
 */
import type { Category, Color, Language, MessageType, Plan, Size, VendorStatus } from '../../shared/constants'

export type DemoProduct = {
  name: string
  category: Category
  /** RWF, whole francs. */
  price: number
  note: string
  /** Units per variant when stocked (default 40). */
  stock?: number
  /** Colours × sizes: one variant each (Clothes and Shoes always have them). */
  colors?: Color[]
  sizes?: Size[]
  /** A second picture (the back, the detail). */
  hasSecondPicture?: boolean
  /** The team turns it down some days after it is listed, with this reason. */
  rejectedBecause?: string
}

export type DemoPayoutDetails =
  | { payoutMethod: 'mobile_money'; payoutDetails: { provider: 'mtn' | 'airtel'; mobileNumber: string } }
  | { payoutMethod: 'bank'; payoutDetails: { bankName: string; accountNumber: string } }
  | { payoutMethod: 'paypal'; payoutDetails: { paypalEmail: string } }

export type DemoShop = {
  shopName: string
  owner: { fullName: string; email: string; language: Language }
  phone: string
  city: 'Kigali' | 'Huye' | 'Musanze' | 'Rubavu'
  businessAddress: string
  status: VendorStatus
  /** The plan it is on now; a paid plan was paid for and confirmed by the team, and renewed each month. */
  plan: Plan
  /** A paid plan chosen a day ago, waiting for the team to confirm its payment. */
  requestsPlan?: Plan
  /** How long ago the owner registered. */
  registeredDaysAgo: number
  payout: DemoPayoutDetails
  hasBusinessDocuments: boolean
  rejectedBecause?: string
  /** The logo's colour. */
  color: string
  /** How many of the marketplace's orders it gets, relative to the others. */
  popularity: number
  products: DemoProduct[]
}

const mtn = (mobileNumber: string): DemoPayoutDetails => ({
  payoutMethod: 'mobile_money',
  payoutDetails: { provider: 'mtn', mobileNumber },
})
const airtel = (mobileNumber: string): DemoPayoutDetails => ({
  payoutMethod: 'mobile_money',
  payoutDetails: { provider: 'airtel', mobileNumber },
})
const bank = (bankName: string, accountNumber: string): DemoPayoutDetails => ({
  payoutMethod: 'bank',
  payoutDetails: { bankName, accountNumber },
})

/** Every demo account signs in with this password (printed by the command). */
export const DEMO_PASSWORD = 'Isoko-demo-2025'

export const demoAdmin = { fullName: 'Olivier Niyonsaba', email: 'admin@isoko.example' }

export const demoShops: DemoShop[] = [
  {
    shopName: 'Inzozi Crafts',
    owner: { fullName: 'Aline Uwase', email: 'aline@inzozicrafts.example', language: 'rw' },
    phone: '0788 412 305',
    city: 'Kigali',
    businessAddress: 'KG 7 Ave 14, Kimihurura, Kigali',
    status: 'approved',
    plan: 'business',
    registeredDaysAgo: 128,
    payout: mtn('0788 412 305'),
    hasBusinessDocuments: true,
    color: '#c2410c',
    popularity: 2.6,
    products: [
      {
        name: 'Agaseke peace basket, large',
        category: 'Home Decor',
        price: 28_000,
        note: 'Hand-woven sisal and sweetgrass with the pointed lid of the traditional agaseke.',
        hasSecondPicture: true,
      },
      {
        name: 'Agaseke peace basket, small',
        category: 'Home Decor',
        price: 15_000,
        note: 'The same weave at 15 cm: a gift that travels well.',
      },
      {
        name: 'Imigongo wall panel, black and white',
        category: 'Home Decor',
        price: 45_000,
        note: 'Cow-dung relief art in the geometric style of Nyakarambi, 60 × 60 cm.',
        stock: 6,
        hasSecondPicture: true,
      },
      {
        name: 'Imigongo coasters, set of 4',
        category: 'Kitchenware',
        price: 9_500,
        note: 'Small imigongo squares sealed for hot cups.',
      },
      {
        name: 'Kitenge tote bag',
        category: 'Bags',
        price: 18_000,
        note: 'Wax-print cotton, lined, with an inside pocket.',
        colors: ['orange', 'teal'],
        sizes: ['m', 'l'],
      },
      {
        name: 'Banana-leaf clutch',
        category: 'Bags',
        price: 22_000,
        note: 'Dried banana fibre on a leather frame.',
      },
      {
        name: 'Beaded bracelet, Intore pattern',
        category: 'Accessories',
        price: 6_000,
        note: 'Glass beads in the colours of the Intore dancers.',
      },
      {
        name: 'Cow-horn earrings',
        category: 'Accessories',
        price: 8_500,
        note: 'Polished horn from Nyanza artisans.',
      },
      {
        name: 'Sisal placemats, set of 6',
        category: 'Kitchenware',
        price: 16_000,
        note: 'Tightly woven, wipe clean.',
      },
      {
        name: 'Hand-carved wooden bowl',
        category: 'Kitchenware',
        price: 19_000,
        note: 'Carved from a single piece of jacaranda.',
      },
      {
        name: 'Imigongo notebook, A5',
        category: 'Stationery',
        price: 4_500,
        note: '120 lined pages behind an imigongo print cover.',
        stock: 120,
      },
      {
        name: 'Banana-fibre greeting cards, pack of 5',
        category: 'Stationery',
        price: 5_000,
        note: 'Handmade cards with envelopes.',
        stock: 80,
      },
      {
        name: 'Gatagara ceramic vase',
        category: 'Home Decor',
        price: 24_000,
        note: 'Wheel-thrown and glazed in Nyanza.',
        stock: 3,
      },
      {
        name: 'Woven fruit basket',
        category: 'Home Decor',
        price: 14_000,
        note: 'Open weave, 30 cm across.',
      },
      {
        name: 'Kitenge cushion cover',
        category: 'Bedding',
        price: 11_000,
        note: '45 × 45 cm, zip closure.',
        stock: 0,
      },
      {
        name: 'Igisabo milk gourd, decorative',
        category: 'Home Decor',
        price: 21_000,
        note: 'A carved gourd with a woven stopper, for display.',
      },
    ],
  },
  {
    shopName: 'Kigali Coffee House',
    owner: { fullName: 'Jean-Paul Habimana', email: 'jeanpaul@kigalicoffee.example', language: 'en' },
    phone: '0789 220 417',
    city: 'Kigali',
    businessAddress: 'KN 38 St 5, Kiyovu, Kigali',
    status: 'approved',
    plan: 'growth',
    registeredDaysAgo: 121,
    payout: bank('Bank of Kigali', '000400-0187345-61'),
    hasBusinessDocuments: true,
    color: '#78350f',
    popularity: 3.2,
    products: [
      {
        name: 'Ikawa ya Huye, 250 g whole beans',
        category: 'Drinks',
        price: 6_500,
        note: 'Fully washed Bourbon from the hills of Huye, medium roast.',
        stock: 150,
        hasSecondPicture: true,
      },
      {
        name: 'Ikawa ya Huye, 500 g ground',
        category: 'Drinks',
        price: 12_000,
        note: 'Ground for filter and French press.',
        stock: 120,
      },
      {
        name: 'Lake Kivu single-origin coffee, 250 g',
        category: 'Drinks',
        price: 7_500,
        note: 'Grown above the lake in Rutsiro: citrus and brown sugar.',
        stock: 100,
      },
      {
        name: 'Rubaya black tea, 200 g',
        category: 'Drinks',
        price: 3_500,
        note: 'High-grown tea from the Gicumbi hills.',
        stock: 150,
      },
      {
        name: 'Spiced chai blend, 150 g',
        category: 'Drinks',
        price: 4_000,
        note: 'Black tea with ginger, cardamom and cinnamon.',
        stock: 90,
      },
      {
        name: 'Cold brew coffee, 1 L',
        category: 'Drinks',
        price: 5_000,
        note: 'Steeped for 18 hours, keep refrigerated.',
        stock: 40,
      },
      {
        name: 'Coffee-roasted banana chips',
        category: 'Snacks',
        price: 2_500,
        note: 'Plantain chips roasted beside our coffee.',
        stock: 100,
      },
      {
        name: 'Macadamia nuts, 200 g',
        category: 'Snacks',
        price: 6_000,
        note: 'Lightly salted, from Rwandan orchards.',
        stock: 70,
      },
      {
        name: 'Chocolate-coated coffee beans',
        category: 'Snacks',
        price: 4_500,
        note: 'Dark chocolate around a whole roasted bean.',
        stock: 60,
      },
      {
        name: 'Coffee and honey granola, 500 g',
        category: 'Food',
        price: 5_500,
        note: 'Oats, honey from Musanze and a hint of coffee.',
        stock: 60,
      },
      {
        name: 'Pili-pili chilli oil, 50 ml',
        category: 'Food',
        price: 2_000,
        note: 'Bird’s-eye chillies in oil: a few drops are plenty.',
        stock: 120,
      },
      {
        name: 'French press, 600 ml',
        category: 'Kitchenware',
        price: 18_000,
        note: 'Borosilicate glass and a steel filter.',
        stock: 15,
      },
      {
        name: 'Ceramic coffee mug',
        category: 'Kitchenware',
        price: 6_000,
        note: '300 ml, glazed in Kigali.',
        stock: 50,
      },
      {
        name: 'Hand coffee grinder',
        category: 'Kitchenware',
        price: 25_000,
        note: 'Ceramic burrs, adjustable from espresso to press.',
        stock: 8,
      },
    ],
  },
  {
    shopName: 'Agaseke Weavers',
    owner: { fullName: 'Vestine Mukamana', email: 'vestine@agasekeweavers.example', language: 'rw' },
    phone: '0722 504 118',
    city: 'Huye',
    businessAddress: 'Ngoma sector, near Huye market, Huye',
    status: 'approved',
    plan: 'growth',
    registeredDaysAgo: 117,
    payout: airtel('0722 504 118'),
    hasBusinessDocuments: true,
    color: '#a16207',
    popularity: 1.6,
    products: [
      {
        name: 'Agaseke wedding basket with lid',
        category: 'Home Decor',
        price: 35_000,
        note: 'The tall basket given at Rwandan weddings, woven by our cooperative of 40 women.',
        stock: 10,
        hasSecondPicture: true,
      },
      {
        name: 'Woven wall plates, set of 3',
        category: 'Home Decor',
        price: 27_000,
        note: 'Flat baskets in black, natural and red for the wall.',
      },
      {
        name: 'Sisal storage basket, large',
        category: 'Home Decor',
        price: 19_000,
        note: '40 cm tall, with handles.',
      },
      {
        name: 'Ikirago sleeping mat',
        category: 'Bedding',
        price: 12_000,
        note: 'A traditional papyrus mat, 90 × 190 cm.',
      },
      {
        name: 'Woven laundry hamper',
        category: 'Furniture',
        price: 32_000,
        note: 'Sisal over a wooden frame, with a lid.',
        stock: 12,
      },
      {
        name: 'Rattan side table',
        category: 'Furniture',
        price: 65_000,
        note: 'Round top, 50 cm across.',
        stock: 5,
      },
      {
        name: 'Bamboo stool',
        category: 'Furniture',
        price: 28_000,
        note: 'Bamboo from the Nyungwe edge, lashed by hand.',
        stock: 8,
      },
      {
        name: 'Woven shopping basket',
        category: 'Bags',
        price: 13_000,
        note: 'Sturdy enough for a market day.',
      },
      {
        name: 'Raffia shoulder bag',
        category: 'Bags',
        price: 21_000,
        note: 'Natural raffia with a leather strap.',
      },
      {
        name: 'Cotton throw with kitenge border',
        category: 'Bedding',
        price: 38_000,
        note: '130 × 170 cm, hand-finished edges.',
      },
      {
        name: 'Woven lampshade',
        category: 'Home Decor',
        price: 23_000,
        note: 'Fits a standard E27 pendant.',
      },
      {
        name: 'Bread basket with cloth',
        category: 'Kitchenware',
        price: 9_000,
        note: 'Lined with a washable kitenge cloth.',
      },
      {
        name: 'Mini agaseke gift set',
        category: 'Home Decor',
        price: 12_500,
        note: 'Three small baskets in a gift box.',
      },
      {
        name: 'Woven pet basket',
        category: 'Pet Supplies',
        price: 17_000,
        note: 'A round bed for a cat or a small dog, cushion included.',
      },
    ],
  },
  {
    shopName: 'Ubuki bwiza Honey',
    owner: { fullName: 'Emmanuel Nsengiyumva', email: 'emmanuel@ubukibwiza.example', language: 'rw' },
    phone: '0783 905 226',
    city: 'Musanze',
    businessAddress: 'Muhoza sector, Musanze',
    status: 'approved',
    plan: 'starter',
    registeredDaysAgo: 85,
    payout: mtn('0783 905 226'),
    hasBusinessDocuments: true,
    color: '#d97706',
    popularity: 1.8,
    products: [
      {
        name: 'Ubuki bwiza raw honey, 500 g',
        category: 'Food',
        price: 8_000,
        note: 'Wildflower honey from hives at the foot of the Virunga volcanoes.',
        stock: 120,
        hasSecondPicture: true,
      },
      {
        name: 'Ubuki bwiza raw honey, 1 kg',
        category: 'Food',
        price: 15_000,
        note: 'Our bigger jar, unfiltered.',
        stock: 80,
      },
      {
        name: 'Honeycomb in a jar, 400 g',
        category: 'Food',
        price: 11_000,
        note: 'A piece of comb in liquid honey.',
        stock: 30,
      },
      {
        name: 'Honey and ginger lozenges',
        category: 'Snacks',
        price: 3_000,
        note: 'Soothing, 20 in a tin.',
        stock: 90,
      },
      {
        name: 'Honey-roasted groundnuts, 250 g',
        category: 'Snacks',
        price: 3_500,
        note: 'Roasted in Musanze the week they ship.',
        stock: 90,
      },
      {
        name: 'Beeswax lip balm',
        category: 'Skincare',
        price: 2_500,
        note: 'Beeswax, shea butter and a little honey.',
        stock: 100,
      },
      {
        name: 'Honey and oat soap',
        category: 'Skincare',
        price: 3_000,
        note: 'Isabune y’ubuki: cold-process soap, 120 g.',
        stock: 100,
      },
      {
        name: 'Honey mead, 750 ml',
        category: 'Drinks',
        price: 9_000,
        note: 'Ubuki wine, lightly sweet, 11% alcohol.',
        stock: 40,
      },
      {
        name: 'Beeswax candles, pair',
        category: 'Home Decor',
        price: 6_500,
        note: 'Hand-dipped, 25 cm.',
        stock: 40,
      },
    ],
  },
  {
    shopName: 'Kivu Style Boutique',
    owner: { fullName: 'Claudine Uwimana', email: 'claudine@kivustyle.example', language: 'en' },
    phone: '0791 337 842',
    city: 'Rubavu',
    businessAddress: 'Avenue de la Production 12, Gisenyi, Rubavu',
    status: 'approved',
    plan: 'business',
    registeredDaysAgo: 112,
    payout: mtn('0791 337 842'),
    hasBusinessDocuments: true,
    color: '#0f766e',
    popularity: 2.2,
    products: [
      {
        name: 'Kitenge wrap dress',
        category: 'Clothes',
        price: 32_000,
        note: 'Wax-print cotton, tailored in Gisenyi.',
        colors: ['orange', 'teal', 'purple'],
        sizes: ['s', 'm', 'l', 'xl'],
        stock: 6,
        hasSecondPicture: true,
      },
      {
        name: 'Men’s kitenge shirt',
        category: 'Clothes',
        price: 25_000,
        note: 'Short sleeves, a relaxed fit.',
        colors: ['blue', 'green', 'red'],
        sizes: ['m', 'l', 'xl', 'xxl'],
        stock: 5,
      },
      {
        name: 'Kivu sunset T-shirt',
        category: 'Clothes',
        price: 9_000,
        note: 'Soft cotton, printed in Rubavu.',
        colors: ['white', 'black', 'navy'],
        sizes: ['s', 'm', 'l', 'xl'],
        stock: 10,
      },
      {
        name: 'Umushanana two-piece',
        category: 'Clothes',
        price: 85_000,
        note: 'The traditional draped dress for ceremonies, with its sash.',
        colors: ['amber', 'rose'],
        sizes: ['m', 'l'],
        stock: 3,
      },
      {
        name: 'Denim jacket',
        category: 'Clothes',
        price: 38_000,
        note: 'Heavy denim with kitenge-lined pockets.',
        colors: ['blue', 'black'],
        sizes: ['s', 'm', 'l', 'xl'],
        stock: 4,
      },
      {
        name: 'Kids’ kitenge dress',
        category: 'Clothes',
        price: 14_000,
        note: 'For ages 4 to 8.',
        colors: ['yellow', 'pink'],
        sizes: ['xs', 's'],
        stock: 6,
      },
      {
        name: 'Leather sandals',
        category: 'Shoes',
        price: 18_000,
        note: 'Cow leather, stitched soles.',
        colors: ['brown', 'black'],
        sizes: ['38', '39', '40', '41', '42', '43'],
        stock: 4,
      },
      {
        name: 'Canvas sneakers',
        category: 'Shoes',
        price: 24_000,
        note: 'Rubber soles, canvas uppers.',
        colors: ['white', 'navy'],
        sizes: ['39', '40', '41', '42', '43', '44'],
        stock: 4,
      },
      {
        name: 'Beaded flat sandals',
        category: 'Shoes',
        price: 15_000,
        note: 'Glass beads on a leather strap.',
        colors: ['red', 'teal'],
        sizes: ['36', '37', '38', '39', '40'],
        stock: 3,
      },
      {
        name: 'Men’s leather loafers',
        category: 'Shoes',
        price: 45_000,
        note: 'Made by a Kigali shoemaker.',
        colors: ['brown', 'black'],
        sizes: ['40', '41', '42', '43', '44'],
        stock: 2,
      },
      { name: 'Kitenge backpack', category: 'Bags', price: 22_000, note: 'Padded laptop sleeve, 20 L.' },
      {
        name: 'Leather crossbody bag',
        category: 'Bags',
        price: 35_000,
        note: 'Adjustable strap, magnetic clasp.',
        stock: 12,
      },
      { name: 'Straw sun hat', category: 'Accessories', price: 9_000, note: 'For a day on Lake Kivu.' },
      {
        name: 'Kitenge head wrap',
        category: 'Accessories',
        price: 6_500,
        note: '2 m of wax-print cotton.',
        stock: 60,
      },
      {
        name: 'Polarised sunglasses',
        category: 'Accessories',
        price: 12_000,
        note: 'UV400 lenses.',
        stock: 25,
      },
      {
        name: 'Silk scarf',
        category: 'Accessories',
        price: 14_000,
        note: 'Rwandan silk from the Muhanga cooperative.',
        stock: 15,
      },
    ],
  },
  {
    shopName: 'Virunga Outdoor Gear',
    owner: { fullName: 'Eric Ndayisaba', email: 'eric@virungaoutdoor.example', language: 'en' },
    phone: '0785 611 903',
    city: 'Musanze',
    businessAddress: 'Kinigi road 3, Musanze',
    status: 'approved',
    plan: 'growth',
    registeredDaysAgo: 108,
    payout: bank('Equity Bank Rwanda', '4002 1100 8734 51'),
    hasBusinessDocuments: true,
    color: '#166534',
    popularity: 1.1,
    products: [
      {
        name: 'Hiking backpack, 40 L',
        category: 'Outdoor Gear',
        price: 65_000,
        note: 'Rain cover included; ready for the gorilla trek.',
        colors: ['green', 'black'],
        sizes: ['m', 'l'],
        stock: 5,
        hasSecondPicture: true,
      },
      {
        name: 'Rain poncho',
        category: 'Outdoor Gear',
        price: 8_000,
        note: 'Packs into its own pocket.',
        stock: 80,
      },
      {
        name: 'Trekking poles, pair',
        category: 'Outdoor Gear',
        price: 28_000,
        note: 'Aluminium, adjustable, cork grips.',
        stock: 20,
      },
      {
        name: 'Rechargeable headlamp',
        category: 'Outdoor Gear',
        price: 15_000,
        note: '300 lumens, USB-C.',
        stock: 30,
      },
      {
        name: 'Two-person tent',
        category: 'Outdoor Gear',
        price: 120_000,
        note: 'Double wall, 2.4 kg.',
        stock: 6,
      },
      {
        name: 'Sleeping bag, 5 °C',
        category: 'Outdoor Gear',
        price: 55_000,
        note: 'For the nights on Bisoke and Muhabura.',
        stock: 10,
      },
      {
        name: 'Steel water bottle, 1 L',
        category: 'Outdoor Gear',
        price: 9_500,
        note: 'Keeps water cold for 24 hours.',
        stock: 50,
      },
      {
        name: 'Trekking gaiters',
        category: 'Outdoor Gear',
        price: 18_000,
        note: 'Keep the Virunga mud and nettles out.',
        stock: 25,
      },
      {
        name: 'Football, size 5',
        category: 'Sports Gear',
        price: 16_000,
        note: 'Stitched, for grass and dirt pitches.',
        stock: 40,
      },
      {
        name: 'Volleyball',
        category: 'Sports Gear',
        price: 14_000,
        note: 'Soft-touch cover for indoor and beach.',
        stock: 30,
      },
      {
        name: 'Skipping rope',
        category: 'Sports Gear',
        price: 4_500,
        note: 'Ball-bearing handles.',
        stock: 60,
      },
      { name: 'Yoga mat', category: 'Sports Gear', price: 19_000, note: '6 mm, non-slip.', stock: 25 },
      {
        name: 'Cycling gloves',
        category: 'Sports Gear',
        price: 12_000,
        note: 'Padded palms for the Congo Nile Trail.',
        colors: ['black', 'red'],
        sizes: ['s', 'm', 'l'],
        stock: 6,
      },
      {
        name: 'Bicycle repair kit',
        category: 'Tools',
        price: 11_000,
        note: 'Patches, levers and a multi-tool.',
        stock: 30,
      },
    ],
  },
  {
    shopName: 'Kigali Tech Hub',
    owner: { fullName: 'Patrick Mugisha', email: 'patrick@kigalitechhub.example', language: 'en' },
    phone: '0788 760 254',
    city: 'Kigali',
    businessAddress: 'KN 4 Ave 20, Nyarugenge, Kigali',
    status: 'approved',
    plan: 'unlimited',
    registeredDaysAgo: 125,
    payout: bank('I&M Bank Rwanda', '2003 4412 0098'),
    hasBusinessDocuments: true,
    color: '#1d4ed8',
    popularity: 1.3,
    products: [
      {
        name: 'Smartphone A15, 128 GB',
        category: 'Phones',
        price: 185_000,
        note: 'Dual SIM, 5000 mAh battery, one-year warranty.',
        stock: 15,
        hasSecondPicture: true,
      },
      {
        name: 'Smartphone Note 12, 256 GB',
        category: 'Phones',
        price: 320_000,
        note: '6.7-inch screen, 50 MP camera.',
        stock: 8,
        rejectedBecause:
          'The photos show a different model from the one described. Please upload photos of the phone you sell.',
      },
      {
        name: 'Shock-proof phone case',
        category: 'Phones',
        price: 6_000,
        note: 'Fits the A15 and the Note 12.',
        stock: 60,
      },
      {
        name: 'Laptop 14", 8 GB RAM',
        category: 'Computers',
        price: 520_000,
        note: '256 GB SSD, Windows 11.',
        stock: 6,
      },
      {
        name: 'Laptop 15", 16 GB RAM',
        category: 'Computers',
        price: 780_000,
        note: '512 GB SSD, backlit keyboard.',
        stock: 4,
      },
      {
        name: 'Wireless mouse',
        category: 'Computers',
        price: 9_000,
        note: 'Silent clicks, one AA battery.',
        stock: 50,
      },
      {
        name: 'Wireless game controller',
        category: 'Gaming',
        price: 35_000,
        note: 'Works with PC and Android.',
        stock: 15,
      },
      {
        name: 'Gaming headset',
        category: 'Gaming',
        price: 42_000,
        note: 'Surround sound and a detachable microphone.',
        stock: 12,
      },
      {
        name: 'Handheld game console',
        category: 'Gaming',
        price: 210_000,
        note: 'Seven-inch screen, 64 GB.',
        stock: 4,
        rejectedBecause:
          'Listed as new, but the photos show a used console. List it as refurbished with its real condition.',
      },
      {
        name: 'Solar power bank, 20,000 mAh',
        category: 'Electronics',
        price: 28_000,
        note: 'Charges two phones at once, with a solar panel for power cuts.',
        stock: 40,
      },
      {
        name: 'Bluetooth speaker',
        category: 'Electronics',
        price: 38_000,
        note: 'Waterproof, 12 hours of music.',
        stock: 20,
      },
      {
        name: 'Smart TV 43"',
        category: 'Electronics',
        price: 390_000,
        note: 'Full HD, Wi-Fi, delivered in Kigali.',
        stock: 5,
      },
      {
        name: 'Solar home lighting kit',
        category: 'Electronics',
        price: 95_000,
        note: 'A panel, a battery, four bulbs and a phone charger.',
        stock: 12,
      },
      {
        name: 'Car phone holder',
        category: 'Car Accessories',
        price: 7_500,
        note: 'Clips to the air vent.',
        stock: 40,
      },
      {
        name: 'Dual USB car charger',
        category: 'Car Accessories',
        price: 6_000,
        note: 'Fast charging on both ports.',
        stock: 50,
      },
      {
        name: 'Dash camera',
        category: 'Car Accessories',
        price: 48_000,
        note: '1080p with night vision.',
        stock: 10,
      },
    ],
  },
  {
    shopName: 'Urugo Home Store',
    owner: { fullName: 'Solange Ingabire', email: 'solange@urugohome.example', language: 'rw' },
    phone: '0727 118 640',
    city: 'Kigali',
    businessAddress: 'KG 11 Ave 32, Remera, Kigali',
    status: 'approved',
    plan: 'scaling',
    registeredDaysAgo: 119,
    payout: bank('Bank of Kigali', '000410-0923817-08'),
    hasBusinessDocuments: true,
    color: '#7c2d12',
    popularity: 1.0,
    products: [
      {
        name: 'Three-seater sofa',
        category: 'Furniture',
        price: 450_000,
        note: 'Eucalyptus frame, washable covers, delivered in Kigali.',
        stock: 3,
        hasSecondPicture: true,
      },
      {
        name: 'Wooden coffee table',
        category: 'Furniture',
        price: 120_000,
        note: 'Solid mahogany, 110 × 60 cm.',
        stock: 4,
      },
      {
        name: 'Bookshelf, 5 shelves',
        category: 'Furniture',
        price: 95_000,
        note: '180 cm tall, pine.',
        stock: 5,
      },
      {
        name: 'Cooking pot set, 5 pieces',
        category: 'Kitchenware',
        price: 48_000,
        note: 'Aluminium isafuriya from 2 to 10 litres.',
        stock: 15,
      },
      {
        name: 'Imbabura charcoal stove',
        category: 'Kitchenware',
        price: 12_000,
        note: 'The improved stove that uses half the charcoal.',
        stock: 30,
      },
      {
        name: 'Thermos flask, 2 L',
        category: 'Kitchenware',
        price: 14_000,
        note: 'Keeps tea hot from breakfast to dinner.',
        stock: 30,
      },
      {
        name: 'Cotton bed sheets, double',
        category: 'Bedding',
        price: 32_000,
        note: 'A flat sheet, a fitted sheet and two pillowcases.',
        stock: 20,
      },
      {
        name: 'Mosquito net, king size',
        category: 'Bedding',
        price: 15_000,
        note: 'Treated, with a ceiling hook.',
        stock: 40,
      },
      {
        name: 'Wool blanket',
        category: 'Bedding',
        price: 28_000,
        note: 'For the cool Kigali nights of June.',
        stock: 20,
      },
      {
        name: 'Wall clock',
        category: 'Home Decor',
        price: 16_000,
        note: 'Silent movement, 30 cm.',
        stock: 15,
      },
      {
        name: 'Cordless drill',
        category: 'Tools',
        price: 85_000,
        note: '18 V with two batteries.',
        stock: 6,
      },
      {
        name: 'Toolbox, 82 pieces',
        category: 'Tools',
        price: 65_000,
        note: 'Spanners, screwdrivers and sockets in one case.',
        stock: 8,
      },
      {
        name: 'Car seat covers',
        category: 'Car Accessories',
        price: 45_000,
        note: 'A full set for five seats.',
        stock: 10,
      },
      {
        name: 'Dog bed, medium',
        category: 'Pet Supplies',
        price: 25_000,
        note: 'Washable cover, 70 cm.',
        stock: 10,
      },
      {
        name: 'Cat scratching post',
        category: 'Pet Supplies',
        price: 22_000,
        note: 'Sisal rope on a 60 cm post.',
        stock: 8,
      },
    ],
  },
  {
    shopName: 'Ubwiza Beauty',
    owner: { fullName: 'Diane Umutoni', email: 'diane@ubwizabeauty.example', language: 'en' },
    phone: '0790 482 716',
    city: 'Rubavu',
    businessAddress: 'Rue du Marché 7, Gisenyi, Rubavu',
    status: 'approved',
    plan: 'growth',
    requestsPlan: 'business',
    registeredDaysAgo: 103,
    payout: airtel('0732 604 019'),
    hasBusinessDocuments: true,
    color: '#be185d',
    popularity: 2.0,
    products: [
      {
        name: 'Shea butter body cream',
        category: 'Skincare',
        price: 7_500,
        note: 'Unscented, 250 ml.',
        stock: 60,
        hasSecondPicture: true,
      },
      {
        name: 'Aloe vera gel',
        category: 'Skincare',
        price: 5_000,
        note: 'For sun and razor burn.',
        stock: 60,
      },
      {
        name: 'Sunscreen SPF 50',
        category: 'Skincare',
        price: 12_000,
        note: 'No white cast on dark skin.',
        stock: 40,
      },
      {
        name: 'Avocado face mask',
        category: 'Skincare',
        price: 6_500,
        note: 'Avocado, honey and clay.',
        stock: 40,
      },
      {
        name: 'Matte lipstick',
        category: 'Makeup',
        price: 6_000,
        note: 'Twelve shades for brown skin.',
        stock: 60,
      },
      {
        name: 'Foundation for deep skin tones',
        category: 'Makeup',
        price: 14_000,
        note: 'Eight shades from caramel to espresso.',
        stock: 30,
      },
      { name: 'Lengthening mascara', category: 'Makeup', price: 7_000, note: 'Smudge-proof.', stock: 40 },
      {
        name: 'Kivu eyeshadow palette',
        category: 'Makeup',
        price: 16_000,
        note: 'Twelve colours of the lake at dusk.',
        stock: 25,
      },
      {
        name: 'Akagera eau de parfum, 50 ml',
        category: 'Perfume',
        price: 35_000,
        note: 'Warm notes of savannah grass and vanilla.',
        stock: 15,
      },
      {
        name: 'Nyungwe rain body mist',
        category: 'Perfume',
        price: 12_000,
        note: 'Fresh, green and light.',
        stock: 30,
      },
      {
        name: 'Oud perfume oil',
        category: 'Perfume',
        price: 18_000,
        note: 'Roll-on, 10 ml.',
        stock: 20,
        rejectedBecause:
          'Perfume oils need the supplier’s import certificate from the Rwanda FDA. Attach it and list the product again.',
      },
      {
        name: 'Braiding gel',
        category: 'Haircare',
        price: 4_500,
        note: 'Strong hold, no flakes.',
        stock: 80,
      },
      {
        name: 'Coconut hair oil',
        category: 'Haircare',
        price: 5_500,
        note: 'Cold-pressed, 200 ml.',
        stock: 60,
      },
      {
        name: 'Wide-tooth wooden comb',
        category: 'Haircare',
        price: 3_000,
        note: 'Carved from olive wood.',
        stock: 50,
      },
    ],
  },
  {
    shopName: 'Akana Kids',
    owner: { fullName: 'Josiane Mutesi', email: 'josiane@akanakids.example', language: 'rw' },
    phone: '0738 215 590',
    city: 'Kigali',
    businessAddress: 'KG 192 St 4, Kimironko, Kigali',
    status: 'approved',
    plan: 'starter',
    registeredDaysAgo: 72,
    payout: airtel('0738 215 590'),
    hasBusinessDocuments: true,
    color: '#7c3aed',
    popularity: 1.2,
    products: [
      {
        name: 'Wooden building blocks',
        category: 'Toys',
        price: 18_000,
        note: '40 painted blocks from a Nyamirambo workshop.',
        stock: 20,
        hasSecondPicture: true,
      },
      {
        name: 'Handmade rag doll',
        category: 'Toys',
        price: 9_000,
        note: 'Sewn from kitenge offcuts.',
        stock: 25,
      },
      {
        name: 'Toy car from recycled tins',
        category: 'Toys',
        price: 6_000,
        note: 'The classic Rwandan wire-and-tin car.',
        stock: 30,
      },
      {
        name: 'Jigsaw puzzle, map of Rwanda',
        category: 'Toys',
        price: 11_000,
        note: '100 pieces with the 30 districts.',
        stock: 20,
      },
      {
        name: 'Kitenge baby carrier wrap',
        category: 'Baby Products',
        price: 22_000,
        note: 'Five metres of soft cotton.',
        stock: 15,
      },
      {
        name: 'Cotton baby blanket',
        category: 'Baby Products',
        price: 14_000,
        note: 'Soft muslin, 100 × 100 cm.',
        stock: 20,
      },
      {
        name: 'Baby bottle set',
        category: 'Baby Products',
        price: 12_000,
        note: 'Three bottles, BPA free.',
        stock: 20,
      },
      {
        name: 'Picture book in Kinyarwanda',
        category: 'Books',
        price: 5_000,
        note: 'Inkuru z’abana: five short stories for ages 3 to 6.',
        stock: 40,
      },
      {
        name: 'Animals of Akagera colouring book',
        category: 'Books',
        price: 4_000,
        note: 'Lions, giraffes and shoebills to colour.',
        stock: 40,
      },
    ],
  },
  {
    shopName: 'Ibitabo Bookshop',
    owner: { fullName: 'Théogène Hakizimana', email: 'theogene@ibitabo.example', language: 'rw' },
    phone: '0784 339 071',
    city: 'Huye',
    businessAddress: 'Avenue de l’Université 9, Huye',
    status: 'approved',
    plan: 'starter',
    registeredDaysAgo: 64,
    payout: mtn('0784 339 071'),
    hasBusinessDocuments: true,
    color: '#334155',
    popularity: 0.9,
    products: [
      {
        name: 'Kinyarwanda for beginners',
        category: 'Books',
        price: 12_000,
        note: 'Lessons, dialogues and a glossary, with audio online.',
        stock: 30,
        hasSecondPicture: true,
      },
      {
        name: 'Rwandan home cooking',
        category: 'Books',
        price: 18_000,
        note: 'Isombe, brochettes, igikoma and 60 more recipes.',
        stock: 20,
      },
      {
        name: 'A short history of Rwanda',
        category: 'Books',
        price: 15_000,
        note: 'Paperback, 240 pages.',
        stock: 20,
      },
      {
        name: 'Imigani y’u Rwanda, folk tales',
        category: 'Books',
        price: 9_000,
        note: 'Tales and proverbs in Kinyarwanda.',
        stock: 25,
      },
      {
        name: 'Exercise books, pack of 10',
        category: 'Stationery',
        price: 5_500,
        note: '96 pages each, ruled.',
        stock: 100,
      },
      {
        name: 'Ballpoint pens, box of 50',
        category: 'Stationery',
        price: 7_000,
        note: 'Blue ink.',
        stock: 50,
      },
      {
        name: 'Geometry set',
        category: 'Stationery',
        price: 3_500,
        note: 'Compass, protractor, set squares and ruler.',
        stock: 60,
      },
      {
        name: 'School backpack',
        category: 'Bags',
        price: 16_000,
        note: 'Reinforced bottom, two bottle pockets.',
        stock: 25,
      },
    ],
  },
  {
    shopName: 'Inshuti Pet Care',
    owner: { fullName: 'Kevin Ishimwe', email: 'kevin@inshutipets.example', language: 'en' },
    phone: '0786 554 203',
    city: 'Kigali',
    businessAddress: 'KK 15 Rd 21, Kicukiro, Kigali',
    status: 'pending',
    plan: 'starter',
    registeredDaysAgo: 4,
    payout: mtn('0786 554 203'),
    hasBusinessDocuments: false,
    color: '#0e7490',
    popularity: 0,
    products: [
      {
        name: 'Dog food, 10 kg',
        category: 'Pet Supplies',
        price: 38_000,
        note: 'Chicken and rice for adult dogs.',
        stock: 20,
      },
      { name: 'Cat food, 2 kg', category: 'Pet Supplies', price: 12_000, note: 'Fish recipe.', stock: 20 },
      { name: 'Dog leash', category: 'Pet Supplies', price: 7_000, note: 'Nylon, 1.5 m.', stock: 30 },
      {
        name: 'Pet shampoo',
        category: 'Pet Supplies',
        price: 6_000,
        note: 'Gentle, with neem oil against fleas.',
        stock: 30,
      },
      {
        name: 'Bird seed, 1 kg',
        category: 'Pet Supplies',
        price: 3_500,
        note: 'Millet and sunflower.',
        stock: 40,
      },
      { name: 'Rubber chew toy', category: 'Pet Supplies', price: 4_000, note: 'Natural rubber.', stock: 40 },
    ],
  },
  {
    shopName: 'Gisenyi Fresh Juice',
    owner: { fullName: 'Sandrine Umuhoza', email: 'sandrine@gisenyijuice.example', language: 'rw' },
    phone: '0729 903 347',
    city: 'Rubavu',
    businessAddress: 'Mbugangari, Gisenyi, Rubavu',
    status: 'pending',
    plan: 'starter',
    registeredDaysAgo: 1,
    payout: airtel('0729 903 347'),
    hasBusinessDocuments: true,
    color: '#ea580c',
    popularity: 0,
    products: [
      {
        name: 'Passion fruit juice, 1 L',
        category: 'Drinks',
        price: 3_000,
        note: 'Umutobe wa marakuja, pressed the morning it ships.',
        stock: 40,
      },
      {
        name: 'Tree tomato juice, 1 L',
        category: 'Drinks',
        price: 3_000,
        note: 'Tamarillo from the Rubavu hills.',
        stock: 40,
      },
      {
        name: 'Dried mango slices, 200 g',
        category: 'Snacks',
        price: 2_500,
        note: 'Sun-dried, no sugar added.',
        stock: 50,
      },
    ],
  },
  {
    shopName: 'Kivu Quick Phones',
    owner: { fullName: 'Yves Kamanzi', email: 'yves@kivuquickphones.example', language: 'en' },
    phone: '0782 661 930',
    city: 'Rubavu',
    businessAddress: 'Gisenyi bus park, Rubavu',
    status: 'rejected',
    plan: 'starter',
    registeredDaysAgo: 23,
    payout: mtn('0782 661 930'),
    hasBusinessDocuments: false,
    rejectedBecause:
      'The name on the ID does not match the account holder, and no RDB business registration was attached.',
    color: '#475569',
    popularity: 0,
    products: [],
  },
]

/** Buyers, from Rwanda and from the region (names on orders; addresses under example domains). */
export const demoCustomers: { name: string; email: string }[] = [
  ['Jean Claude Niyonzima', 'jc.niyonzima@example.com'],
  ['Marie Claire Mukamana', 'marieclaire.m@example.com'],
  ['Eric Habimana', 'eric.habimana@example.org'],
  ['Diane Uwimana', 'diane.uwimana@example.com'],
  ['Patrick Nshimiyimana', 'p.nshimiyimana@example.net'],
  ['Grace Ingabire', 'grace.ingabire@example.com'],
  ['Olivier Mugisha', 'olivier.mugisha@example.org'],
  ['Esther Uwamahoro', 'esther.uwamahoro@example.com'],
  ['Emmanuel Ndayisaba', 'emmanuel.nd@example.com'],
  ['Chantal Mukeshimana', 'chantal.mukeshimana@example.net'],
  ['Innocent Hakizimana', 'innocent.h@example.com'],
  ['Josiane Umutoni', 'josiane.umutoni@example.org'],
  ['Fabrice Iradukunda', 'fabrice.iradukunda@example.com'],
  ['Sandrine Umuhoza', 'sandrine.umuhoza@example.com'],
  ['Thierry Mugabo', 'thierry.mugabo@example.net'],
  ['Clarisse Nyirahabimana', 'clarisse.nyira@example.com'],
  ['Kevin Ishimwe', 'kevin.ishimwe@example.org'],
  ['Alice Uwera', 'alice.uwera@example.com'],
  ['Yves Kamanzi', 'yves.kamanzi@example.com'],
  ['Denise Mutesi', 'denise.mutesi@example.net'],
  ['Aimable Nkurunziza', 'aimable.nk@example.com'],
  ['Vanessa Keza', 'vanessa.keza@example.org'],
  ['Jean Bosco Twagirimana', 'jb.twagirimana@example.com'],
  ['Ange Uwase', 'ange.uwase@example.com'],
  ['Didier Rukundo', 'didier.rukundo@example.net'],
  ['Pacifique Niyigena', 'pacifique.niyigena@example.com'],
  ['Christine Mukandayisenga', 'christine.mukanda@example.org'],
  ['Samuel Bizimana', 'samuel.bizimana@example.com'],
  ['Gloria Ishimwe', 'gloria.ishimwe@example.com'],
  ['Janvier Munyaneza', 'janvier.munyaneza@example.net'],
  ['Sarah Kimani', 'sarah.kimani@example.com'],
  ['Daniel Okello', 'daniel.okello@example.org'],
  ['Amina Hassan', 'amina.hassan@example.com'],
  ['Baraka Mwangi', 'baraka.mwangi@example.net'],
  ['Claire Dubois', 'claire.dubois@example.com'],
  ['Tom Becker', 'tom.becker@example.org'],
].map(([name, email]) => ({ name: name!, email: email! }))

/** References the team writes on an approved payout, by payout method. */
export const paymentReferencePrefix = { mobile_money: 'MoMo TxID ', bank: 'BK-TRF-', paypal: 'PP-' } as const

export const payoutRejectionReasons = [
  'The mobile money number on file is registered to another name. Update your payout details and request again.',
  'Requested twice for the same sales: the earlier request was approved.',
  'Please wait for the refunds of last week to be settled before requesting this amount.',
]

/**
 * A conversation with the team: the vendor writes (`daysAgo` before now), an admin opens it and may reply
 * some hours later. Without `reply` it waits for the team; with `isUnread` nobody has opened it yet.
 */
export type DemoConversation = {
  shop: string
  daysAgo: number
  type: MessageType
  subject: string
  content: string
  reply?: string
  /** Hours between the message and the team's reply (default 5). */
  replyAfterHours?: number
  isUnread?: boolean
  /** The vendor has not opened the team's reply yet. */
  isReplyUnread?: boolean
}

export const demoConversations: DemoConversation[] = [
  {
    shop: 'Kivu Quick Phones',
    daysAgo: 22,
    type: 'support',
    subject: 'Documents for my application',
    content: 'Hello, I uploaded my ID. Can you approve the shop this week? I have 30 phones ready to sell.',
    reply:
      'Hello Yves, we could not approve the application: the name on the ID is not the account holder’s and there is no RDB registration. The reason is on your dashboard.',
    replyAfterHours: 72,
  },
  {
    shop: 'Kigali Coffee House',
    daysAgo: 84,
    type: 'general',
    subject: 'Descriptions in English and Kinyarwanda',
    content:
      'Muraho! Many of our buyers read Kinyarwanda first. Can a product description hold both languages, or should we list each coffee twice?',
    reply:
      'Muraho Jean-Paul! One product with both: write the English first, then the Kinyarwanda in the same description. Listing it twice would split its stock and its orders.',
  },
  {
    shop: 'Inzozi Crafts',
    daysAgo: 61,
    type: 'support',
    subject: 'Payout not on my MoMo yet',
    content:
      'Mwiriwe, my payout shows as approved but nothing has reached my MTN number. Could you check the reference? Murakoze.',
    reply:
      'Mwiriwe Aline, the transfer left on the day it was approved; the reference is on the payout. MTN can take up to 24 hours. Please confirm receipt on your Payouts page when it arrives.',
    replyAfterHours: 3,
  },
  {
    shop: 'Agaseke Weavers',
    daysAgo: 47,
    type: 'order',
    subject: 'Wedding baskets order: one still being woven',
    content:
      'A customer ordered three wedding baskets but we have two finished. The third takes five more days. Should I complete the order now or wait?',
    reply:
      'Please keep it pending and tell the customer the date. Mark it completed when all three are on their way, so the order and your balance stay right.',
  },
  {
    shop: 'Ubuki bwiza Honey',
    daysAgo: 9,
    type: 'general',
    subject: 'Our free trial ends soon',
    content:
      'Mwaramutse! The dashboard says our free trial ends next week. Which plan do you recommend for about 20 products?',
    reply:
      'Mwaramutse Emmanuel! Growth (10,000 RWF a month) holds up to 25 products. Choose it under Subscription and send the payment; we confirm it the same day.',
    isReplyUnread: true,
  },
  {
    shop: 'Kivu Style Boutique',
    daysAgo: 39,
    type: 'support',
    subject: 'Adding a size to a dress',
    content:
      'How do I add size XXL to the kitenge wrap dress without losing the orders of the sizes I already sell?',
    reply:
      'Edit the product and tick XXL: the sizes you already have keep their stock and their orders, and the new one gets its own stock.',
  },
  {
    shop: 'Kigali Tech Hub',
    daysAgo: 33,
    type: 'support',
    subject: 'Why was the Note 12 rejected?',
    content:
      'The Smartphone Note 12 was rejected. The phone is new and in its box; what exactly is wrong with the listing?',
    reply:
      'The photos showed another model. Upload photos of the Note 12 itself (front, back and the box) and tell us: we look at it again the same day.',
    replyAfterHours: 2,
  },
  {
    shop: 'Urugo Home Store',
    daysAgo: 26,
    type: 'order',
    subject: 'Delivering a sofa to Rubavu',
    content:
      'A buyer in Rubavu ordered the three-seater sofa. Our delivery is only in Kigali; can the buyer collect it, or should we refund?',
    reply:
      'Ask the buyer: if they collect, keep the order as it is. If they prefer a refund, refund it from your Orders page and the balance follows.',
  },
  {
    shop: 'Virunga Outdoor Gear',
    daysAgo: 18,
    type: 'order',
    subject: 'A buyer wants a different colour of backpack',
    content:
      'A buyer ordered the green 40 L backpack, size L, and now asks for black. Can I change the variant on the order?',
    reply:
      'An order keeps what was bought. Refund this one and ask the team to place a new order for the black one: both stay on the order’s history.',
  },
  {
    shop: 'Ibitabo Bookshop',
    daysAgo: 14,
    type: 'general',
    subject: 'Second-hand books',
    content: 'Can we also sell second-hand university books? Students in Huye ask for them every term.',
    reply:
      'Yes, as long as the condition is in the name or the description, for example "(used, good condition)".',
    isReplyUnread: true,
  },
  {
    shop: 'Inshuti Pet Care',
    daysAgo: 3,
    type: 'support',
    subject: 'When will my shop be reviewed?',
    content:
      'Hello, I registered Inshuti Pet Care a few days ago. How long does the review take? My products are ready.',
    reply:
      'Hello Kevin, we review applications within three working days. Yours still needs a business document (your RDB certificate): add it on your profile and we can decide.',
    replyAfterHours: 20,
  },
  {
    shop: 'Inzozi Crafts',
    daysAgo: 12,
    type: 'general',
    subject: 'Murakoze cyane!',
    content: 'Thank you for featuring our peace baskets on the home page. We had our best week ever.',
  },
  {
    shop: 'Ubwiza Beauty',
    daysAgo: 1,
    type: 'support',
    subject: 'Business plan payment sent',
    content:
      'We sent the Business plan payment (25,000 RWF) by Airtel Money this morning, reference 7483920165. Please confirm it so we can add more products.',
    isUnread: true,
  },
  {
    shop: 'Kigali Coffee House',
    daysAgo: 2,
    type: 'order',
    subject: 'Parcel arrived damaged',
    content:
      'A buyer in Musanze received the French press broken. We will send a new one; should I refund the first order as well?',
    isUnread: true,
  },
  {
    shop: 'Akana Kids',
    daysAgo: 0,
    type: 'general',
    subject: 'Selling at the Kigali Christmas fair',
    content:
      'Muraho! Will Isoko have a stand at the Christmas fair in Kigali? We would like to show our toys there.',
    isUnread: true,
  },
]
