import { idOf, insertValid, type Ids, type Seeder } from './insert';
import { dayFrom } from './numbers';

const NAMES: [name: string, gender: 'F' | 'M'][] = [
  ['Nur Aisyah binti Rahman', 'F'],
  ['Tan Wei Jie', 'M'],
  ['Priya a/p Subramaniam', 'F'],
  ['Muhammad Hafiz bin Ismail', 'M'],
  ['Lim Mei Ling', 'F'],
  ['Arjun a/l Krishnan', 'M'],
  ['Siti Nurhaliza binti Omar', 'F'],
  ['Wong Kar Wai', 'M'],
  ['Chong Li Ying', 'F'],
  ['Ahmad Zaki bin Yusof', 'M'],
  ['Kavitha a/p Ramasamy', 'F'],
  ['Lee Chee Keong', 'M'],
  ['Farah Nadia binti Hassan', 'F'],
  ['Goh Jun Hao', 'M'],
  ['Deepa a/p Menon', 'F'],
  ['Mohd Firdaus bin Ali', 'M'],
  ['Ng Xin Yi', 'F'],
  ['Ravi a/l Chandran', 'M'],
  ['Aina Sofea binti Kamal', 'F'],
  ['Teoh Boon Huat', 'M'],
  ['Yap Shu Fen', 'F'],
  ['Hariz bin Abdullah', 'M'],
  ['Lakshmi a/p Gopal', 'F'],
  ['Ong Kah Seng', 'M'],
  ['Nabila binti Razak', 'F'],
  ['Chan Wai Kit', 'M'],
  ['Melissa Fernandez', 'F'],
  ['Daniel Tan', 'M'],
  ['Hui Min Cheah', 'F'],
  ['Syafiq bin Roslan', 'M'],
];

const GROUPS = ['SILVER', 'SILVER', 'GOLD', 'SILVER', 'PLATINUM', 'GOLD'];

/** Three membership groups and thirty members spread over the outlets. */
export async function seedMembers(s: Seeder, outlets: Ids, genders: Ids): Promise<void> {
  const groups = await insertValid(s, 'membershipgroup', [
    { code: 'SILVER', name: 'Silver', discountPercent: '0', pointsPerUnitSpent: '1', validityMonths: 12 },
    {
      code: 'GOLD',
      name: 'Gold',
      discountPercent: '5',
      pointsPerUnitSpent: '1.5',
      upgradeThreshold: '1000.00',
      validityMonths: 12,
    },
    {
      code: 'PLATINUM',
      name: 'Platinum',
      discountPercent: '10',
      pointsPerUnitSpent: '2',
      upgradeThreshold: '5000.00',
      validityMonths: 24,
    },
  ]);
  const outletCodes = [...outlets.keys()];
  await insertValid(
    s,
    'membership',
    NAMES.map(([name, gender], i) => {
      const joined = -(i * 25 + 10);
      const digits = String(2_100_000 + i * 104_729);
      const given = name
        .split(' ')[0]!
        .toLowerCase()
        .replace(/[^a-z]/g, '');
      return {
        memberNo: `M${String(100001 + i)}`,
        name,
        phone: `+60 1${(i % 9) + 1}-${digits.slice(0, 3)} ${digits.slice(3)}`,
        email: `${given}.${i + 1}@mail.example`,
        birthDate: `${1970 + ((i * 7) % 35)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
        gender: idOf(genders, gender),
        membershipGroup: idOf(groups, GROUPS[i % GROUPS.length]!),
        joinDate: dayFrom(s.now, joined),
        expiryDate: dayFrom(s.now, joined + 730),
        status: i === 7 ? 'suspended' : joined + 730 < 0 ? 'expired' : 'active',
        outlet: idOf(outlets, outletCodes[i % outletCodes.length]!),
      };
    }),
  );
}
