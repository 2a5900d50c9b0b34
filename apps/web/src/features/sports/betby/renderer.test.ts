import { describe, expect, it } from 'vitest';
import { routePath } from './renderer';

describe('routePath', () => {
  it("maps the widget's route changes to a path under /sportsbook", () => {
    expect(routePath('/')).toBe('/');
    expect(routePath('/football/brazil')).toBe('/football/brazil');
    expect(routePath({ path: '/sportsbook/live' })).toBe('/live');
    expect(routePath({ url: 'https://x.example/en/sportsbook/tennis?x=1' })).toBe('/tennis?x=1');
    expect(routePath(null)).toBeNull();
    expect(routePath('javascript:alert(1)')).toBeNull();
    expect(routePath('/a b<script>')).toBeNull();
  });
});
