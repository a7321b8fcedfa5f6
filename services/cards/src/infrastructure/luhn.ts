/** The Luhn (mod 10) check digit of a digit string, as card numbers end with. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    // Doubling starts at the rightmost digit of the payload (the check digit goes after it).
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Whether a full number (check digit last) passes the Luhn check. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{2,19}$/.test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}
