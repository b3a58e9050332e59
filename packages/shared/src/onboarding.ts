import { z } from 'zod';
import { PRODUCTS } from './enums.ts';

// ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames so they follow the reader's language.
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
  'OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export function countryName(code: string, locale = 'en'): string {
  return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
}

export const BUSINESS_INDUSTRIES = [
  'Crypto exchange',
  'Wallet',
  'DeFi protocol',
  'NFT marketplace',
  'Gaming',
  'Fintech / neobank',
  'Payments',
  'E-commerce',
  'Web3 infrastructure',
  'Social / creator platform',
  'Remittance',
  'Other',
] as const;

export const PRODUCT_INTERESTS = PRODUCTS;

export const EXPECTED_MONTHLY_VOLUMES = ['Under $10k', '$10k–$100k', '$100k–$1M', '$1M–$10M', 'Over $10M'] as const;

const urlSchema = z
  .string()
  .trim()
  .max(2048, 'A URL has at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a full URL starting with https://');

/** What the onboarding form asks; the server enforces the same schema. */
export const onboardingInfoSchema = z.object({
  accountName: z.string().trim().min(2, 'At least 2 characters').max(100, 'At most 100 characters'),
  legalName: z.string().trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters'),
  country: z.enum(COUNTRY_CODES as [string, ...string[]], { message: 'Choose a country from the list' }),
  industry: z.enum(BUSINESS_INDUSTRIES, { message: 'Choose an industry from the list' }),
  websiteUrls: z.array(urlSchema).min(1, 'Add at least one website').max(10, 'At most 10 websites'),
  productInterests: z
    .array(z.enum(PRODUCT_INTERESTS, { message: 'Unknown product' }))
    .min(1, 'Choose at least one product')
    .max(PRODUCT_INTERESTS.length),
  expectedMonthlyVolume: z.enum(EXPECTED_MONTHLY_VOLUMES, { message: 'Choose a volume range' }),
  registrationNumber: z.string().trim().max(100, 'At most 100 characters').optional().nullable(),
  useCase: z.string().trim().max(2000, 'At most 2000 characters').optional().nullable(),
});
export type OnboardingInfoInput = z.infer<typeof onboardingInfoSchema>;
