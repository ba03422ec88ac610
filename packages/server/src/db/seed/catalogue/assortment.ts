/**
 * The demo assortment of a small café-bakery-grocery chain: departments, categories and the
 * standard products of each category as "Name|price in RM" (a trailing "/kg" sells by weight).
 */
export const DEPARTMENTS: [string, string, string][] = [
  ['BAKERY', 'Bakery', 'Breads, pastries and cakes baked daily in the central kitchen'],
  ['CAFE', 'Café', 'Coffee, tea, drinks and food made to order'],
  ['GROCERY', 'Grocery', 'Pantry staples, snacks and packaged drinks'],
  ['FRESH', 'Fresh', 'Dairy, eggs, fruit and vegetables'],
  ['HOUSEHOLD', 'Household', 'Cleaning and personal care'],
  ['MERCH', 'Merchandise', 'Backroom House apparel and accessories'],
];

export interface CategoryDef {
  code: string;
  name: string;
  department: string;
  parent?: string;
  /** SKU prefix of its products. */
  prefix: string;
  tax: string;
  uom: string;
  brands: string[];
  supplier: string;
  /** A second, dearer supplier for some products. */
  alternateSupplier?: string;
  /** Cost as a share of the selling price, low and high. */
  margin: [number, number];
  items: string[];
}

const group = (code: string, name: string, department: string, parent?: string): CategoryDef => ({
  code,
  name,
  department,
  parent,
  prefix: code,
  tax: 'SST8',
  uom: 'EA',
  brands: [],
  supplier: '',
  margin: [0, 0],
  items: [],
});

/** Parents first: a category's parent must exist before it. */
export const CATEGORIES: CategoryDef[] = [
  {
    code: 'BREAD', name: 'Breads', department: 'BAKERY', prefix: 'BRD', tax: 'ZR', uom: 'EA', brands: ['ROTI_RUMAH', 'BACKROOM'],
    supplier: 'CK', alternateSupplier: 'RRT', margin: [0.3, 0.45],
    items: [
      'Sourdough Loaf|14.90', 'Wholemeal Sandwich Loaf|6.80', 'White Sandwich Loaf|5.90', 'Multigrain Loaf|8.50', 'Brioche Loaf|12.00',
      'Baguette|6.50', 'Ciabatta|5.50', 'Rye Bread|11.90', 'Pandan Loaf|7.20', 'Hokkaido Milk Bread|6.90', 'Raisin Bread|7.90',
      'Burger Buns 6s|6.50', 'Hot Dog Buns 6s|6.50', 'Dinner Rolls 8s|7.50', 'Rosemary Focaccia|9.90',
    ],
  },
  {
    code: 'PASTRY', name: 'Pastries', department: 'BAKERY', prefix: 'PST', tax: 'SST6', uom: 'EA', brands: ['BACKROOM'],
    supplier: 'CK', margin: [0.25, 0.4],
    items: [
      'Butter Croissant|5.90', 'Almond Croissant|7.90', 'Chocolate Croissant|6.90', 'Pain aux Raisins|6.50', 'Cinnamon Roll|6.90',
      'Blueberry Danish|6.90', 'Apple Danish|6.90', 'Egg Tart|3.50', 'Portuguese Egg Tart|4.50', 'Curry Puff|3.20', 'Chicken Pie|6.90',
      'Sausage Roll|5.50', 'Kaya Puff|3.00', 'Tuna Bun|4.20', 'Coconut Bun|3.50', 'Red Bean Bun|3.20', 'Kouign-Amann|7.50', 'Apple Turnover|6.20',
    ],
  },
  group('CAKES', 'Cakes', 'BAKERY'),
  {
    code: 'CAKE-SLICE', name: 'Cake slices', department: 'BAKERY', parent: 'CAKES', prefix: 'CKS', tax: 'SST6', uom: 'EA', brands: ['BACKROOM'],
    supplier: 'CK', margin: [0.25, 0.35],
    items: [
      'Burnt Cheesecake Slice|14.90', 'Chocolate Fudge Slice|12.90', 'Red Velvet Slice|12.90', 'Carrot Cake Slice|11.90',
      'Pandan Gula Melaka Slice|11.90', 'Tiramisu Slice|13.90', 'Lemon Tart|9.90', 'Blueberry Cheese Slice|13.90', 'Opera Slice|13.90', 'Matcha Roll Slice|9.50',
    ],
  },
  {
    code: 'CAKE-WHOLE', name: 'Whole cakes', department: 'BAKERY', parent: 'CAKES', prefix: 'CKW', tax: 'SST6', uom: 'EA', brands: ['BACKROOM'],
    supplier: 'CK', margin: [0.3, 0.4],
    items: [
      'Burnt Cheesecake 8 inch|129.00', 'Chocolate Fudge Cake 8 inch|118.00', 'Red Velvet Cake 8 inch|118.00', 'Carrot Cake 8 inch|108.00',
      'Pandan Gula Melaka Cake 8 inch|108.00', 'Tiramisu Cake 8 inch|128.00', 'Black Forest Cake 8 inch|115.00', 'Durian Cake 8 inch|158.00',
    ],
  },
  group('DRINKS', 'Café drinks', 'CAFE'),
  {
    code: 'COFFEE', name: 'Coffee', department: 'CAFE', parent: 'DRINKS', prefix: 'COF', tax: 'SST6', uom: 'EA', brands: ['KOPI_KAMPUNG'],
    supplier: 'KKR', margin: [0.2, 0.3],
    items: [
      'Espresso|7.00', 'Americano|8.50', 'Long Black|8.50', 'Flat White|11.00', 'Mocha|12.50', 'Caramel Macchiato|13.00', 'Kopi O|4.50',
      'Kopi C|5.00', 'Spanish Latte|12.50', 'Affogato|13.90', 'Cold Brew Bottle 250ml|14.90',
    ],
  },
  {
    code: 'TEA', name: 'Tea', department: 'CAFE', parent: 'DRINKS', prefix: 'TEA', tax: 'SST6', uom: 'EA', brands: ['SRI_WANGI'],
    supplier: 'KKR', margin: [0.15, 0.3],
    items: [
      'English Breakfast Tea|7.50', 'Earl Grey Tea|7.50', 'Chamomile Tea|8.00', 'Peppermint Tea|8.00', 'Chai Latte|12.00', 'Teh O|4.00',
      'Teh C Peng|5.50', 'Lemongrass Ginger Tea|8.50', 'Hojicha Latte|12.50',
    ],
  },
  {
    code: 'COLD', name: 'Cold drinks', department: 'CAFE', parent: 'DRINKS', prefix: 'CLD', tax: 'SST6', uom: 'EA', brands: ['LADANG_SEGAR'],
    supplier: 'LSF', margin: [0.25, 0.4],
    items: [
      'Fresh Orange Juice|11.90', 'Watermelon Juice|9.90', 'Lime Juice|6.90', 'Sparkling Water|6.50', 'Mineral Water|3.00', 'Mango Smoothie|13.90',
      'Berry Smoothie|13.90', 'Iced Chocolate|11.90', 'Bandung|6.50', 'Sirap Limau|6.00',
    ],
  },
  {
    code: 'FOOD', name: 'Café food', department: 'CAFE', prefix: 'FOD', tax: 'SST6', uom: 'EA', brands: ['BACKROOM'],
    supplier: 'CK', margin: [0.3, 0.4],
    items: [
      'Kaya Toast|5.90', 'Half-Boiled Eggs|4.50', 'Nasi Lemak Ayam|14.90', 'Chicken Ham Sandwich|13.90', 'Tuna Melt Sandwich|14.50',
      'Egg Mayo Sandwich|11.90', 'Caesar Salad|18.90', 'Mushroom Soup|12.90', 'Aglio Olio|19.90', 'Chicken Carbonara|22.90', 'Big Breakfast|26.90',
      'Avocado Toast|19.90', 'Mee Goreng Mamak|13.90', 'Roti Bakar Set|6.90',
    ],
  },
  { ...group('SETS', 'Meal sets', 'CAFE'), prefix: 'SET', tax: 'SST6' },
  group('PANTRY', 'Pantry', 'GROCERY'),
  {
    code: 'RICE', name: 'Rice and noodles', department: 'GROCERY', parent: 'PANTRY', prefix: 'RCE', tax: 'ZR', uom: 'EA', brands: ['PASAR_PAGI', 'MUTIARA', 'HARIMAU'],
    supplier: 'PPD', alternateSupplier: 'MWS', margin: [0.65, 0.8],
    items: [
      'Jasmine Rice 5kg|32.90', 'Jasmine Rice 10kg|62.50', 'Basmati Rice 2kg|24.90', 'Brown Rice 2kg|18.90', 'Glutinous Rice 1kg|7.90',
      'Rice Vermicelli 400g|3.80', 'Egg Noodles 400g|4.50', 'Curry Instant Noodles 5s|6.20', 'Chicken Instant Noodles 5s|5.90',
      'Spaghetti 500g|4.90', 'Penne 500g|4.90', 'Dried Kuey Teow 400g|4.20', 'Rolled Oats 800g|11.90',
    ],
  },
  {
    code: 'CANNED', name: 'Canned food', department: 'GROCERY', parent: 'PANTRY', prefix: 'CAN', tax: 'SST8', uom: 'EA', brands: ['MUTIARA', 'HARIMAU', 'ACME'],
    supplier: 'PPD', alternateSupplier: 'MWS', margin: [0.6, 0.75],
    items: [
      'Sardines in Tomato Sauce 425g|6.90', 'Tuna Flakes in Oil 185g|5.50', 'Baked Beans 425g|4.90', 'Sweet Corn Kernels 410g|4.50',
      'Button Mushrooms 425g|5.20', 'Coconut Milk 400ml|4.90', 'Evaporated Milk 390g|3.60', 'Sweetened Condensed Milk 500g|4.80',
      'Chicken Curry 280g|8.90', 'Rendang Paste 200g|7.50', 'Peach Halves 825g|9.90', 'Pineapple Slices 565g|6.90', 'Lychee in Syrup 565g|8.50',
      'Chickpeas 400g|4.90', 'Longan in Syrup 565g|7.90',
    ],
  },
  {
    code: 'SAUCES', name: 'Sauces and spreads', department: 'GROCERY', parent: 'PANTRY', prefix: 'SAU', tax: 'SST8', uom: 'EA',
    brands: ['KEDAI_EMAS', 'MUTIARA', 'NORTHWIND'], supplier: 'PPD', alternateSupplier: 'MWS', margin: [0.6, 0.75],
    items: [
      'Light Soy Sauce 640ml|5.90', 'Dark Soy Sauce 640ml|6.20', 'Oyster Sauce 510g|8.90', 'Chilli Sauce 340g|4.50', 'Tomato Ketchup 340g|4.50',
      'Sambal Tumis 200g|7.90', 'Kaya Spread 400g|9.90', 'Peanut Butter 340g|11.50', 'Strawberry Jam 450g|9.90', 'Wild Honey 500g|24.90',
      'Mayonnaise 470ml|10.90', 'Cooking Oil 2kg|14.90', 'Olive Oil 500ml|26.90', 'Fine Salt 500g|1.90', 'White Sugar 1kg|3.20', 'Brown Sugar 500g|3.90',
    ],
  },
  {
    code: 'SNACKS', name: 'Snacks and sweets', department: 'GROCERY', prefix: 'SNK', tax: 'SST8', uom: 'EA', brands: ['HARIMAU', 'CONTOSO', 'KEDAI_EMAS'],
    supplier: 'MWS', margin: [0.55, 0.7],
    items: [
      'Potato Chips Original 160g|6.90', 'Potato Chips Seaweed 160g|6.90', 'Fish Crackers 200g|7.50', 'Prawn Crackers 200g|8.50',
      'Roasted Peanuts 200g|5.90', 'Cashew Nuts 150g|12.90', 'Cream Crackers 400g|7.20', 'Chocolate Wafers 150g|5.50', 'Butter Cookies 454g|19.90',
      'Dark Chocolate Bar 100g|9.90', 'Milk Chocolate Bar 100g|8.90', 'Granola Bars 6s|12.90', 'Dried Mango 100g|8.90', 'Kuih Bangkit 250g|16.90',
      'Pineapple Tarts 300g|24.90', 'Banana Chips 150g|5.90', 'Sea Salt Popcorn 80g|4.90', 'Gummy Bears 200g|6.50',
    ],
  },
  {
    code: 'BEVERAGE', name: 'Packaged drinks', department: 'GROCERY', prefix: 'BEV', tax: 'SST8', uom: 'EA', brands: ['KOPI_KAMPUNG', 'SRI_WANGI', 'NORTHWIND'],
    supplier: 'PPD', alternateSupplier: 'MWS', margin: [0.55, 0.7],
    items: [
      'House Blend Ground Coffee 250g|28.90', 'Espresso Coffee Beans 1kg|89.00', 'Single Origin Coffee Beans 250g|45.00', 'White Coffee 3-in-1 15s|13.90',
      'Teh Tarik Sachets 15s|12.90', 'Black Tea Bags 100s|9.90', 'Chocolate Malt Drink 1kg|24.90', 'Mineral Water 1.5L|2.20', 'Soya Bean Drink 1L|4.50',
      'Chrysanthemum Tea 300ml|2.30', 'Isotonic Drink 500ml|3.20', 'Cola 320ml Can|2.40', 'Orange Cordial 2L|9.90',
      'Coconut Water 1L|8.90', 'Green Tea Bottle 500ml|3.50', 'Sparkling Apple Juice 750ml|15.90',
    ],
  },
  {
    code: 'DAIRY', name: 'Dairy and eggs', department: 'FRESH', prefix: 'DRY', tax: 'ZR', uom: 'EA', brands: ['TANJUNG', 'LADANG_SEGAR'],
    supplier: 'TDS', alternateSupplier: 'PPD', margin: [0.65, 0.8],
    items: [
      'Fresh Milk 1L|7.90', 'Fresh Milk 2L|14.90', 'Low Fat Milk 1L|8.20', 'Chocolate Milk 200ml|2.60', 'Greek Yoghurt 500g|15.90',
      'Natural Yoghurt 130g|2.90', 'Salted Butter 250g|12.90', 'Unsalted Butter 250g|12.90', 'Cheddar Slices 12s|9.90', 'Shredded Mozzarella 200g|11.90',
      'Cream Cheese 250g|13.50', 'Whipping Cream 1L|24.90', 'Grade A Eggs 10s|5.90', 'Grade A Eggs 30s|15.90', 'Kampung Eggs 10s|8.90',
    ],
  },
  {
    code: 'PRODUCE', name: 'Fruit and vegetables', department: 'FRESH', prefix: 'PRD', tax: 'ZR', uom: 'EA', brands: ['LADANG_SEGAR', 'BUKIT_HIJAU'],
    supplier: 'LSF', margin: [0.55, 0.7],
    items: [
      'Pisang Berangan Bananas|6.90/kg', 'Fuji Apples|9.90/kg', 'Mandarin Oranges|8.90/kg', 'Papaya|4.90/kg', 'Seedless Watermelon|3.50/kg',
      'Avocado|4.50', 'Lemon|1.50', 'Tomatoes|6.50/kg', 'Japanese Cucumber|5.90/kg', 'Carrots|3.90/kg', 'Red Onions|5.50/kg', 'Garlic|12.90/kg',
      'Young Ginger|11.90/kg', 'Potatoes|4.90/kg', 'Kangkung Bunch|1.80', 'Baby Bok Choy 250g|3.20', 'Romaine Lettuce|4.90',
      'Sweet Potatoes|5.90/kg', 'Red Chillies|16.90/kg', 'Calamansi 250g|3.90',
    ],
  },
  {
    code: 'CLEANING', name: 'Cleaning', department: 'HOUSEHOLD', prefix: 'CLN', tax: 'SST8', uom: 'EA', brands: ['CAHAYA', 'ACME'],
    supplier: 'CHS', alternateSupplier: 'MWS', margin: [0.55, 0.7],
    items: [
      'Dishwashing Liquid 900ml|6.90', 'Laundry Detergent 3kg|32.90', 'Fabric Softener 2L|15.90', 'Floor Cleaner 2L|12.90', 'Glass Cleaner 500ml|7.90',
      'Kitchen Towel 2 Rolls|6.50', 'Toilet Paper 10 Rolls|16.90', 'Garbage Bags 30s|5.90', 'Sponge Scourers 3s|4.50', 'Aluminium Foil 7.6m|6.90',
      'Cling Wrap 30m|5.90', 'Bleach 1L|4.90', 'Dishwasher Tablets 30s|29.90', 'Insect Spray 600ml|13.90', 'Air Freshener 300ml|8.90',
    ],
  },
  {
    code: 'PERSONAL', name: 'Personal care', department: 'HOUSEHOLD', prefix: 'PRS', tax: 'SST8', uom: 'EA', brands: ['CAHAYA', 'CONTOSO'],
    supplier: 'CHS', margin: [0.5, 0.65],
    items: [
      'Shampoo 400ml|15.90', 'Conditioner 400ml|15.90', 'Body Wash 1L|19.90', 'Bar Soap 3s|6.90', 'Toothpaste 150g|8.90', 'Soft Toothbrush 2s|7.90',
      'Hand Sanitiser 500ml|12.90', 'Facial Tissue 5 Boxes|11.90', 'Cotton Buds 200s|3.90', 'Roll-on Deodorant 50ml|10.90', 'Sunscreen SPF50 50ml|29.90',
      'Wet Wipes 80s|6.90', 'Hand Cream 50ml|9.90', 'Lip Balm|5.90', 'Mouthwash 500ml|14.90',
    ],
  },
  {
    code: 'APPAREL', name: 'Apparel', department: 'MERCH', prefix: 'APP', tax: 'SST8', uom: 'EA', brands: ['BACKROOM'],
    supplier: 'HAS', margin: [0.35, 0.45],
    items: ['Crew Socks|15.90', 'Bucket Hat|39.90'],
  },
  {
    code: 'ACCESSORIES', name: 'Accessories', department: 'MERCH', prefix: 'ACC', tax: 'SST8', uom: 'EA', brands: ['BACKROOM'],
    supplier: 'HAS', margin: [0.35, 0.5],
    items: [
      'Canvas Tote Bag|29.90', 'Reusable Cup 350ml|39.90', 'Stainless Tumbler 500ml|69.00', 'Enamel Mug|35.00', 'Logo Keychain|12.90',
      'Pour-over Dripper|59.00', 'Paper Filters 100s|19.90',
    ],
  },
];

export const SUPPLIERS: { code: string; name: string; contactName: string; phone: string; city: string; terms: number }[] = [
  { code: 'CK', name: 'Backroom Central Kitchen Sdn Bhd', contactName: 'Farah Aziz', phone: '+60 3-5510 7700', city: '40300 Shah Alam', terms: 0 },
  { code: 'RRT', name: 'Roti Rumah Trading', contactName: 'Lim Wei Ming', phone: '+60 3-9133 2211', city: '56000 Cheras', terms: 14 },
  { code: 'KKR', name: 'Kopi Kampung Roasters', contactName: 'Rajesh Kumar', phone: '+60 5-254 8800', city: '30450 Ipoh', terms: 30 },
  { code: 'PPD', name: 'Pasar Pagi Distributors Sdn Bhd', contactName: 'Nurul Huda', phone: '+60 3-3342 9100', city: '41200 Klang', terms: 30 },
  { code: 'MWS', name: 'Mutiara Wholesale Sdn Bhd', contactName: 'Tan Siew Ling', phone: '+60 3-6157 4400', city: '52100 Kepong', terms: 45 },
  { code: 'LSF', name: 'Ladang Segar Farms', contactName: 'Ahmad Faizal', phone: '+60 5-491 2200', city: '39000 Tanah Rata', terms: 7 },
  { code: 'TDS', name: 'Tanjung Dairy Sdn Bhd', contactName: 'Priya Nair', phone: '+60 6-315 6600', city: '75450 Ayer Keroh', terms: 14 },
  { code: 'CHS', name: 'Cahaya Home Supplies', contactName: 'Wong Kah Yee', phone: '+60 3-8060 3300', city: '47100 Puchong', terms: 30 },
  { code: 'HAS', name: 'Harimau Apparel Sdn Bhd', contactName: 'Siti Mariam', phone: '+60 4-390 1188', city: '14000 Bukit Mertajam', terms: 60 },
];
