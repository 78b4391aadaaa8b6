/**
 * A valid Chinese resident ID number (GB 11643-1999) that no other run has used: the server allows
 * one account per ID number, so each journey makes its own. Region 110101 (Beijing Dongcheng), a
 * birth date in the 1980s-1990s and a random sequence, then the ISO 7064 MOD 11-2 check character.
 */
export function uniqueIdNumber(): string {
  const year = 1980 + Math.floor(Math.random() * 20);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const sequence = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const body = `110101${year}${month}${day}${sequence}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return body + '10X98765432'[sum % 11];
}
