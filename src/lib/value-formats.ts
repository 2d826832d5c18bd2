// Values that later reads interpret, checked by format when they are written: a plant's or a
// user's time zone decides every day boundary of their statistics (in PostgreSQL and in the
// runtime alike), a country code names the country and picks defaults, a list of ids is read by
// statements over integer columns. The contract names them
// as JSON Schema formats (`time-zone`, `country-code`); the server's validator and the forms'
// both use these checks, so a value one of them accepts is one every reader understands.
// (A zone PostgreSQL did not know had made every plant list of its tree fail.)
import { isEmail } from './validators.ts';

const CODES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT
MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG
UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`;

export const COUNTRY_CODES: readonly string[] = CODES.trim().split(/\s+/);
const countries = new Set(COUNTRY_CODES);

/** An ISO 3166-1 alpha-2 code of the country list, in capitals. */
export const isCountryCode = (code: string): boolean => countries.has(code);

/** An IANA name (`Area/Location`, `UTC`, `EST5EDT`): no offsets, POSIX rules or file names. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** An IANA time-zone id the runtime knows (aliases such as Asia/Calcutta and UTC included). */
export function isRuntimeTimeZone(zone: string): boolean {
  if (zone.length > 64 || !ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The largest value an integer column holds (int32): a larger one would fail the statement that reads it. */
export const MAX_INT_COLUMN = 2_147_483_647;

/** Comma-separated ids (`3,17`), each from 1 to the largest id a column holds. */
export const isIdList = (value: string): boolean =>
  /^[0-9]{1,10}(,[0-9]{1,10})*$/.test(value) && value.split(',').every((id) => Number(id) >= 1 && Number(id) <= MAX_INT_COLUMN);

/** The formats as a validator takes them (Ajv's `addFormat`, RJSF's `customFormats`). */
export const VALUE_FORMATS = {
  email: isEmail,
  'time-zone': isRuntimeTimeZone,
  'country-code': isCountryCode,
  'id-list': isIdList,
} as const;
