import { CHARGE_RULE_COINS_MAX, CHARGE_RULE_PRICE_FEN_MAX, CHARGE_RULE_SORT_MAX, type OpsChargeRule, type SaveChargeRuleRequest } from '@sports/shared';
import { chargeRulesCopy as text } from './chargeRulesCopy';

/** The package form's fields as typed: the price in yuan (ops think in yuan; the server takes integer fen). */
export interface ChargeRuleFormValues {
  priceYuan: string;
  coins: string;
  bonusCoins: string;
  sort: string;
  enabled: boolean;
}

export type ChargeRuleFormErrors = Partial<Record<'priceYuan' | 'coins' | 'bonusCoins' | 'sort', string>>;

export const EMPTY_CHARGE_RULE_FORM: ChargeRuleFormValues = { priceYuan: '', coins: '', bonusCoins: '0', sort: '0', enabled: true };

/** Integer fen as yuan with two decimals: 3000 → "30.00". */
export function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "30", "30.5", "30.05" → integer fen, without floats; null when not a price (or out of range). */
export function yuanTextToFen(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (match === null) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen >= 1 && fen <= CHARGE_RULE_PRICE_FEN_MAX ? fen : null;
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

export function formOf(rule: OpsChargeRule): ChargeRuleFormValues {
  return { priceYuan: fenToYuanText(rule.price_fen), coins: String(rule.coins), bonusCoins: String(rule.bonus_coins), sort: String(rule.sort), enabled: rule.enabled };
}

/** The same bounds as SaveChargeRuleRequestSchema (@sports/shared), so ops see the reason before sending. */
export function validateChargeRuleForm(values: ChargeRuleFormValues): ChargeRuleFormErrors {
  const errors: ChargeRuleFormErrors = {};
  if (yuanTextToFen(values.priceYuan) === null) errors.priceYuan = text.priceInvalid;
  if (wholeNumber(values.coins, 1, CHARGE_RULE_COINS_MAX) === null) errors.coins = text.coinsInvalid;
  if (wholeNumber(values.bonusCoins, 0, CHARGE_RULE_COINS_MAX) === null) errors.bonusCoins = text.bonusInvalid;
  if (wholeNumber(values.sort, 0, CHARGE_RULE_SORT_MAX) === null) errors.sort = text.sortInvalid;
  return errors;
}

/** A validated form as the request (call validateChargeRuleForm first). */
export function toSaveRequest(values: ChargeRuleFormValues, id: number | null): SaveChargeRuleRequest {
  return {
    ...(id === null ? {} : { id }),
    price_fen: yuanTextToFen(values.priceYuan) as number,
    coins: Number(values.coins.trim()),
    bonus_coins: Number(values.bonusCoins.trim()),
    enabled: values.enabled,
    sort: Number(values.sort.trim()),
  };
}

/** The same package with only `enabled` changed (the row's 上架 / 停用 button). */
export function toggledRequest(rule: OpsChargeRule): SaveChargeRuleRequest {
  return { id: rule.id, price_fen: rule.price_fen, coins: rule.coins, bonus_coins: rule.bonus_coins, enabled: !rule.enabled, sort: rule.sort };
}
