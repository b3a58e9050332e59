// Card-number checks: the dashboard's sandbox checkout and the widget's test card form make them before sending, the
// sandbox billing provider when charging.

/** The Luhn checksum every card number carries (`digits`: the number's digits only). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
