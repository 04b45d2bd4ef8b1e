import { describe, expect, it } from 'vitest';
import {
  THEMES,
  chooseLayout,
  normalizeHost,
  parseVariantHosts,
  type LayoutInput,
} from '../../../src/domain/layout.ts';

const variantHosts = ['games.example.org', 'play.example.net'];
const input = (over: Partial<LayoutInput>): LayoutInput => ({
  hostname: 'games.example.org',
  variantHosts,
  flag: 'test',
  ...over,
});

describe('chooseLayout', () => {
  it.each([
    // hostname, flag, layout, theme
    ['games.example.org', 'test', 'variant', 'dark-green'],
    ['play.example.net', 'test', 'variant', 'dark-green'],
    ['GAMES.Example.ORG', 'test', 'variant', 'dark-green'],
    ['games.example.org:8443', 'test', 'variant', 'dark-green'],
    ['games.example.org.', 'test', 'variant', 'dark-green'],
    ['games.example.org', 'control', 'default', 'light'],
    ['games.example.org', 'TEST', 'default', 'light'],
    ['games.example.org', '', 'default', 'light'],
    ['games.example.org', null, 'default', 'light'],
    ['games.example.org', undefined, 'default', 'light'],
    ['localhost', 'test', 'default', 'light'],
    ['example.org', 'test', 'default', 'light'],
    ['evil-games.example.org', 'test', 'default', 'light'],
    ['games.example.org.evil.com', 'test', 'default', 'light'],
    ['', 'test', 'default', 'light'],
  ] as const)('host %j, flag %j -> %s layout, %s theme', (hostname, flag, layout, theme) => {
    expect(chooseLayout(input({ hostname, flag }))).toEqual({ layout, theme });
  });

  it('no variant hosts configured means the default layout everywhere', () => {
    expect(chooseLayout(input({ variantHosts: [] }))).toEqual({ layout: 'default', theme: 'light' });
  });

  it('an empty entry in the host list does not match an empty hostname', () => {
    expect(chooseLayout(input({ hostname: '', variantHosts: [''] }))).toEqual({ layout: 'default', theme: 'light' });
  });

  it('unnormalised host list entries still match', () => {
    expect(chooseLayout(input({ variantHosts: [' Games.Example.org:443 '] }))).toEqual({
      layout: 'variant',
      theme: 'dark-green',
    });
  });

  it.each([
    // hostname, flag, forced, layout, theme
    ['localhost', null, { layout: 'variant' }, 'variant', 'light'],
    ['localhost', 'test', { layout: 'variant' }, 'variant', 'dark-green'],
    ['localhost', null, { layout: 'variant', flag: 'test' }, 'variant', 'dark-green'],
    ['localhost', 'test', { layout: 'variant', flag: 'control' }, 'variant', 'light'],
    ['localhost', 'test', { flag: 'test' }, 'default', 'light'],
    ['games.example.org', 'control', { flag: 'test' }, 'variant', 'dark-green'],
    ['games.example.org', 'test', { flag: 'control' }, 'default', 'light'],
    ['games.example.org', 'test', { layout: 'default' }, 'default', 'dark-green'],
    ['games.example.org', 'test', {}, 'variant', 'dark-green'],
    ['games.example.org', 'test', undefined, 'variant', 'dark-green'],
  ] as const)('host %j, flag %j, forced %j -> %s, %s', (hostname, flag, forced, layout, theme) => {
    expect(chooseLayout(input({ hostname, flag, forced }))).toEqual({ layout, theme });
  });
});

describe('parseVariantHosts', () => {
  it.each([
    ['games.example.org,play.example.net', ['games.example.org', 'play.example.net']],
    [' Games.Example.org , PLAY.example.net ', ['games.example.org', 'play.example.net']],
    ['games.example.org,,  ,', ['games.example.org']],
    ['games.example.org:8080', ['games.example.org']],
    ['', []],
    ['   ', []],
    [undefined, []],
    [null, []],
  ])('%j -> %j', (csv, hosts) => {
    expect(parseVariantHosts(csv)).toEqual(hosts);
  });
});

describe('normalizeHost', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['example.com:5173', 'example.com'],
    ['example.com.', 'example.com'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:5173', '[::1]'],
    ['[::1]', '[::1]'],
    ['', ''],
  ])('%j -> %j', (host, normal) => {
    expect(normalizeHost(host)).toBe(normal);
  });
});

describe('THEMES', () => {
  it('light is the spec default palette', () => {
    expect(THEMES.light).toEqual({
      primary: '#1e3a8a',
      secondary: '#f1f5f9',
      accent: '#2761a3',
      menu: '#1e293b',
      padding: '5.6em 0 0 0',
    });
  });

  it('dark-green has the spec background and padding', () => {
    expect(THEMES['dark-green'].background).toBe('#1d2c13');
    expect(THEMES['dark-green'].padding).toBe('2rem 2rem 0 2rem');
  });

  it.each(['primary', 'secondary', 'accent', 'menu'] as const)('dark-green %s is a dark green', (key) => {
    const hex = THEMES['dark-green'][key];
    expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
    expect(g).toBeLessThan(0x80);
  });
});
