/** The business address in the parts search engines read (schema.org PostalAddress), as Settings stores it. */
export interface AddressParts {
  addressStreet: string;
  addressCity: string;
  addressState: string;
  addressZip: string;
}

/** USPS codes of the states, DC and the inhabited territories. */
export const US_STATE_CODES: readonly string[] = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH ' +
  'NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'
).split(' ');

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

const US_STATE_NAMES = (
  'Alabama,Alaska,Arizona,Arkansas,California,Colorado,Connecticut,Delaware,District of Columbia,Florida,' +
  'Georgia,Hawaii,Idaho,Illinois,Indiana,Iowa,Kansas,Kentucky,Louisiana,Maine,Maryland,Massachusetts,' +
  'Michigan,Minnesota,Mississippi,Missouri,Montana,Nebraska,Nevada,New Hampshire,New Jersey,New Mexico,' +
  'New York,North Carolina,North Dakota,Ohio,Oklahoma,Oregon,Pennsylvania,Rhode Island,South Carolina,' +
  'South Dakota,Tennessee,Texas,Utah,Vermont,Virginia,Washington,West Virginia,Wisconsin,Wyoming,' +
  'American Samoa,Guam,Northern Mariana Islands,Puerto Rico,U.S. Virgin Islands'
).split(',');

/** "GA" → "Georgia"; the code itself when unknown. */
export function stateName(code: string): string {
  return US_STATE_NAMES[US_STATE_CODES.indexOf(code)] ?? code;
}

/** "100 Main Street, Springfield, IL 62701": the one line the site shows; empty parts are left out. */
export function formatAddressLine(parts: AddressParts): string {
  const stateZip = [parts.addressState, parts.addressZip].filter(Boolean).join(' ');
  return [parts.addressStreet, parts.addressCity, stateZip].filter(Boolean).join(', ');
}

// "street, city, ST 12345" (the ZIP optional); the street may hold commas ("Suite 4, 100 Main St").
// The migration that split the stored one-line address uses the same pattern.
const ONE_LINE = /^(.*),\s*([^,]+),\s*([A-Za-z]{2})\.?\s*(\d{5}(?:-\d{4})?)?\s*$/;

/**
 * The parts of a one-line US address. A line that does not read as "street, city, ST ZIP" is kept
 * whole as the street, so nothing the owner wrote is lost; they can split it in Settings.
 */
export function parseAddressLine(line: string): AddressParts {
  const trimmed = line.trim();
  const match = ONE_LINE.exec(trimmed);
  if (!match) return { addressStreet: trimmed, addressCity: '', addressState: '', addressZip: '' };
  return {
    addressStreet: match[1]!.trim(),
    addressCity: match[2]!.trim(),
    addressState: match[3]!.toUpperCase(),
    addressZip: match[4] ?? '',
  };
}
