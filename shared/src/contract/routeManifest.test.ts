import { describe, expect, it } from 'vitest';
import Value from 'typebox/value';
import { RouteMetaSchema, WidgetMetaSchema } from '../schemas/mfRemotes';
import { MAX_WIDGET_PHONE_HEIGHT, WIDGET_SLOTS } from './routeManifest';

describe('route manifest schemas', () => {
  it('the widget slot schema accepts exactly WIDGET_SLOTS', () => {
    const slotSchema = WidgetMetaSchema.properties.slot;
    expect(slotSchema.anyOf.map((literal: { const: string }) => literal.const).sort()).toEqual([...WIDGET_SLOTS].sort());
  });

  it('refuses a route without a title, a path with a leading slash and an unknown slot', () => {
    expect(Value.Check(RouteMetaSchema, { path: 'standings', title: '积分榜', navIndex: 1 })).toBe(true);
    expect(Value.Check(RouteMetaSchema, { path: 'trophy/home', title: '世界杯', navIndex: null })).toBe(true);
    expect(Value.Check(RouteMetaSchema, { path: 'standings', title: '', navIndex: 1 })).toBe(false);
    expect(Value.Check(RouteMetaSchema, { path: '/standings', title: '积分榜', navIndex: 1 })).toBe(false);
    expect(Value.Check(RouteMetaSchema, { path: 'standings', title: '积分榜', navIndex: 10 })).toBe(false);
    expect(Value.Check(WidgetMetaSchema, { id: 'hotMatches', slot: 'sidebar', order: 1 })).toBe(false);
  });

  it("a widget's room on a phone is optional, a whole number of px up to MAX_WIDGET_PHONE_HEIGHT", () => {
    expect(Value.Check(WidgetMetaSchema, { id: 'hotMatches', slot: 'home', order: 1 })).toBe(true);
    expect(Value.Check(WidgetMetaSchema, { id: 'hotMatches', slot: 'home', order: 1, phoneHeight: 790 })).toBe(true);
    expect(Value.Check(WidgetMetaSchema, { id: 'hotMatches', slot: 'home', order: 1, phoneHeight: MAX_WIDGET_PHONE_HEIGHT + 1 })).toBe(false);
    expect(Value.Check(WidgetMetaSchema, { id: 'hotMatches', slot: 'home', order: 1, phoneHeight: 12.5 })).toBe(false);
    expect(Value.Check(WidgetMetaSchema, { id: 'hotMatches', slot: 'home', order: 1, phoneHeight: -1 })).toBe(false);
    expect(Value.Check(WidgetMetaSchema, { id: 'hotMatches', slot: 'home', order: 1, phoneHeight: '790px' })).toBe(false);
  });
});
